import { createFileRoute } from '@tanstack/react-router'
import { loadNewsIndex } from '../../features/news/api.ts'
import { NewsIndex } from '../../features/news/components/news-index.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/** `/news/2`, `/news/3`, …: the older pages of the news index. */
export const Route = createFileRoute('/news/$')({
  loader: async ({ params }) => {
    const index = await loadNewsIndex(params._splat ?? '')
    return withHead(index, {
      title: `News, page ${index.page} of ${index.pageCount}`,
      summary: 'Competition results, product launches, videos and stories from the workshop.',
    })
  },
  head: loaderHead,
  component: function NewsPageRoute() {
    return <NewsIndex {...Route.useLoaderData()} />
  },
})
