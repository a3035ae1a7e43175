import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../../../features/orders/components/confirmation-page.tsx'
import { withHead } from '../../../lib/head.ts'
import { loaderHead } from '../../../lib/loader-head.ts'

/** After submit: `/orders/confirmation/{id}` (docs/orders.md). */
export const Route = createFileRoute('/orders/confirmation/$')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Thank you for your order' })
  },
  head: loaderHead,
  component: function ConfirmationRoute() {
    const { _splat: id = '' } = Route.useParams()
    return <ConfirmationPage key={id} id={id} />
  },
})
