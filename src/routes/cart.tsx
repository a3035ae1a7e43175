import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { CartFrame, CartLoading } from '../features/cart/components/cart-frame.tsx'
import {
  LineDesignContext,
  type LineDesignProps,
} from '../features/cart/components/line-design-slot.ts'
import { loadQueryClient } from '../lib/data-layer.ts'
import { loadDatabaseCode } from '../lib/db-code.ts'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'
import { inTasks } from '../lib/next-task.ts'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * The cart: what the customer is about to order, also offline. The page paints and hydrates the
 * cart's frame ("Loading your cart…", the prerendered shell) with nothing else; the cart itself
 * loads once the page is up, so the first view's work comes in small pieces: the query layer, then
 * IndexedDB's code, then the cart's, each in tasks of its own (lib/next-task.ts).
 */
const loadCartPage = () =>
  inTasks(
    () => loadQueryClient(),
    () => loadDatabaseCode(),
    () => import('../features/cart/components/cart-page.tsx'),
  ).then((module) => ({ default: module.CartPage }))
const CartPage = lazy(loadCartPage)
/** A configured line's own design (configurator and catalog), loaded when such a line shows. */
const CartLineDesign = lazy(() => import('./-components/cart-line-design.tsx'))
const lineDesign = (props: LineDesignProps) => <CartLineDesign {...props} />

const loading = (
  <CartFrame>
    <CartLoading />
  </CartFrame>
)

export const Route = createFileRoute('/cart')({
  loader: ({ preload }) => {
    // A link the customer is about to follow (intent): the cart itself comes along.
    if (preload) void loadCartPage().catch(() => undefined)
    return withHead(
      {},
      {
        title: 'Your cart',
        summary: 'What you are about to order, kept even when you are offline.',
      },
    )
  },
  head: loaderHead,
  component: function CartRoute() {
    const hydrated = useHydrated()
    if (!hydrated) return loading
    return (
      <Suspense fallback={loading}>
        <LineDesignContext.Provider value={lineDesign}>
          <CartPage />
        </LineDesignContext.Provider>
      </Suspense>
    )
  },
})
