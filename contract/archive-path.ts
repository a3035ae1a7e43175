/**
 * The archive API's URL for one page, spelled one way for the app, which asks for it, and for the
 * service worker, which keeps the unfiltered first pages for offline visits: a cached answer is
 * found by its exact URL. Free of zod, so the worker does not carry it.
 */
export const archivePageSize = { max: 100, default: 24 } as const

export interface ArchivePageQuery {
  type: 'supercustom' | 'superdupercustom'
  page?: number
  perPage?: number
  category?: string
}

export function archivePagePath({
  type,
  page = 1,
  perPage = archivePageSize.default,
  category,
}: ArchivePageQuery): string {
  const query = new URLSearchParams({ type, page: String(page), per_page: String(perPage) })
  if (category) query.set('category', category)
  return `/api/product/archive-image?${query.toString()}`
}

/**
 * What an archive route asks for first, whatever the visitor does next: its first page, and the
 * first page of the whole archive the filter is built from. The worker keeps these.
 */
export function archiveLandingPaths(type: ArchivePageQuery['type']): string[] {
  return [archivePagePath({ type }), archivePagePath({ type, perPage: archivePageSize.max })]
}
