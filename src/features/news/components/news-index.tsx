import { Link } from '@tanstack/react-router'
import type { NewsIndexData } from '../../../../contract/page-data/news.ts'
import { formatDate } from '../../../lib/format-date.ts'
import { categoryLabels } from '../model.ts'
import { NewsPager } from './news-pager.tsx'

/** The cards above the fold load at once; the rest when scrolled near. */
const EAGER_IMAGES = 2

/** One page of the news index, newest first, with the pager below. */
export function NewsIndex({ page, pageCount, items }: NewsIndexData) {
  return (
    <div className="page news-index">
      <h1>News</h1>
      <p className="lead">
        Competition results, product launches, videos and stories from the workshop.
        {pageCount > 1 && ` Page ${page} of ${pageCount}.`}
      </p>
      <ol className="news-list">
        {items.map((item, index) => (
          <li key={item.slug}>
            <article className="news-card">
              {item.image && (
                <img
                  src={item.image.src}
                  alt={item.image.alt}
                  width={400}
                  height={300}
                  loading={index < EAGER_IMAGES ? undefined : 'lazy'}
                />
              )}
              <div>
                <p className="article-meta">
                  <time dateTime={item.date}>{formatDate(item.date)}</time>
                  <span className="article-kind">{categoryLabels[item.category]}</span>
                </p>
                <h2>
                  <Link to="/news/view/$slug" params={{ slug: item.slug }}>
                    {item.title}
                  </Link>
                </h2>
                <p>{item.summary}</p>
              </div>
            </article>
          </li>
        ))}
      </ol>
      <NewsPager page={page} pageCount={pageCount} />
    </div>
  )
}
