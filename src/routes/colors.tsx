import { createFileRoute } from '@tanstack/react-router'
import type { ColorsPageData } from '../../contract/page-data/colors.ts'
import { ColorChart } from '../features/colors/components/color-chart.tsx'
import { pageHead } from '../lib/head.ts'
import { fetchPageData } from '../lib/page-data.ts'

export const Route = createFileRoute('/colors')({
  loader: () => fetchPageData<ColorsPageData>('/colors'),
  head: () =>
    pageHead({
      title: 'Colour comparison chart',
      summary: 'Every fabric colour we sew with, by type, with names, ids and a side-by-side view.',
    }),
  component: function ColorsRoute() {
    return <ColorChart {...Route.useLoaderData()} />
  },
})
