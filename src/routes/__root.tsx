import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { SiteLayout } from '../components/site-layout.tsx'
import { useCartBadge } from '../lib/cart-badge.ts'
import { useStartedQueryClient } from '../lib/data-layer.ts'
import { recaptchaPageNeedsFullLoad } from '../lib/recaptcha-page-load.ts'

/** Loaded only when a merged cart has something to tell. */
const CartMergeOverlay = lazy(() => import('../features/cart/components/merge-overlay.tsx'))
/** Loaded only while changes the server refused wait to be read. */
const CartRefusalBanner = lazy(() => import('../features/cart/components/refusal-banner.tsx'))
/** The app bar's search of products and guides, loaded on its first press. */
const loadSearchSheet = () => import('./-components/site-search.tsx')
const searchSheet = { Sheet: lazy(loadSearchSheet), load: loadSearchSheet }

export interface RouterContext {
  /** Resolves once the query client has started (see lib/data-layer.ts). */
  loadQueryClient: () => Promise<QueryClient>
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, preload }) => {
    // A reCAPTCHA form page reached by a link inside the app: load it afresh for its policy.
    if (!preload && recaptchaPageNeedsFullLoad(location.pathname))
      throw redirect({ href: location.href, reloadDocument: true })
  },
  head: () => ({
    meta: [{ title: 'Glidecraft — wingsuits, canopies and gear' }],
  }),
  component: RootLayout,
})

// What changes after the first view (the query client arriving, the cart's badge) is read by
// small components of its own, so a change re-renders them, not the whole page under the root.
function RootLayout() {
  return (
    <StartedQueryClientProvider>
      <SiteLayout searchSheet={searchSheet}>
        <CartRefusal />
        <Outlet />
      </SiteLayout>
      <CartMerge />
    </StartedQueryClientProvider>
  )
}

function StartedQueryClientProvider({ children }: { children: ReactNode }) {
  // The provider stays in place from the first render; its value arrives with the data layer,
  // before any route that reads queries renders (their loaders, or the route itself, await it).
  const queryClient = useStartedQueryClient()
  return <QueryClientContext.Provider value={queryClient}>{children}</QueryClientContext.Provider>
}

function CartRefusal() {
  const refused = !!useCartBadge()?.refused
  return (
    refused && (
      <Suspense>
        <CartRefusalBanner />
      </Suspense>
    )
  )
}

function CartMerge() {
  const cart = useCartBadge()
  // Once shown, the overlay stays mounted until closed (telling the server clears the flag).
  const [merged, setMerged] = useState(false)
  if (cart?.merged && !merged) setMerged(true)
  return (
    merged && (
      <Suspense>
        <CartMergeOverlay />
      </Suspense>
    )
  )
}
