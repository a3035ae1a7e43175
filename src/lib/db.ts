import { StoreDB } from '../../store-db/store-db.ts'

// The schema and its record types live in store-db/, shared with the service worker.
export type { CatalogProduct, DraftRecord } from '../../store-db/store-db.ts'

/** The app's handle on the store's one IndexedDB database. */
export const db = new StoreDB()
