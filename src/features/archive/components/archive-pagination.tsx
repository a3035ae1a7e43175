import { Link } from '@tanstack/react-router'
import type { ArchiveType } from '../../../../contract/archive.ts'
import { archivePageSearch, type ArchiveSearch } from '../search.ts'

export const archivePaths = {
  supercustom: '/supercustom/archive',
  superdupercustom: '/superdupercustom/archive',
} as const satisfies Record<ArchiveType, string>

interface ArchivePaginationProps {
  type: ArchiveType
  search: ArchiveSearch
  page: number
  totalPages: number
}

/** Links to every page of the archive, the current one marked. */
export function ArchivePagination({ type, search, page, totalPages }: ArchivePaginationProps) {
  if (totalPages <= 1) return null
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1)
  return (
    <nav className="pagination" aria-label="Archive pages">
      <ul>
        {page > 1 && (
          <li>
            <Link to={archivePaths[type]} search={archivePageSearch(search, page - 1)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={archivePaths[type]}
              search={archivePageSearch(search, n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < totalPages && (
          <li>
            <Link to={archivePaths[type]} search={archivePageSearch(search, page + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
