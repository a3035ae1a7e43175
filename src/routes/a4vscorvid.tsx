import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/a4vscorvid')({
  loader: () => loadMarketingPage('/a4vscorvid'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function A4vscorvidRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
