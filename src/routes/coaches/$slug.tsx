import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import type { CoachProfileData } from '../../../contract/page-data/coaches.ts'
import { CoachProfile } from '../../features/coaches/components/coach-profile.tsx'
import { coachHead } from '../../features/coaches/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { fetchPageData } from '../../lib/page-data.ts'

// The form (and IndexedDB's code) loads after the profile: it is not part of the first view.
const CoachContactForm = lazy(() => import('../../features/forms/components/contact-forms.tsx'))

export const Route = createFileRoute('/coaches/$slug')({
  loader: async ({ params }) => {
    const coach = await fetchPageData<CoachProfileData>(`/coaches/${params.slug}`)
    return { ...coach, head: coachHead(coach) }
  },
  head: loaderHead,
  component: function CoachRoute() {
    const coach = Route.useLoaderData()
    // After hydration only: the prerender cannot wait for the lazy form's chunk.
    const hydrated = useHydrated()
    const loading = <p className="panel">Loading the form to write to {coach.name}…</p>
    return (
      <CoachProfile
        coach={coach}
        contactForm={
          hydrated ? (
            <Suspense fallback={loading}>
              <CoachContactForm slug={coach.slug} name={coach.name} />
            </Suspense>
          ) : (
            loading
          )
        }
      />
    )
  },
})
