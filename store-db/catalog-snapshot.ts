import humps from 'humps'
import type { Product } from '../contract/catalog.ts'
import { familyKeys } from '../contract/families.ts'
import { pageDataUrl, type PageDataRecord } from '../contract/page-data.ts'
import type { StorePageData } from '../contract/page-data/catalog.ts'
import type { CatalogProduct, StoreDB } from './store-db.ts'

/**
 * The catalog snapshot: a copy of the whole active catalog in IndexedDB, so the store, the family
 * listings and every product page work offline, even pages never visited. The service worker
 * takes it in the background once it has activated and the page has loaded; a browser without a
 * worker takes it on the page, in slices (src/features/catalog/offline.ts). A failure (offline)
 * leaves the last snapshot in place and is retried on the next visit.
 */

/** How old the snapshot may get before it is taken again. */
export const CATALOG_MAX_AGE_MS = 60 * 60 * 1000

export type CatalogSyncResult = 'fresh' | 'synced'

export interface CatalogSnapshotOptions {
  /** The API host (API_URL), or the site's origin when the API is served with the site. */
  apiBase: string
  /** The site's origin: the palette comes with the store's page data. */
  siteOrigin: string
  maxAgeMs?: number
  now?: number
  /** Lets other work run between the written slices (see `yieldToEventLoop`). */
  pause?: () => Promise<void>
}

interface Scheduler {
  yield?: () => Promise<void>
}

/**
 * Gives the thread back for a moment: `scheduler.yield()` where the browser has it (the
 * continuation keeps its place at the front of the queue), a zero timeout elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Public catalog data: no token and no cookies go with it, and it yields to what a visitor is
 * waiting for (fetch priority low).
 */
async function fetchJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    priority: 'low',
  })
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`)
  return response.json()
}

/** Takes a new snapshot when the stored one is older than `maxAgeMs` (or there is none). */
export async function syncCatalogSnapshot(
  db: StoreDB,
  {
    apiBase,
    siteOrigin,
    maxAgeMs = CATALOG_MAX_AGE_MS,
    now = Date.now(),
    pause,
  }: CatalogSnapshotOptions,
): Promise<CatalogSyncResult> {
  const syncedAt = await db.catalogSyncedAt()
  if (syncedAt !== undefined && now - syncedAt < maxAgeMs) return 'fresh'
  const [store, ...families] = await Promise.all([
    fetchJson(new URL(pageDataUrl('/store'), siteOrigin)),
    ...familyKeys.map((family) => {
      const url = new URL(`/api/product/${family}`, apiBase)
      url.searchParams.set('active', '1')
      return fetchJson(url)
    }),
  ])
  const palette = (store as PageDataRecord<StorePageData>).result.data.palette
  const products = (families as Product[][])
    .flat()
    .map((product) => humps.camelizeKeys(product) as unknown as CatalogProduct)
  await db.replaceCatalog(products, now, palette, { pause })
  return 'synced'
}
