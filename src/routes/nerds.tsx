import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/nerds')({
  loader: () => loadMarketingPage('/nerds'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function NerdsRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
