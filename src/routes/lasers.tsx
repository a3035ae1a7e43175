import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/lasers')({
  loader: () => loadMarketingPage('/lasers'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function LasersRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
