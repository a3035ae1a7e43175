import { createFileRoute } from '@tanstack/react-router'
import { loadNewsArticle } from '../../../features/news/api.ts'
import { NewsArticle } from '../../../features/news/components/news-article.tsx'
import { newsArticleJsonLd } from '../../../features/news/model.ts'
import { pageHead } from '../../../lib/head.ts'

export const Route = createFileRoute('/news/view/$slug')({
  loader: ({ params }) => loadNewsArticle(params.slug),
  head: ({ loaderData }) =>
    pageHead(
      loaderData && {
        ...loaderData,
        jsonLd: newsArticleJsonLd(loaderData, globalThis.location.origin),
      },
    ),
  component: function NewsArticleRoute() {
    return <NewsArticle article={Route.useLoaderData()} />
  },
})
