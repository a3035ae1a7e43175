import Dexie, { type EntityTable } from 'dexie'
import type { Camelized } from '../contract/camelized.ts'
import type { Product } from '../contract/catalog.ts'
import type { PaletteSwatch } from '../contract/page-data/catalog.ts'

/**
 * The store's one IndexedDB database (see STYLE.md, "one home for each kind of data"), opened by
 * the app (src/lib/db.ts) and by the service worker, which keeps the catalog snapshot fresh: one
 * schema for both, so it lives outside src/ and sw/ (eslint.config.js lets both import it).
 * - drafts: one order draft per product (id "order_" + product key, SPEC §3), written on every
 *   configurator change so a design survives reloads, closed tabs and days offline.
 * - products: the catalog snapshot, so product pages render offline even if never visited.
 * - meta: small bookkeeping values (e.g. when the catalog snapshot was taken, and the server's
 *   answers to cart changes the worker sent while no page was open).
 * - cartRefusals (version 2): cart changes made offline that the server refused when the
 *   worker's queue replayed them, kept until the customer has read and dismissed the notice.
 * Every schema version stays listed: Dexie upgrades an old database step by step.
 */

export interface DraftRecord {
  id: string
  productKey: string
  updatedAt: number
  /** The draft's fields; their shape is owned by the configurator. */
  data: Record<string, unknown>
}

export type CatalogProduct = Camelized<Product>

export interface CatalogProductRecord {
  slug: string
  family: string
  updatedAt: number
  data: CatalogProduct
}

/** What a refused cart change was, for the notice: which line, what the server said. */
export interface CartRefusalRecord {
  /** The change's Idempotency-Key. */
  key: string
  action: 'add' | 'update-qty' | 'add-discount' | 'set-merged-notified'
  /** The product's name as the page knew it, or the sku when it did not say. */
  name: string
  status: number
  /** The server's own words (its first field message, else its message). */
  message: string
  at: number
}

export interface MetaRecord {
  key: string
  value: unknown
}

/** A queued cart change the server took, and its answer (the wire's Cart), as the worker saw it. */
export interface UnheardCartSync {
  key: string
  cart: unknown
}

function unheardList(record: MetaRecord | undefined): UnheardCartSync[] {
  return Array.isArray(record?.value) ? (record.value as UnheardCartSync[]) : []
}

const CART_UNHEARD_SYNCS = 'cartUnheardSyncs'
const CATALOG_SYNCED_AT = 'catalogSyncedAt'
const CATALOG_PALETTE = 'catalogPalette'

export class StoreDB extends Dexie {
  drafts!: EntityTable<DraftRecord, 'id'>
  products!: EntityTable<CatalogProductRecord, 'slug'>
  meta!: EntityTable<MetaRecord, 'key'>
  cartRefusals!: EntityTable<CartRefusalRecord, 'key'>

  constructor(name = 'glidecraft') {
    // 'relaxed': a write is done once the browser has handed it to the operating system, not
    // after a flush to disk. A draft written so survives a closed tab, a closed browser and a
    // browser crash; only a power cut in the next instant could lose the last change. It makes a
    // configurator change land in a few milliseconds instead of waiting for the disk.
    super(name, { chromeTransactionDurability: 'relaxed' })
    this.version(1).stores({
      drafts: 'id, productKey, updatedAt',
      products: 'slug, family',
      meta: 'key',
    })
    // Only adds a table: the app of the previous release keeps working on its tables, and the
    // worker and the app of one build open the same version.
    this.version(2).stores({ cartRefusals: 'key, at' })
  }

  /** Keeps a refusal met while replaying the cart queue (a repeat of one key replaces it). */
  async recordCartRefusal(refusal: CartRefusalRecord): Promise<void> {
    await this.cartRefusals.put(refusal)
  }

  /** Refusals not yet dismissed, oldest first. */
  async cartRefusalList(): Promise<CartRefusalRecord[]> {
    return this.cartRefusals.orderBy('at').toArray()
  }

  async dismissCartRefusal(key: string): Promise<void> {
    await this.cartRefusals.delete(key)
  }

  /**
   * Keeps the server's answer to a queued change that reached it while no page was open (the
   * browser's background sync), for the next page that connects to the worker.
   */
  async keepUnheardCartSync(report: UnheardCartSync): Promise<void> {
    await this.transaction('rw', this.meta, async () => {
      const kept = unheardList(await this.meta.get(CART_UNHEARD_SYNCS))
      await this.meta.put({ key: CART_UNHEARD_SYNCS, value: [...kept, report] })
    })
  }

  /** The answers no page has heard yet, oldest first; they are handed over once. */
  async takeUnheardCartSyncs(): Promise<UnheardCartSync[]> {
    return this.transaction('rw', this.meta, async () => {
      const kept = unheardList(await this.meta.get(CART_UNHEARD_SYNCS))
      if (kept.length > 0) await this.meta.delete(CART_UNHEARD_SYNCS)
      return kept
    })
  }

  /**
   * Replaces the catalog snapshot (products and the colour palette that names their colours).
   * Products are written in slices with `pause` between them, so no single task holds the thread
   * for the whole catalog; a reader meanwhile finds every product, in its old or its new version.
   * The last step drops the products the catalog no longer has and records the palette and the
   * time, in one transaction.
   */
  async replaceCatalog(
    products: CatalogProduct[],
    now = Date.now(),
    palette: PaletteSwatch[] = [],
    { sliceSize = 25, pause }: { sliceSize?: number; pause?: () => Promise<void> } = {},
  ): Promise<void> {
    for (let start = 0; start < products.length; start += sliceSize) {
      const slice = products.slice(start, start + sliceSize)
      await this.products.bulkPut(
        slice.map((data) => ({ slug: data.slug, family: data.family, updatedAt: now, data })),
      )
      await pause?.()
    }
    const kept = new Set(products.map((product) => product.slug))
    await this.transaction('rw', this.products, this.meta, async () => {
      await this.products.filter((record) => !kept.has(record.slug)).delete()
      await this.meta.put({ key: CATALOG_PALETTE, value: palette })
      await this.meta.put({ key: CATALOG_SYNCED_AT, value: now })
    })
  }

  async catalogPalette(): Promise<PaletteSwatch[] | undefined> {
    const record = await this.meta.get(CATALOG_PALETTE)
    return Array.isArray(record?.value) ? (record.value as PaletteSwatch[]) : undefined
  }

  async catalogSyncedAt(): Promise<number | undefined> {
    const record = await this.meta.get(CATALOG_SYNCED_AT)
    return typeof record?.value === 'number' ? record.value : undefined
  }

  async catalogProduct(slug: string): Promise<CatalogProduct | undefined> {
    return (await this.products.get(slug))?.data
  }

  async catalogFamily(family: string): Promise<CatalogProduct[]> {
    return (await this.products.where('family').equals(family).toArray()).map((r) => r.data)
  }
}
