import { Link } from '@tanstack/react-router'
import type { LearnArticleData } from '../../../../contract/page-data/learn.ts'
import { MentionedProducts } from '../../../components/mentioned-products.tsx'
import { formatDate } from '../../../lib/format-date.ts'

export function LearnArticle({ article }: { article: LearnArticleData }) {
  return (
    <article className="page learn-article">
      <header>
        <p className="article-meta">
          <span className="article-kind">{article.topicTitle}</span>
          <span>
            Updated <time dateTime={article.updated}>{formatDate(article.updated)}</time>
          </span>
        </p>
        <h1>{article.title}</h1>
        <p className="lead">{article.summary}</p>
      </header>
      {article.image && (
        <figure className="news-media">
          <img src={article.image.src} alt={article.image.alt} width={400} height={300} />
        </figure>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      <MentionedProducts products={article.products} heading="Gear for this guide" />
      <p>
        <Link to="/learn" activeOptions={{ exact: true }}>
          All guides
        </Link>{' '}
        ·{' '}
        <Link to="/learnSearch/$" params={{ _splat: '' }}>
          Search the guides
        </Link>
      </p>
    </article>
  )
}
