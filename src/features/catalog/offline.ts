import { familyKeys } from '../../../contract/families.ts'
import { db } from '../../lib/db.ts'
import { fetchFamily, fetchPalette } from './api.ts'

/** How old the catalog snapshot may get before the app refreshes it in the background. */
export const CATALOG_MAX_AGE_MS = 60 * 60 * 1000

export type CatalogSyncResult = 'fresh' | 'synced'

/**
 * Keeps a copy of the whole active catalog in IndexedDB, so the store, the family listings and
 * every product page work offline, even pages never visited. Runs after the first view; a
 * failure (offline) leaves the last snapshot in place and is retried on the next start.
 */
export async function syncCatalog({
  maxAgeMs = CATALOG_MAX_AGE_MS,
  now = Date.now(),
} = {}): Promise<CatalogSyncResult> {
  const syncedAt = await db.catalogSyncedAt()
  if (syncedAt !== undefined && now - syncedAt < maxAgeMs) return 'fresh'
  const [palette, ...families] = await Promise.all([
    fetchPalette(),
    ...familyKeys.map((family) => fetchFamily(family)),
  ])
  await db.replaceCatalog(families.flat(), now, palette)
  return 'synced'
}
