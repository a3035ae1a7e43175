import { createFileRoute } from '@tanstack/react-router'
import { loadNewsIndex } from '../../features/news/api.ts'
import { NewsIndex } from '../../features/news/components/news-index.tsx'
import { pageHead } from '../../lib/head.ts'

/** `/news/2`, `/news/3`, …: the older pages of the news index. */
export const Route = createFileRoute('/news/$')({
  loader: ({ params }) => loadNewsIndex(params._splat ?? ''),
  head: ({ loaderData }) =>
    pageHead(
      loaderData && {
        title: `News, page ${loaderData.page} of ${loaderData.pageCount}`,
        summary: 'Competition results, product launches, videos and stories from the workshop.',
      },
    ),
  component: function NewsPageRoute() {
    return <NewsIndex {...Route.useLoaderData()} />
  },
})
