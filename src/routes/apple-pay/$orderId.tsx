import { createFileRoute } from '@tanstack/react-router'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { ApplePayPage } from './-components/apple-pay-page.tsx'

/** An order's balance paid with Apple Pay, where the browser and the shop can: `/apple-pay/{id}`. */
export const Route = createFileRoute('/apple-pay/$orderId')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      { title: 'Apple Pay', summary: 'Pay the balance of your order with Apple Pay.' },
    )
  },
  head: loaderHead,
  component: function ApplePayRoute() {
    const { orderId } = Route.useParams()
    return <ApplePayPage key={orderId} orderId={orderId} />
  },
})
