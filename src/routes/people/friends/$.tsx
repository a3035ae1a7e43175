import { createFileRoute } from '@tanstack/react-router'
import type { FriendsPageData } from '../../../../contract/page-data/people.ts'
import { FriendsPage } from '../../../features/people/components/friends-page.tsx'
import { pageHead } from '../../../lib/head.ts'
import { fetchPageData } from '../../../lib/page-data.ts'

// Any deeper path shows the same page: there are no individual friend pages yet.
export const Route = createFileRoute('/people/friends/$')({
  loader: () => fetchPageData<FriendsPageData>('/people/friends'),
  head: () =>
    pageHead({
      title: 'Friends of Glidecraft',
      summary: 'The coaches who fly our gear, teach with it and help us improve it.',
    }),
  component: function FriendsRoute() {
    return <FriendsPage {...Route.useLoaderData()} />
  },
})
