import {
  syncCatalogSnapshot,
  yieldToEventLoop,
  type CatalogSyncResult,
} from '../../../store-db/catalog-snapshot.ts'
import { config } from '../../lib/config.ts'
import { db } from '../../lib/db.ts'

/**
 * The catalog snapshot taken on the page, for browsers where no service worker runs (plain
 * HTTP, an old browser, a failed registration); elsewhere the worker takes it. Runs after the
 * first view, writing in slices with a yield between them so no task holds the page for long.
 */
export function syncCatalog(
  options: { maxAgeMs?: number; now?: number } = {},
): Promise<CatalogSyncResult> {
  return syncCatalogSnapshot(db, {
    apiBase: config.apiUrl || globalThis.location.origin,
    siteOrigin: globalThis.location.origin,
    pause: yieldToEventLoop,
    ...options,
  })
}
