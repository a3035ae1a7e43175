import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/suits')({
  loader: () => loadMarketingPage('/suits'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function SuitsRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
