import { createFileRoute } from '@tanstack/react-router'
import type { DealersPageData } from '../../contract/page-data/dealers.ts'
import { DealersPage } from '../features/dealers/components/dealers-page.tsx'
import { parseDealerSearch } from '../features/dealers/model.ts'
import { pageHead } from '../lib/head.ts'
import { fetchPageData } from '../lib/page-data.ts'

export const Route = createFileRoute('/dealers')({
  validateSearch: parseDealerSearch,
  loader: () => fetchPageData<DealersPageData>('/dealers'),
  // The data is fixed per build: filtering changes only the search params.
  shouldReload: false,
  head: () =>
    pageHead({
      title: 'Dealers',
      summary:
        'Buy Glidecraft gear through a dealer near you: every dealer by country, searchable.',
    }),
  component: function DealersRoute() {
    return <DealersPage data={Route.useLoaderData()} search={Route.useSearch()} />
  },
})
