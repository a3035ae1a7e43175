import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { DocumentHead } from '../components/document-head.tsx'
import { SiteLayout } from '../components/site-layout.tsx'
import { useStartedQueryClient } from '../lib/data-layer.ts'

export interface RouterContext {
  /** Resolves once the query client has started (see lib/data-layer.ts). */
  loadQueryClient: () => Promise<QueryClient>
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [{ title: 'Glidecraft — wingsuits, canopies and gear' }],
  }),
  component: RootLayout,
})

function RootLayout() {
  // The provider stays in place from the first render; its value arrives with the data layer,
  // before any route that reads queries renders (their loaders await it).
  const queryClient = useStartedQueryClient()
  return (
    <QueryClientContext.Provider value={queryClient}>
      <DocumentHead />
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </QueryClientContext.Provider>
  )
}
