import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/newsletter')({
  loader: () => loadMarketingPage('/newsletter'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function NewsletterRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
