import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  ArchiveImagePage as WireArchiveImagePage,
  ArchiveType,
} from '../../../contract/archive.ts'
import { archivePagePath, archivePageSize } from '../../../contract/archive-path.ts'
import type { PaletteSwatch, StorePageData } from '../../../contract/page-data/catalog.ts'
import { api, type Camelized } from '../../lib/api-client.ts'
import { fetchPageData } from '../../lib/page-data.ts'
import type { ArchiveSearch } from './search.ts'

export type ArchiveImagePage = Camelized<WireArchiveImagePage>
export type ArchiveImage = ArchiveImagePage['data'][number]

/** Pictures per page of the archive. */
export const ARCHIVE_PER_PAGE = archivePageSize.default

export const archiveKeys = {
  all: ['archive'] as const,
  type: (type: ArchiveType) => [...archiveKeys.all, type] as const,
  pages: (type: ArchiveType) => [...archiveKeys.type(type), 'page'] as const,
  page: (type: ArchiveType, search: ArchiveSearch) =>
    [...archiveKeys.pages(type), search.category ?? null, search.page ?? 1] as const,
  everything: (type: ArchiveType) => [...archiveKeys.type(type), 'everything'] as const,
}

export function fetchArchivePage(
  type: ArchiveType,
  { category, page = 1, perPage = ARCHIVE_PER_PAGE }: ArchiveSearch & { perPage?: number },
  signal?: AbortSignal,
): Promise<ArchiveImagePage> {
  return api.get<ArchiveImagePage>(archivePagePath({ type, page, perPage, category }), { signal })
}

/** Every picture of a type, for the filter's choices and counts: a few large pages. */
async function fetchWholeArchive(type: ArchiveType, signal?: AbortSignal) {
  const perPage = archivePageSize.max
  const first = await fetchArchivePage(type, { perPage }, signal)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.totalPages - 1) }, (_, i) =>
      fetchArchivePage(type, { page: i + 2, perPage }, signal),
    ),
  )
  return [first, ...rest].flatMap((page) => page.data)
}

export const archivePageQuery = (type: ArchiveType, search: ArchiveSearch) =>
  queryOptions({
    queryKey: archiveKeys.page(type, search),
    queryFn: ({ signal }) => fetchArchivePage(type, search, signal),
  })

export const wholeArchiveQuery = (type: ArchiveType) =>
  queryOptions({
    queryKey: archiveKeys.everything(type),
    queryFn: ({ signal }) => fetchWholeArchive(type, signal),
  })

/**
 * An archive route's data: the page the URL asks for, the whole archive for the filter, and
 * the palette (from the store's data file) to name the colours. Away from page 1 it also
 * loads page 1: the prerendered HTML shows it, and hydration must render the same.
 */
export async function loadArchive(
  queryClient: QueryClient,
  type: ArchiveType,
  search: ArchiveSearch,
): Promise<{ palette: PaletteSwatch[] }> {
  const hasSearch = search.category !== undefined || search.page !== undefined
  const [data] = await Promise.all([
    fetchPageData<StorePageData>('/store'),
    queryClient.ensureQueryData(wholeArchiveQuery(type)),
    queryClient.ensureQueryData(archivePageQuery(type, search)),
    hasSearch && queryClient.ensureQueryData(archivePageQuery(type, {})),
  ])
  return { palette: data.palette }
}
