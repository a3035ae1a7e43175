import { createFileRoute } from '@tanstack/react-router'
import { loadNewsArticle } from '../../../features/news/api.ts'
import { NewsArticle } from '../../../features/news/components/news-article.tsx'
import { newsArticleJsonLd } from '../../../features/news/model.ts'
import { withHead } from '../../../lib/head.ts'
import { loaderHead } from '../../../lib/loader-head.ts'

export const Route = createFileRoute('/news/view/$slug')({
  loader: async ({ params }) => {
    const article = await loadNewsArticle(params.slug)
    return withHead(article, {
      ...article,
      jsonLd: newsArticleJsonLd(article, globalThis.location.origin),
    })
  },
  head: loaderHead,
  component: function NewsArticleRoute() {
    return <NewsArticle article={Route.useLoaderData()} />
  },
})
