import { createFileRoute } from '@tanstack/react-router'
import type { CoachesPageData } from '../../../contract/page-data/coaches.ts'
import { CoachList } from '../../features/coaches/components/coach-list.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export const Route = createFileRoute('/coaches/')({
  loader: async () =>
    withHead(await fetchPageData<CoachesPageData>('/coaches'), {
      title: 'Coaches',
      summary: 'Find a coach near you to learn wingsuit, tracking and BASE flight.',
    }),
  head: loaderHead,
  component: function CoachesRoute() {
    return <CoachList coaches={Route.useLoaderData().coaches} />
  },
})
