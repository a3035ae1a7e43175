import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { ArchiveType } from '../../../../contract/archive.ts'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { ARCHIVE_PER_PAGE, archivePageQuery, wholeArchiveQuery } from '../api.ts'
import { archiveFacets } from '../facets.ts'
import { archivePageSearch, type ArchiveSearch } from '../search.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { ArchiveCard } from './archive-card.tsx'
import { ArchiveFilter } from './archive-filter.tsx'
import { ArchivePagination, archivePaths } from './archive-pagination.tsx'

interface ArchivePageProps {
  type: ArchiveType
  title: string
  intro: string
  palette: PaletteSwatch[]
  search: ArchiveSearch
  onSearch: (search: ArchiveSearch) => void
}

/** An archive of custom suits we built: a page of pictures, a filter, and page links. */
export function ArchivePage({
  type,
  title,
  intro,
  palette,
  search: urlSearch,
  onSearch,
}: ArchivePageProps) {
  // The prerendered HTML is page 1 of every suit; the URL's page and filter apply once hydrated.
  const search = useHydrated() ? urlSearch : {}
  const { data: whole } = useSuspenseQuery(wholeArchiveQuery(type))
  const { data: page } = useSuspenseQuery(archivePageQuery(type, search))
  const facets = useMemo(() => archiveFacets(whole), [whole])
  const paletteIndex = useMemo(() => new Map(palette.map((s) => [s.id, s])), [palette])
  const { total, totalPages } = page.meta
  const first = (page.meta.page - 1) * ARCHIVE_PER_PAGE + 1
  const last = first + page.data.length - 1
  return (
    <article className="page">
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      <ArchiveFilter
        facets={facets}
        total={whole.length}
        category={search.category}
        onCategory={(category) => onSearch({ category })}
      />
      <p className="filter-results" role="status" aria-live="polite">
        {page.data.length === 0
          ? 'No suits on this page.'
          : `Suits ${first}–${last} of ${total}, page ${page.meta.page} of ${totalPages}`}
      </p>
      {page.data.length === 0 && search.page !== undefined && (
        <p>
          <Link to={archivePaths[type]} search={archivePageSearch(search, 1)}>
            Back to the first page
          </Link>
        </p>
      )}
      <ul className="archive-grid">
        {page.data.map((image, index) => (
          <ArchiveCard key={image.id} image={image} palette={paletteIndex} eager={index < 3} />
        ))}
      </ul>
      <ArchivePagination
        type={type}
        search={search}
        page={page.meta.page}
        totalPages={totalPages}
      />
    </article>
  )
}
