import { createFileRoute } from '@tanstack/react-router'
import type { CoachProfileData } from '../../../contract/page-data/coaches.ts'
import { CoachProfile } from '../../features/coaches/components/coach-profile.tsx'
import { coachHead } from '../../features/coaches/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export const Route = createFileRoute('/coaches/$slug')({
  loader: async ({ params }) => {
    const coach = await fetchPageData<CoachProfileData>(`/coaches/${params.slug}`)
    return { ...coach, head: coachHead(coach) }
  },
  head: loaderHead,
  component: function CoachRoute() {
    return <CoachProfile coach={Route.useLoaderData()} />
  },
})
