import { createFileRoute } from '@tanstack/react-router'
import { AddToOrderPage } from '../../features/orders/components/add-to-order-page.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/** Adding items to a submitted order through its payment link: `/add-to-order/{code}`. */
export const Route = createFileRoute('/add-to-order/$paymentCode')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Add to your order' })
  },
  head: loaderHead,
  component: function AddToOrderRoute() {
    const { paymentCode } = Route.useParams()
    return <AddToOrderPage key={paymentCode} code={paymentCode} />
  },
})
