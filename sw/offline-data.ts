import type { PageDataManifest, PageDataManifestFile } from '../contract/page-data-manifest.ts'

/*
 * What the worker's background download of the site's page data does, as plain functions (unit
 * tested in offline-data.test.ts; site-download.ts does the fetching and the Cache Storage
 * work): whether to download at all on this connection, which files to fetch, in what order, and
 * which to delete.
 */

/**
 * What the visitor chose to keep offline ("Keep offline" on a manual): never expired, never
 * touched by the background download, kept until they remove it.
 */
export const KEPT_CACHE = 'kept-offline'

/**
 * The caches of what the site keeps for offline use, as the offline settings page lists and
 * clears them. The precache (the app itself) is not among them: clearing leaves the app working.
 */
export const OFFLINE_CACHES = ['pages', 'page-data', 'images', 'api', 'kept-offline'] as const

/** Only the site's own pages, data and files may be kept (URLs as the page sends them). */
export function keepableUrls(urls: unknown, origin: string): string[] | undefined {
  if (!Array.isArray(urls) || urls.length === 0 || urls.length > 50) return undefined
  const absolute: string[] = []
  for (const url of urls) {
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return undefined
    const resolved = new URL(url, origin)
    if (resolved.origin !== origin || resolved.pathname.startsWith('/api/')) return undefined
    absolute.push(resolved.href)
  }
  return absolute
}

/** The cache of images, kept as they are seen and in the background within a budget. */
export const IMAGES_CACHE = 'images'

/** The cache the page data lives in, whether downloaded in the background or on a visit. */
export const PAGE_DATA_CACHE = 'page-data'

/**
 * The header a downloaded entry carries its manifest hash in, so the next build's manifest
 * tells which entries changed. An entry kept on a visit has none and is fetched once more.
 */
export const CONTENT_HASH_HEADER = 'X-Content-Hash'

/** `navigator.connection` as Chromium exposes it (Network Information API); absent elsewhere. */
export interface ConnectionHints {
  saveData?: boolean
  effectiveType?: string
}

export type DownloadDecision =
  { download: true } | { download: false; reason: 'save-data' | 'slow-network' }

/**
 * The whole site's data is downloaded in the background unless the visitor asked to save data or
 * the connection is 2g (or slower): then only what they open is kept, as it is opened.
 */
export function backgroundDownloadDecision(
  connection: ConnectionHints | undefined,
): DownloadDecision {
  if (connection?.saveData) return { download: false, reason: 'save-data' }
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') {
    return { download: false, reason: 'slow-network' }
  }
  return { download: true }
}

/**
 * The pages a pilot at a drop zone needs most come first, so a download cut short (the signal
 * went) has saved those: the build id, manuals, the learn search index, dealers, the guides,
 * coaches; then the rest. The prefixes are the data files' URLs.
 */
const priorityPrefixes = [
  '/page-data/app-data.json',
  // The navigation and the slices every page shows.
  '/page-data/sq/',
  '/slice-data/',
  '/page-data/manuals/',
  '/page-data/learnSearch/',
  '/page-data/dealers/',
  '/page-data/learn/',
  '/page-data/coaches/',
]

export function downloadRank(url: string): number {
  const rank = priorityPrefixes.findIndex((prefix) => url.startsWith(prefix))
  return rank === -1 ? priorityPrefixes.length : rank
}

export interface SyncPlan {
  /** Files to fetch, most needed first (smaller first within a kind). */
  download: PageDataManifestFile[]
  /** Cached URLs the build no longer lists. */
  remove: string[]
  /** Files already cached with the listed hash. */
  unchanged: number
}

/**
 * Compares the build's manifest with what is cached (URL → the hash stored with the entry, or
 * undefined when it was kept on a visit without one): a file is fetched when it is missing or
 * its hash differs; a cached URL the manifest no longer lists is deleted.
 */
export function planPageDataSync(
  manifest: PageDataManifest,
  cached: ReadonlyMap<string, string | undefined>,
): SyncPlan {
  const listed = new Set(manifest.files.map((file) => file.url))
  const download = manifest.files
    .filter((file) => cached.get(file.url) !== file.hash)
    .sort((a, b) => downloadRank(a.url) - downloadRank(b.url) || a.size - b.size)
  return {
    download,
    remove: [...cached.keys()].filter((url) => !listed.has(url)),
    unchanged: manifest.files.length - download.length,
  }
}

/**
 * The page data and the slices (docs/architecture.md): what the manifest may list and the worker
 * keeps.
 */
export function isStaticDataUrl(pathname: string): boolean {
  return pathname.startsWith('/page-data/') || pathname.startsWith('/slice-data/')
}

/** A manifest as the build writes it; anything else (an error page, a half-written file) is refused. */
export function isPageDataManifest(value: unknown): value is PageDataManifest {
  if (!value || typeof value !== 'object') return false
  const manifest = value as Partial<PageDataManifest>
  return (
    manifest.version === 1 &&
    typeof manifest.buildId === 'string' &&
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file: unknown) =>
        !!file &&
        typeof file === 'object' &&
        typeof (file as PageDataManifestFile).url === 'string' &&
        isStaticDataUrl((file as PageDataManifestFile).url) &&
        typeof (file as PageDataManifestFile).hash === 'string' &&
        typeof (file as PageDataManifestFile).size === 'number',
    )
  )
}

/**
 * The images downloaded in the background, beside those kept as they are seen: the first image
 * of each product, then each coach's photo, once each, same-origin only. At most
 * `IMAGE_BUDGET_BYTES` in all (the whole set is about 0.65 MB today; the budget leaves room for
 * the catalog to grow without a first visit's background download growing with it).
 */
export const IMAGE_BUDGET_BYTES = 2 * 1024 * 1024

export function backgroundImageUrls(
  products: readonly { images: readonly { src: string }[] }[],
  coachPhotos: readonly string[],
): string[] {
  const urls = [...products.map((product) => product.images[0]?.src), ...coachPhotos].filter(
    (url): url is string => !!url && url.startsWith('/') && !url.startsWith('//'),
  )
  return [...new Set(urls)]
}

/** Whether one more image of `size` bytes fits the budget after `spent` bytes. */
export function fitsImageBudget(spent: number, size: number): boolean {
  return spent + size <= IMAGE_BUDGET_BYTES
}
