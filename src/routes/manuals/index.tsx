import { createFileRoute } from '@tanstack/react-router'
import { loadManualsIndex } from '../../features/manuals/api.ts'
import { ManualsIndex } from '../../features/manuals/components/manuals-index.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/manuals/')({
  loader: async () =>
    withHead(await loadManualsIndex(), {
      title: 'All manuals',
      summary: 'Owner manuals for every Glidecraft product: fitting, checks, flight and care.',
    }),
  head: loaderHead,
  component: function ManualsIndexRoute() {
    return <ManualsIndex {...Route.useLoaderData()} />
  },
})
