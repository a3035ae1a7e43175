import { createFileRoute } from '@tanstack/react-router'
import { loadNewsIndex } from '../../features/news/api.ts'
import { NewsIndex } from '../../features/news/components/news-index.tsx'
import { pageHead } from '../../lib/head.ts'

export const Route = createFileRoute('/news/')({
  loader: () => loadNewsIndex(),
  head: () =>
    pageHead({
      title: 'News',
      summary: 'Competition results, product launches, videos and stories from the workshop.',
    }),
  component: function NewsIndexRoute() {
    return <NewsIndex {...Route.useLoaderData()} />
  },
})
