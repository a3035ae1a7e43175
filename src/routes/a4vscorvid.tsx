import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/a4vscorvid')({
  loader: () => loadMarketingPage('/a4vscorvid'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function A4vscorvidRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
