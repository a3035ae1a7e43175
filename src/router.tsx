import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { PageLoading, ServerErrorPage } from './components/error-pages.tsx'
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
    // SPEC §9: the delayed-navigation indicator appears after 1 second.
    defaultPendingMs: 1000,
    defaultPendingComponent: PageLoading,
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('./components/not-found-page.tsx'),
      'NotFoundPage',
    ),
    // The error page is not loaded lazily: it must show even when loading a chunk failed.
    defaultErrorComponent: ({ reset }) => <ServerErrorPage reset={reset} />,
    // In the browser only: prerendered HTML must not carry the router's inline script.
    scrollRestoration: typeof document !== 'undefined',
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
