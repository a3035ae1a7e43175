import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../components/planned-page.tsx'
import { loadSitePage } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'
import { loaderHead } from '../lib/loader-head.ts'

/**
 * The marketing pages and the screens still to come (contract/routes.ts catchAllRoutes) share
 * this one route: they need no code of their own, and a route file each would weigh on every
 * first visit. Any other path that reaches it is the 404 page.
 */
export const Route = createFileRoute('/$')({
  loader: ({ location }) => loadSitePage(location.pathname),
  head: loaderHead,
  component: function SitePageRoute() {
    const { kind, page } = Route.useLoaderData()
    return kind === 'marketing' ? <MarketingPage page={page} /> : <PlannedPage {...page} />
  },
})
