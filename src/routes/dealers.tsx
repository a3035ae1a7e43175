import { createFileRoute } from '@tanstack/react-router'
import type { DealersPageData } from '../../contract/page-data/dealers.ts'
import { DealersPage } from '../features/dealers/components/dealers-page.tsx'
import { parseDealerSearch } from '../features/dealers/search.ts'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'
import { fetchPageData } from '../lib/page-data.ts'

export const Route = createFileRoute('/dealers')({
  validateSearch: parseDealerSearch,
  loader: async () =>
    withHead(await fetchPageData<DealersPageData>('/dealers'), {
      title: 'Dealers',
      summary:
        'Buy Glidecraft gear through a dealer near you: every dealer by country, searchable.',
    }),
  // The data is fixed per build: filtering changes only the search params.
  shouldReload: false,
  head: loaderHead,
  component: function DealersRoute() {
    return <DealersPage data={Route.useLoaderData()} search={Route.useSearch()} />
  },
})
