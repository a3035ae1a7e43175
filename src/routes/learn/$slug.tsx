import { createFileRoute } from '@tanstack/react-router'
import { loadLearnArticle } from '../../features/learn/api.ts'
import { LearnArticle } from '../../features/learn/components/learn-article.tsx'
import { learnArticleJsonLd } from '../../features/learn/model.ts'
import { pageHead } from '../../lib/head.ts'

export const Route = createFileRoute('/learn/$slug')({
  loader: ({ params }) => loadLearnArticle(params.slug),
  head: ({ loaderData }) =>
    pageHead(
      loaderData && {
        ...loaderData,
        jsonLd: learnArticleJsonLd(loaderData, globalThis.location.origin),
      },
    ),
  component: function LearnArticleRoute() {
    return <LearnArticle article={Route.useLoaderData()} />
  },
})
