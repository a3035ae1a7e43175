import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { learnSearchQuery } from '../../features/learn/api.ts'
import { LearnSearch } from '../../features/learn/components/learn-search.tsx'
import { searchQuery } from '../../features/learn/model.ts'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/** `/learnSearch/{query}`; `/learnSearch` alone lists every guide. */
export const Route = createFileRoute('/learnSearch/$')({
  loader: async ({ context }) =>
    withHead(await (await context.loadQueryClient()).ensureQueryData(learnSearchQuery()), {
      title: 'Search the guides',
      summary: 'Search every Glidecraft guide to flying, packing and gear, online or off.',
    }),
  head: loaderHead,
  component: function LearnSearchRoute() {
    const navigate = Route.useNavigate()
    const { _splat } = Route.useParams()
    const onQueryChange = useCallback(
      (query: string) =>
        void navigate({
          to: '/learnSearch/$',
          params: { _splat: query },
          replace: true,
          resetScroll: false,
        }),
      [navigate],
    )
    return (
      <LearnSearch
        data={Route.useLoaderData()}
        query={searchQuery(_splat)}
        onQueryChange={onQueryChange}
      />
    )
  },
})
