import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage, marketingPageHead } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'

export const Route = createFileRoute('/setloops')({
  loader: () => loadMarketingPage('/setloops'),
  head: ({ loaderData }) => marketingPageHead(loaderData),
  component: function SetloopsRoute() {
    return <MarketingPage page={Route.useLoaderData()} />
  },
})
