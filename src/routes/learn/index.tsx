import { createFileRoute, useRouter } from '@tanstack/react-router'
import { loadLearnIndex } from '../../features/learn/api.ts'
import { LearnIndex } from '../../features/learn/components/learn-index.tsx'
import { LearnSearchForm } from '../../features/learn/components/learn-search-form.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/learn/')({
  loader: async () =>
    withHead(await loadLearnIndex(), {
      title: 'Learn',
      summary: 'Guides from our instructors to flying, packing, choosing gear and staying safe.',
    }),
  head: loaderHead,
  component: function LearnIndexRoute() {
    const router = useRouter()
    const navigate = Route.useNavigate()
    return (
      <LearnIndex
        data={Route.useLoaderData()}
        search={
          <LearnSearchForm
            onSearch={(query) => navigate({ to: '/learnSearch/$', params: { _splat: query } })}
            // Loading the search page's code and data now also keeps them for offline use.
            onIntent={() => {
              router.preloadRoute({ to: '/learnSearch/$', params: { _splat: '' } }).catch(() => {})
            }}
          />
        }
      />
    )
  },
})
