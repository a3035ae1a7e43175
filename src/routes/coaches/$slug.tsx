import { createFileRoute } from '@tanstack/react-router'
import type { CoachProfileData } from '../../../contract/page-data/coaches.ts'
import { CoachProfile } from '../../features/coaches/components/coach-profile.tsx'
import { coachHead } from '../../features/coaches/head.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export const Route = createFileRoute('/coaches/$slug')({
  loader: ({ params }) => fetchPageData<CoachProfileData>(`/coaches/${params.slug}`),
  head: ({ loaderData }) => coachHead(loaderData),
  component: function CoachRoute() {
    return <CoachProfile coach={Route.useLoaderData()} />
  },
})
