import Dexie, { type EntityTable } from 'dexie'

/**
 * The app's one IndexedDB database (see STYLE.md, "one home for each kind of data").
 * - drafts: one order draft per product (id "order_" + product key, SPEC §3), written on every
 *   configurator change so a design survives reloads, closed tabs and days offline.
 * - products: the catalog snapshot, so product pages render offline even if never visited.
 * - meta: small bookkeeping values (e.g. when the catalog snapshot was taken).
 * Every schema version stays listed: Dexie upgrades an old database step by step.
 */

export interface DraftRecord {
  id: string
  productKey: string
  updatedAt: number
  /** The draft's fields; their shape is owned by the configurator. */
  data: Record<string, unknown>
}

export interface CatalogProductRecord {
  slug: string
  family: string
  updatedAt: number
  data: Record<string, unknown>
}

export interface MetaRecord {
  key: string
  value: unknown
}

export class StoreDB extends Dexie {
  drafts!: EntityTable<DraftRecord, 'id'>
  products!: EntityTable<CatalogProductRecord, 'slug'>
  meta!: EntityTable<MetaRecord, 'key'>

  constructor(name = 'glidecraft') {
    super(name)
    this.version(1).stores({
      drafts: 'id, productKey, updatedAt',
      products: 'slug, family',
      meta: 'key',
    })
  }
}

export const db = new StoreDB()
