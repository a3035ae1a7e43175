import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/nerds')({
  loader: () => loadMarketingPage('/nerds'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function NerdsRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
