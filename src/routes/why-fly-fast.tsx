import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/why-fly-fast')({
  loader: () => loadMarketingPage('/why-fly-fast'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function WhyFlyFastRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
