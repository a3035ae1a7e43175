import { createFileRoute } from '@tanstack/react-router'
import { CartPage } from '../features/cart/components/cart-page.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

/** The cart: what the customer is about to order, also offline. */
export const Route = createFileRoute('/cart')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      {
        title: 'Your cart',
        summary: 'What you are about to order, kept even when you are offline.',
      },
    )
  },
  head: loaderHead,
  component: CartPage,
})
