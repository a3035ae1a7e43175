import { createFileRoute } from '@tanstack/react-router'
import type { GalleryPageData } from '../../contract/page-data/gallery.ts'
import { GalleryPage } from '../features/gallery/components/gallery-page.tsx'
import { parseGallerySearch } from '../features/gallery/search.ts'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'
import { fetchPageData } from '../lib/page-data.ts'

export const Route = createFileRoute('/gallery')({
  validateSearch: parseGallerySearch,
  loader: async () =>
    withHead(await fetchPageData<GalleryPageData>('/gallery'), {
      title: 'Gallery',
      summary: 'Photos and videos from pilots flying our gear.',
    }),
  // The data is fixed per build: opening and stepping through items needs no reload.
  shouldReload: false,
  head: loaderHead,
  component: function GalleryRoute() {
    return <GalleryPage albums={Route.useLoaderData().albums} search={Route.useSearch()} />
  },
})
