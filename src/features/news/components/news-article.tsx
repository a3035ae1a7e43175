import { Link } from '@tanstack/react-router'
import type { NewsArticleData } from '../../../../contract/page-data/news.ts'
import { MentionedProducts } from '../../../components/mentioned-products.tsx'
import { formatDate } from '../../../lib/format-date.ts'
import { categoryLabels } from '../model.ts'

/** One news article: its picture or video, the body, the products it names and its neighbours. */
export function NewsArticle({ article }: { article: NewsArticleData }) {
  return (
    <article className="page news-article">
      <header>
        <p className="article-meta">
          <time dateTime={article.date}>{formatDate(article.date)}</time>
          <span className="article-kind">{categoryLabels[article.category]}</span>
        </p>
        <h1>{article.title}</h1>
        <p className="lead">{article.summary}</p>
      </header>
      {article.video ? (
        <figure className="news-media">
          {/* preload="none": nothing is fetched until the reader presses play. */}
          <video
            src={article.video.src}
            poster={article.video.poster}
            controls
            preload="none"
            width={400}
            height={300}
          >
            <a href={article.video.src}>Download the video: {article.video.title}</a>
          </video>
          <figcaption>{article.video.title}</figcaption>
        </figure>
      ) : (
        article.image && (
          <figure className="news-media">
            <img src={article.image.src} alt={article.image.alt} width={400} height={300} />
          </figure>
        )
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      <MentionedProducts products={article.products} heading="Products in this article" />
      <nav aria-label="More news" className="article-neighbours">
        {article.newer && (
          <Link to="/news/view/$slug" params={{ slug: article.newer.slug }}>
            <span>Newer</span> {article.newer.title}
          </Link>
        )}
        {article.older && (
          <Link to="/news/view/$slug" params={{ slug: article.older.slug }}>
            <span>Older</span> {article.older.title}
          </Link>
        )}
      </nav>
    </article>
  )
}
