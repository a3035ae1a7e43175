import { StoreDB } from '../store-db/store-db.ts'

/**
 * The worker's one open handle on the store's database, for the cart outbox and the page views
 * it sends (Dexie closes it for a newer version).
 */
let db: StoreDB | undefined
export const outboxDB = (): StoreDB => (db ??= new StoreDB())
