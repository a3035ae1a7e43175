import { createFileRoute } from '@tanstack/react-router'
import { loadLandingPage } from '../../features/landing/api.ts'
import { LandingPage } from '../../features/landing/components/landing-page.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/landing/$slug')({
  loader: async ({ params }) => {
    const page = await loadLandingPage(params.slug)
    return withHead(page, { title: page.title, summary: page.description })
  },
  head: loaderHead,
  component: function LandingRoute() {
    return <LandingPage page={Route.useLoaderData()} />
  },
})
