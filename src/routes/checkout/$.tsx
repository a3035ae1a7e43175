import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { CheckoutLoading } from '../../features/checkout/components/checkout-page.tsx'
import { loadQueryClient } from '../../lib/data-layer.ts'
import { loadDatabaseCode } from '../../lib/db-code.ts'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { inTasks } from '../../lib/next-task.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * `/checkout`: the checkout's steps (features/checkout), composed in `-components/live-checkout.tsx`
 * with what the feature may not import itself. The page paints and hydrates the checkout's frame
 * ("Loading your checkout…", the prerendered shell) with nothing else; the checkout itself loads
 * once the page is up, so the first view's work comes in small pieces: the query layer, then
 * IndexedDB's code, then the steps, each in tasks of its own (lib/next-task.ts). Neither the
 * loader nor the hydration waits for any of it. `/checkout/{code}` is an order's payment link
 * (docs/checkout.md: "checkout/*"): its balance paid without signing in.
 */
const loadLiveCheckout = () =>
  inTasks(
    () => loadQueryClient(),
    () => loadDatabaseCode(),
    () => import('./-components/live-checkout.tsx'),
  )
const LiveCheckout = lazy(loadLiveCheckout)
const PayByLink = lazy(() =>
  import('./-components/payment-step-slot.tsx').then((module) => ({ default: module.PayByLink })),
)

export const Route = createFileRoute('/checkout/$')({
  loader: async ({ context, preload, params }) => {
    // A link the customer is about to follow (intent): the checkout itself comes along.
    if (preload && !params._splat) void loadLiveCheckout().catch(() => undefined)
    // The payment link's page reads its order through the query layer as it renders.
    if (params._splat) await context.loadQueryClient()
    return withHead(
      {},
      {
        title: 'Checkout',
        summary:
          'Address, shipping, waiver and submit, step by step; a made-to-order order even offline.',
      },
    )
  },
  head: loaderHead,
  component: function CheckoutRoute() {
    const { _splat } = Route.useParams()
    const hydrated = useHydrated()
    if (_splat) {
      return (
        <Suspense
          fallback={
            <article className="page checkout-page">
              <h1>Pay for your order</h1>
              <p role="status">Loading the order…</p>
            </article>
          }
        >
          <PayByLink code={_splat} />
        </Suspense>
      )
    }
    if (!hydrated) return <CheckoutLoading />
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <LiveCheckout />
      </Suspense>
    )
  },
})
