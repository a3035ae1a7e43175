import { createFileRoute } from '@tanstack/react-router'
import { loadNewsIndex } from '../../features/news/api.ts'
import { NewsIndex } from '../../features/news/components/news-index.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/news/')({
  loader: async () =>
    withHead(await loadNewsIndex(), {
      title: 'News',
      summary: 'Competition results, product launches, videos and stories from the workshop.',
    }),
  head: loaderHead,
  component: function NewsIndexRoute() {
    return <NewsIndex {...Route.useLoaderData()} />
  },
})
