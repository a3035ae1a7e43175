/// <reference lib="webworker" />
import { archiveLandingPaths } from '../contract/archive-path.ts'
import {
  PAGE_DATA_MANIFEST_URL,
  type PageDataManifestFile,
} from '../contract/page-data-manifest.ts'
import { syncCatalogSnapshot, yieldToEventLoop } from '../store-db/catalog-snapshot.ts'
import { StoreDB } from '../store-db/store-db.ts'
import { createBackgroundJobRunner } from './background-jobs.ts'
import { inBatches } from './in-batches.ts'
import type { OfflineDataStatus } from './messages.ts'
import {
  backgroundDownloadDecision,
  backgroundImageUrls,
  CONTENT_HASH_HEADER,
  fitsImageBudget,
  IMAGES_CACHE,
  isPageDataManifest,
  PAGE_DATA_CACHE,
  planPageDataSync,
  type ConnectionHints,
} from './offline-data.ts'
import { API_CACHE, cacheKeyFor, mayCache } from './policy.ts'

/*
 * The worker's background work, once it has activated and a page has loaded: it keeps the catalog
 * snapshot in IndexedDB fresh, off the page's main thread, and downloads the data of every page
 * the build lists (page-data/manifest.json), so the whole site opens offline after one visit;
 * after a new build, only the files whose hash changed. Then the API answers some pages read,
 * and a budgeted set of images. What to fetch, in what order, and whether to at all on this
 * connection, is decided in offline-data.ts.
 */

declare const self: ServiceWorkerGlobalScope

/** Several files at once, at low priority: the visitor's own requests go first. */
const DOWNLOADS_AT_ONCE = 4

async function cachedHashes(cache: Cache): Promise<Map<string, string | undefined>> {
  const hashes = new Map<string, string | undefined>()
  for (const request of await cache.keys()) {
    const url = new URL(request.url)
    if (url.origin !== self.location.origin) continue
    const entry = await cache.match(request)
    hashes.set(url.pathname, entry?.headers.get(CONTENT_HASH_HEADER) ?? undefined)
  }
  return hashes
}

/** Fetches one listed file and keeps it with its hash; resolves with its size. */
async function downloadFile(cache: Cache, file: PageDataManifestFile): Promise<number> {
  const response = await fetch(file.url, { priority: 'low', cache: 'no-cache' })
  if (!response.ok) throw new Error(`${file.url} answered ${response.status}`)
  const body = await response.arrayBuffer()
  const headers = new Headers(response.headers)
  headers.set(CONTENT_HASH_HEADER, file.hash)
  // A full quota rejects here, and the job is reported failed rather than silently incomplete.
  await cache.put(new URL(file.url, self.location.origin).href, new Response(body, { headers }))
  return body.byteLength
}

/**
 * Brings the page-data cache in step with the build's manifest (offline-data.ts decides what to
 * fetch, in what order, and whether to at all on this connection).
 */
async function downloadSiteData(): Promise<OfflineDataStatus> {
  const decision = backgroundDownloadDecision(
    (self.navigator as WorkerNavigator & { connection?: ConnectionHints }).connection,
  )
  if (!decision.download) return { mode: 'on-view', reason: decision.reason }
  const response = await fetch(PAGE_DATA_MANIFEST_URL, { priority: 'low', cache: 'no-cache' })
  if (!response.ok) throw new Error(`the manifest answered ${response.status}`)
  const manifest: unknown = await response.json()
  if (!isPageDataManifest(manifest)) throw new Error('the manifest is not one the build writes')
  const cache = await caches.open(PAGE_DATA_CACHE)
  const plan = planPageDataSync(manifest, await cachedHashes(cache))
  await Promise.all(plan.remove.map((url) => cache.delete(new URL(url, self.location.origin).href)))
  let bytes = 0
  await inBatches(plan.download, DOWNLOADS_AT_ONCE, async (file) => {
    // Read the total only after the await: the lanes add to it in turn.
    const size = await downloadFile(cache, file)
    bytes += size
  })
  return {
    mode: 'complete',
    downloaded: plan.download.length,
    bytes,
    unchanged: plan.unchanged,
    removed: plan.remove.length,
  }
}

