import type { ShippingAddress } from '../../contract/address.ts'
import type { Product } from '../../contract/catalog.ts'
import { quoteFromTable, ShippingRateTable, type RatedOption } from '../../contract/shipping.ts'
import type { Database } from '../db/index.ts'
import { shippingRates } from '../db/schema.ts'

/*
 * Shipping rates behind one small interface. Today they come from the owner's rate table
 * (content/shipping-rates.json, seeded into `shipping_rates`); a carrier's API can implement the
 * same interface later and the routes will not notice.
 */

/** One line of a parcel: a product, its packed weight and how many. */
export interface ParcelLine {
  productSlug: string
  qty: number
  weightGrams: number
}

export interface ShippingRates {
  /** The countries an address may be in (an address elsewhere is refused). */
  countries(): ReadonlySet<string>
  /**
   * What may be chosen for a parcel of these lines going to this address, each with its price
   * and the weights that price holds for. None: the address is not served, or the parcel is too
   * heavy for every service.
   */
  optionsFor(address: ShippingAddress, lines: readonly ParcelLine[]): Promise<RatedOption[]>
}

/** A parcel's weight: each line's product weight times its quantity. */
export function parcelWeight(lines: readonly ParcelLine[]): number {
  return lines.reduce((sum, line) => sum + line.weightGrams * line.qty, 0)
}

/** The rate table as a ShippingRates. */
export function tableShippingRates(table: ShippingRateTable): ShippingRates {
  const countries = new Set(table.zones.flatMap((zone) => zone.countries))
  return {
    countries: () => countries,
    optionsFor: (address, lines) =>
      Promise.resolve(quoteFromTable(table, address.country, parcelWeight(lines))),
  }
}

interface OrderLineLike {
  parentId: string | null
  productSlug: string
  qty: number
}

/**
 * An order's lines as a parcel. Children (a super custom design) carry their parent's product
 * but are no more cloth: only parent lines weigh. A product gone from the catalog weighs 0.
 */
export function parcelOf(
  lines: readonly OrderLineLike[],
  productBySlug: (slug: string) => Product | undefined,
): ParcelLine[] {
  return lines
    .filter((line) => line.parentId === null)
    .map((line) => ({
      productSlug: line.productSlug,
      qty: line.qty,
      weightGrams: productBySlug(line.productSlug)?.weight_grams ?? 0,
    }))
}

/**
 * Whether an order is made to order (docs/checkout.md: `isMto`), from the catalog: every line is a
 * configurable product (a custom suit or container designed in the configurator) in a variant
 * the product page shows as "Made to order" (not in stock; the `-CUSTOM` variant never is). Such
 * an order is sewn after it is submitted, so no shipping method and no payment are due today
 * (docs/checkout.md). An empty order is not.
 */
export function isMadeToOrder(
  lines: readonly (OrderLineLike & { sku: string })[],
  productBySlug: (slug: string) => Product | undefined,
): boolean {
  const parents = lines.filter((line) => line.parentId === null)
  return (
    parents.length > 0 &&
    parents.every((line) => {
      const product = productBySlug(line.productSlug)
      const variant = product?.variants.find((candidate) => candidate.sku === line.sku)
      return product?.configurable === true && variant !== undefined && !variant.in_stock
    })
  )
}

// The table, read from the database at most every few seconds: it changes only when a process
// seeds new content.
const cache = new WeakMap<Database, { at: number; rates: ShippingRates }>()
const recheckMs = 5_000

/** The store's rates (read before a transaction: PGlite has one session, which it holds). */
export async function currentShippingRates(db: Database): Promise<ShippingRates> {
  const cached = cache.get(db)
  if (cached && performance.now() - cached.at < recheckMs) return cached.rates
  const [row] = await db.select({ rates: shippingRates.rates }).from(shippingRates)
  // Before the first seed there is no table: no country is served.
  const rates = tableShippingRates(
    row ? ShippingRateTable.parse(row.rates) : { currency: 'USD', zones: [] },
  )
  cache.set(db, { at: performance.now(), rates })
  return rates
}
