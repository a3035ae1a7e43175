import { createFileRoute } from '@tanstack/react-router'
import type { CoachesPageData } from '../../../contract/page-data/coaches.ts'
import { CoachList } from '../../features/coaches/components/coach-list.tsx'
import { pageHead } from '../../lib/head.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export const Route = createFileRoute('/coaches/')({
  loader: () => fetchPageData<CoachesPageData>('/coaches'),
  head: () =>
    pageHead({
      title: 'Coaches',
      summary: 'Find a coach near you to learn wingsuit, tracking and BASE flight.',
    }),
  component: function CoachesRoute() {
    return <CoachList coaches={Route.useLoaderData().coaches} />
  },
})
