import { createFileRoute } from '@tanstack/react-router'
import { loadMarketingPage } from '../../features/pages/api.ts'
import { MarketingPage } from '../../features/pages/components/marketing-page.tsx'
import { loaderHead } from '../../lib/loader-head.ts'

// A marketing page with a route of its own, unlike the others (routes/$.tsx): the product
// pages link to it by its typed path.
export const Route = createFileRoute('/supercustom/')({
  loader: () => loadMarketingPage('/supercustom'),
  head: loaderHead,
  component: function SupercustomRoute() {
    return <MarketingPage page={Route.useLoaderData().page} />
  },
})
