import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/classic-t-grey')({
  loader: () => loadMarketingPage('/classic-t-grey'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function ClassicTGreyRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
