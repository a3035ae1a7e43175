import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/suits')({
  loader: () => loadMarketingPage('/suits'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function SuitsRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
