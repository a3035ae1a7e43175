import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/ask-not')({
  loader: () => loadMarketingPage('/ask-not'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function AskNotRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
