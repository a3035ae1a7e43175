import { createFileRoute } from '@tanstack/react-router'
import { loadManualsIndex } from '../../features/manuals/api.ts'
import { ManualsIndex } from '../../features/manuals/components/manuals-index.tsx'
import { pageHead } from '../../lib/head.ts'

export const Route = createFileRoute('/manuals/')({
  loader: () => loadManualsIndex(),
  head: () =>
    pageHead({
      title: 'All manuals',
      summary: 'Owner manuals for every Glidecraft product: fitting, checks, flight and care.',
    }),
  component: function ManualsIndexRoute() {
    return <ManualsIndex {...Route.useLoaderData()} />
  },
})
