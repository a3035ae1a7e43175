import { createFileRoute } from '@tanstack/react-router'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { BackOfficeRoute, screenTitle } from './-components/back-office-route.tsx'

/**
 * `/admin` and everything under it: the back office (docs/back-office.md), one route whose screen
 * is picked from the rest of the path (`-components/back-office-route.tsx`). One route, not one per
 * screen: every route's definition loads with the app on every first visit, and the store's home
 * has 100 KiB of JavaScript for all of it. Not prerendered, not in the sitemap or the customer's
 * precache, marked noindex.
 */
export const Route = createFileRoute('/admin/$')({
  loader: async ({ context, params }) => {
    await context.loadQueryClient()
    return withHead({}, { title: screenTitle(params._splat ?? ''), noindex: true })
  },
  head: loaderHead,
  component: function AdminRoute() {
    const { _splat: path = '' } = Route.useParams()
    const search = Route.useSearch() as Record<string, unknown>
    const navigate = Route.useNavigate()
    return (
      <BackOfficeRoute
        path={path}
        search={search}
        onSearch={(next, options) => void navigate({ search: next, ...options })}
        onPath={(to, options) =>
          void navigate({ to: '/admin/$', params: { _splat: to }, ...options })
        }
      />
    )
  },
})
