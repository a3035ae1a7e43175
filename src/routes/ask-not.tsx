import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/ask-not')({
  loader: () => loadMarketingPage('/ask-not'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function AskNotRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
