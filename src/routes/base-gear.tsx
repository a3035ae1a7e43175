import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../features/pages/api.ts'
import { marketingPageHead } from '../features/pages/head.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/base-gear')({
  loader: () => loadMarketingPage('/base-gear'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function BaseGearRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
