import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../components/planned-page.tsx'
import { plannedPages } from '../../../features/content/planned-pages.ts'
import { pageHead } from '../../../lib/head.ts'

export const Route = createFileRoute('/orders/confirmation/$')({
  loader: () => plannedPages['/orders/confirmation/$'],
  head: ({ loaderData }) => pageHead(loaderData),
  component: function Planned() {
    return <PlannedPage {...Route.useLoaderData()} />
  },
})
