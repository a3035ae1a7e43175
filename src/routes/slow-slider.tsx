import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/slow-slider')({
  loader: () => loadMarketingPage('/slow-slider'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function SlowSliderRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
