import { createFileRoute } from '@tanstack/react-router'
import { loadManual } from '../../features/manuals/api.ts'
import { ManualPage } from '../../features/manuals/components/manual-page.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/manuals/$slug')({
  loader: async ({ params }) => {
    const manual = await loadManual(params.slug)
    return withHead(manual, manual)
  },
  head: loaderHead,
  component: function ManualRoute() {
    return <ManualPage manual={Route.useLoaderData()} />
  },
})
