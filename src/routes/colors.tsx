import { createFileRoute } from '@tanstack/react-router'
import type { ColorsPageData } from '../../contract/page-data/colors.ts'
import { ColorChart } from '../features/colors/components/color-chart.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'
import { fetchPageData } from '../lib/page-data.ts'

export const Route = createFileRoute('/colors')({
  loader: async () =>
    withHead(await fetchPageData<ColorsPageData>('/colors'), {
      title: 'Colour comparison chart',
      summary: 'Every fabric colour we sew with, by type, with names, ids and a side-by-side view.',
    }),
  head: loaderHead,
  component: function ColorsRoute() {
    return <ColorChart {...Route.useLoaderData()} />
  },
})
