import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { OfflinePage, PageLoading, ServerErrorPage } from './components/error-pages.tsx'
import { restoreScrollAfterFirstView } from './lib/first-view-scroll.ts'
import { isNetworkFailure } from './lib/offline-error.ts'
import type { RouterContext } from './routes/__root.tsx'
import { routeTree } from './routeTree.gen.ts'

/** The app's router; the prerender passes a memory history, the browser uses its own. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history && { history }),
    // Loaders read through the query cache, which owns freshness.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // docs/architecture.md: the delayed-navigation indicator appears after 1 second.
    defaultPendingMs: 1000,
    defaultPendingComponent: PageLoading,
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('./components/not-found-page.tsx'),
      'NotFoundPage',
    ),
    // The error pages are not loaded lazily: they must show even when loading a chunk failed.
    // A page the network could not bring is not a server error: it is not on this device yet.
    defaultErrorComponent: ({ error, reset }) =>
      isNetworkFailure(error, typeof navigator === 'undefined' || navigator.onLine) ? (
        <OfflinePage />
      ) : (
        <ServerErrorPage reset={reset} />
      ),
    // In the browser only: prerendered HTML must not carry the router's inline script. The first
    // render leaves a page the customer has already scrolled where it is (lib/first-view-scroll).
    scrollRestoration: typeof document !== 'undefined' && restoreScrollAfterFirstView(window),
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
