import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '../../features/orders/components/order-page.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/** An order's state, history, items and balance: `/orders/{id}`, also offline once read. */
export const Route = createFileRoute('/orders/$orderId')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Your order' })
  },
  head: loaderHead,
  component: function OrderRoute() {
    const { orderId } = Route.useParams()
    return <OrderPage key={orderId} id={orderId} />
  },
})
