import { createFileRoute } from '@tanstack/react-router'
import type { FriendsPageData } from '../../../../contract/page-data/people.ts'
import { FriendsPage } from '../../../features/people/components/friends-page.tsx'
import { withHead } from '../../../lib/head.ts'
import { loaderHead } from '../../../lib/loader-head.ts'
import { fetchPageData } from '../../../lib/page-data.ts'

// Any deeper path shows the same page: there are no individual friend pages yet.
export const Route = createFileRoute('/people/friends/$')({
  loader: async () =>
    withHead(await fetchPageData<FriendsPageData>('/people/friends'), {
      title: 'Friends of Glidecraft',
      summary: 'The coaches who fly our gear, teach with it and help us improve it.',
    }),
  head: loaderHead,
  component: function FriendsRoute() {
    return <FriendsPage {...Route.useLoaderData()} />
  },
})
