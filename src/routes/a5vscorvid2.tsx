import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/a5vscorvid2')({
  loader: () => loadMarketingPage('/a5vscorvid2'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function A5vscorvid2Route() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
