import { createFileRoute } from '@tanstack/react-router'
import { loadManual } from '../../features/manuals/api.ts'
import { ManualPage } from '../../features/manuals/components/manual-page.tsx'
import { pageHead } from '../../lib/head.ts'

export const Route = createFileRoute('/manuals/$slug')({
  loader: ({ params }) => loadManual(params.slug),
  head: ({ loaderData }) => pageHead(loaderData),
  component: function ManualRoute() {
    return <ManualPage manual={Route.useLoaderData()} />
  },
})
