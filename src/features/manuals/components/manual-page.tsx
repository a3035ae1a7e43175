import { Link } from '@tanstack/react-router'
import type { ManualData } from '../../../../contract/page-data/manuals.ts'
import { MentionedProducts } from '../../../components/mentioned-products.tsx'
import { formatDate } from '../../../lib/format-date.ts'
import { manualOfflineUrls } from '../offline.ts'
import { KeepOffline } from './keep-offline.tsx'

/**
 * One manual. The contents link to the body's `##` headings, whose ids the content loader set
 * when it rendered the markdown, the same ids it listed as `sections`.
 */
export function ManualPage({ manual }: { manual: ManualData }) {
  return (
    <article className="page manual-page">
      <header>
        <p className="article-meta">
          <Link to="/manuals" activeOptions={{ exact: true }}>
            All manuals
          </Link>
          <span>
            Updated <time dateTime={manual.updated}>{formatDate(manual.updated)}</time>
          </span>
        </p>
        <h1>{manual.title}</h1>
        <p className="lead">{manual.summary}</p>
        <KeepOffline urls={manualOfflineUrls(manual)} />
      </header>
      <MentionedProducts products={manual.products} heading="Products this manual covers" />
      {manual.sections.length > 0 && (
        <nav aria-labelledby="manual-contents-heading" className="manual-contents panel">
          <h2 id="manual-contents-heading">Contents</h2>
          <ol>
            {manual.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: manual.html }} />
    </article>
  )
}
