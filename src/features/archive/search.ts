import { isSlug } from '../../../contract/slug-pattern.ts'

/**
 * Where the archive is, as it sits in the URL (`?category=corvid-2&page=2`), so a page of it
 * can be shared. `category` is a family key or a product slug, as the API takes it.
 */
export interface ArchiveSearch {
  category?: string
  page?: number
}

/** The API's own bound on `page`. */
const lastPossiblePage = 10_000

/** The router's `validateSearch`: what is malformed is dropped (page 1, every suit). */
export function validateArchiveSearch(raw: Record<string, unknown>): ArchiveSearch {
  const search: ArchiveSearch = {}
  if (typeof raw.category === 'string' && isSlug(raw.category)) search.category = raw.category
  const page = typeof raw.page === 'string' ? Number(raw.page) : raw.page
  if (typeof page === 'number' && Number.isInteger(page) && page > 1 && page <= lastPossiblePage) {
    search.page = page
  }
  return search
}

/** The search a page link carries: page 1 is the bare URL, the one that was prerendered. */
export function archivePageSearch(search: ArchiveSearch, page: number): ArchiveSearch {
  return { category: search.category, page: page > 1 ? page : undefined }
}
