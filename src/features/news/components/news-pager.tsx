import { Link } from '@tanstack/react-router'
import { newsPagePath } from '../../../../contract/page-data/news.ts'
import { pagerItems } from '../model.ts'

/**
 * Previous, the page numbers and next; `rel` tells crawlers how the pages follow each other.
 * Links match their page exactly, so `/news` is not marked current on `/news/4` (the router
 * marks the active link with aria-current="page").
 */
export function NewsPager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="News pages" className="pager">
      {page > 1 ? (
        <Link
          to={newsPagePath(page - 1)}
          rel="prev"
          className="pager-step"
          activeOptions={{ exact: true }}
        >
          ← Newer
        </Link>
      ) : (
        <span className="pager-step" aria-hidden="true" />
      )}
      <ol>
        {pagerItems(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={newsPagePath(item.page)}
                activeOptions={{ exact: true }}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link
          to={newsPagePath(page + 1)}
          rel="next"
          className="pager-step"
          activeOptions={{ exact: true }}
        >
          Older →
        </Link>
      ) : (
        <span className="pager-step" aria-hidden="true" />
      )}
    </nav>
  )
}