/**
 * Pages that read the API rather than page data, kept as a visit would keep them: the production
 * times, and the first pages of both suit archives (the filtered and later pages as visited).
 */
const apiAnswersForOffline = [
  '/api/order/production-time',
  ...archiveLandingPaths('supercustom'),
  ...archiveLandingPaths('superdupercustom'),
]

async function keepApiAnswers(apiBase: string, paths: string[]): Promise<void> {
  const cache = await caches.open(API_CACHE)
  for (const path of paths) {
    const request = new Request(new URL(path, apiBase))
    const response = await fetch(request, { priority: 'low' })
    if (!mayCache(request, response)) throw new Error(`${path} answered ${response.status}`)
    await cache.put(cacheKeyFor(request), response)
  }
}

/** The coaches' photos, read from the coaches page's data the download has just kept. */
async function coachPhotos(): Promise<string[]> {
  const cache = await caches.open(PAGE_DATA_CACHE)
  const entry = await cache.match(
    new URL('/page-data/coaches/page-data.json', self.location.origin).href,
  )
  if (!entry) return []
  const record = (await entry.json()) as {
    result?: { data?: { coaches?: { photo?: { src?: unknown } }[] } }
  }
  return (record.result?.data?.coaches ?? [])
    .map((coach) => coach.photo?.src)
    .filter((src): src is string => typeof src === 'string')
}

/** Runs `work` on the store's IndexedDB database, closed again afterwards. */
async function withStoreDB<T>(work: (db: StoreDB) => Promise<T>): Promise<T> {
  const db = new StoreDB()
  try {
    return await work(db)
  } finally {
    db.close()
  }
}

/**
 * The budgeted background set of images (offline-data.ts): each product's first image and each
 * coach's photo not yet kept, until the budget is spent.
 */
async function keepBackgroundImages(): Promise<void> {
  const products = await withStoreDB(async (db) =>
    (await db.products.toArray()).map((record) => record.data),
  )
  const cache = await caches.open(IMAGES_CACHE)
  let spent = 0
  for (const url of backgroundImageUrls(products, await coachPhotos())) {
    const key = new URL(url, self.location.origin).href
    if (await cache.match(key)) continue
    const response = await fetch(key, { priority: 'low' })
    if (!response.ok) continue
    const declared = Number(response.headers.get('Content-Length') ?? 0)
    if (!fitsImageBudget(spent, declared)) break
    const body = await response.arrayBuffer()
    if (!fitsImageBudget(spent, body.byteLength)) break
    spent += body.byteLength
    await cache.put(key, new Response(body, { headers: response.headers }))
  }
}

export interface SiteDownload {
  /** Runs the jobs once (joining a run under way); resolves with the names of those that failed. */
  run: () => Promise<string[]>
  /** What the last page-data download did, told to the page with the jobs' report. */
  offlineData: () => OfflineDataStatus | undefined
  /** The offline data was cleared: no download stands done. */
  forget: () => void
}

/** The background jobs, reading the API at `apiBase` (the API host, or this site's origin). */
export function createSiteDownload(apiBase: string): SiteDownload {
  let offlineData: OfflineDataStatus | undefined
  const background = createBackgroundJobRunner([
    {
      name: 'catalog snapshot',
      // Between runs the worker holds no connection that could stall a schema upgrade.
      run: () =>
        withStoreDB((db) =>
          syncCatalogSnapshot(db, {
            apiBase,
            siteOrigin: self.location.origin,
            pause: yieldToEventLoop,
          }),
        ),
    },
    {
      name: 'page data',
      run: async () => {
        offlineData = undefined
        offlineData = await downloadSiteData()
        if (offlineData.mode === 'complete') await keepApiAnswers(apiBase, apiAnswersForOffline)
      },
    },
    {
      name: 'images',
      run: async () => {
        if (offlineData?.mode === 'complete') await keepBackgroundImages()
      },
    },
  ])
  return {
    run: () => background.run(),
    offlineData: () => offlineData,
    forget: () => {
      offlineData = undefined
    },
  }
}
