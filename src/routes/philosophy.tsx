import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/philosophy')({
  loader: () => loadMarketingPage('/philosophy'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function PhilosophyRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
