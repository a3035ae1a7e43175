import { createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { PageLoading, ServerErrorPage } from './components/error-pages.tsx'
import type { RouterContext } from './routes/__root.tsx'
import { routeTree } from './routeTree.gen.ts'

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
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
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
