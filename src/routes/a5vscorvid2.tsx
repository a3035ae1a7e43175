import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/a5vscorvid2')({
  loader: () => loadMarketingPage('/a5vscorvid2'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function A5vscorvid2Route() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
