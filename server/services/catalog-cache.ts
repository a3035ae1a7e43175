import type { Product } from '../../contract/catalog.ts'
import type { FamilyKey } from '../../contract/families.ts'
import { onCatalogChange, type Database } from '../db/index.ts'
import { encodedBody, type EncodedBody } from './encoded-body.ts'
import { catalogVersionOf, loadCatalog } from './catalog.ts'

/**
 * The longest a process trusts its catalog without asking the database for the version, in
 * case a notification was lost. Notifications normally arrive within milliseconds of a write;
 * this bounds how stale an answer can be when they do not.
 */
export const catalogRecheckMs = 1_000

/** The catalog as of one version, each answer serialized once, when first asked for. */
export interface CatalogSnapshot {
  version: number
  /** `GET /api/product/{slug}` for a product slug; undefined answers 404. */
  product(slug: string, includeInactive: boolean): EncodedBody | undefined
  /** `GET /api/product/{family}`: the family's products in listing order. */
  family(family: FamilyKey, includeInactive: boolean): EncodedBody
  /** Where an active product's page is (`/wingsuits/corvid-2`), or undefined if there is none. */
  productPagePath(slug: string): string | undefined
  /** A product, retired ones included (cart lines name them). */
  productBySlug(slug: string): Product | undefined
  /** The product a product or variant sku belongs to, with the variant when it is one. */
  productBySku(
    sku: string,
  ): { product: Product; variant: Product['variants'][number] | undefined } | undefined
}

export interface CatalogCache {
  /** The current snapshot: at once when it is known to be current, else after a check. */
  current(): CatalogSnapshot | Promise<CatalogSnapshot>
}

const json = 'application/json'

function jsonBody(value: unknown): EncodedBody {
  return encodedBody(Buffer.from(JSON.stringify(value)), json)
}

function snapshotOf(version: number, products: Product[]): CatalogSnapshot {
  const bySlug = new Map(products.map((product) => [product.slug, product]))
  const bySku = new Map<
    string,
    { product: Product; variant: Product['variants'][number] | undefined }
  >()
  for (const product of products) {
    bySku.set(product.sku, { product, variant: undefined })
    for (const variant of product.variants) bySku.set(variant.sku, { product, variant })
  }
  const answers = new Map<string, EncodedBody | undefined>()
  const answer = (key: string, build: () => EncodedBody | undefined) => {
    if (!answers.has(key)) answers.set(key, build())
    return answers.get(key)
  }
  return {
    version,
    product(slug, includeInactive) {
      const product = bySlug.get(slug)
      if (!product || !(product.active || includeInactive)) return undefined
      return answer(`product:${includeInactive}:${slug}`, () => jsonBody(product))
    },
    family(family, includeInactive) {
      return answer(`family:${includeInactive}:${family}`, () =>
        jsonBody(
          products.filter(
            (product) => product.family === family && (product.active || includeInactive),
          ),
        ),
      )!
    },
    productPagePath(slug) {
      const product = bySlug.get(slug)
      return product?.active ? product.path : undefined
    },
    productBySlug: (slug) => bySlug.get(slug),
    productBySku: (sku) => bySku.get(sku),
  }
}

/** The catalog as it is now, read once (the admin command line, which serves no requests). */
export async function catalogSnapshotOnce(db: Database): Promise<CatalogSnapshot> {
  return snapshotOf(await catalogVersionOf(db), await loadCatalog(db))
}

/**
 * The catalog answers of one API process, kept in memory and rebuilt from the database when the
 * catalog changes. A write anywhere (this process, another process on the same PostgreSQL, the
 * seed) raises the catalog version and notifies every process (migration 0003); a notification
 * makes the next request check the version and, if it moved, reload the catalog (two queries).
 * Without notifications, a request finding the last check older than `recheckMs` checks again
 * first, so no answer is built from a catalog older than that.
 */
export function createCatalogCache({
  db,
  now = () => performance.now(),
  recheckMs = catalogRecheckMs,
}: {
  db: Database
  /** A clock in milliseconds; tests pass their own. */
  now?: () => number
  recheckMs?: number
}): CatalogCache {
  let snapshot: CatalogSnapshot | undefined
  /** The highest version a notification has announced. */
  let announced = 0
  /** A notification without a version came (a lost listener connection): ask the database. */
  let mustCheck = false
  let checkedAt = Number.NEGATIVE_INFINITY
  let refreshing: Promise<CatalogSnapshot> | undefined
  let following = false

  function follow() {
    if (following) return
    following = true
    onCatalogChange(db, (payload) => {
      const version = Number(payload)
      if (payload && Number.isSafeInteger(version)) announced = Math.max(announced, version)
      else mustCheck = true
    })
  }

  async function refresh(): Promise<CatalogSnapshot> {
    follow()
    const startedAt = now()
    const announcedBefore = announced
    mustCheck = false
    // The version first: rows read after it are at least that new, so a write racing this
    // load only makes the snapshot newer than its label, and its notification reloads it.
    const version = await catalogVersionOf(db)
    // A database restored from an older copy counts lower than what was announced before.
    if (announced === announcedBefore && announced > version) announced = version
    if (!snapshot || snapshot.version !== version) {
      snapshot = snapshotOf(version, await loadCatalog(db))
    }
    checkedAt = startedAt
    return snapshot
  }

  return {
    current() {
      if (
        snapshot &&
        !mustCheck &&
        snapshot.version >= announced &&
        now() - checkedAt < recheckMs
      ) {
        return snapshot
      }
      refreshing ??= refresh().finally(() => (refreshing = undefined))
      return refreshing
    },
  }
}
