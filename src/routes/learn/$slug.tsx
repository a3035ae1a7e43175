import { createFileRoute } from '@tanstack/react-router'
import { loadLearnArticle } from '../../features/learn/api.ts'
import { LearnArticle } from '../../features/learn/components/learn-article.tsx'
import { learnArticleJsonLd } from '../../features/learn/model.ts'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/learn/$slug')({
  loader: async ({ params }) => {
    const article = await loadLearnArticle(params.slug)
    return withHead(article, {
      ...article,
      jsonLd: learnArticleJsonLd(article, globalThis.location.origin),
    })
  },
  head: loaderHead,
  component: function LearnArticleRoute() {
    return <LearnArticle article={Route.useLoaderData()} />
  },
})
