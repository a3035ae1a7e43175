import type { Product } from '../../../contract/catalog.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import type { LineProductionTime } from '../../../contract/orders.ts'
import { pricingConfiguratorOf, upgradeWeeksOf } from '../../../contract/pricing.ts'
import type { productionTimes } from '../../db/schema.ts'
import type { LineRow } from './lookup.ts'

type ProductionTimeRow = typeof productionTimes.$inferSelect

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

/** What the production time reads of a product: the catalog's, or a product row's. */
export interface ProductionProduct {
  family: FamilyKey
  configurable: boolean
  configurator?: Product['configurator'] | undefined
  variants: readonly { sku: string; in_stock: boolean }[]
}

/**
 * Whether an item ships from stock: its variant is in stock, or the product (or the variant) is
 * no longer in the catalog, so nothing says it is made.
 */
export function lineInStock(product: ProductionProduct | undefined, sku: string): boolean {
  return product?.variants.find((variant) => variant.sku === sku)?.in_stock ?? true
}

/**
 * An ordered item's production time, as the product page words it (contract/availability.ts):
 * any variant not in stock is made (a made-to-measure suit, a bag in a colour sewn to order), in
 * its family's current weeks plus what its upgrades add, counted from the submit day. Null for
 * an item in stock, and for one made in a family whose weeks are not published (`lineInStock`
 * tells the two apart). The order's page, its mail and the cart read it from here.
 */
export function lineProductionTime(
  product: ProductionProduct | undefined,
  line: Pick<LineRow, 'id' | 'sku' | 'meta'>,
  lines: readonly Pick<LineRow, 'parentId' | 'sku'>[],
  times: readonly ProductionTimeRow[],
  submittedAt: Date,
): LineProductionTime | null {
  if (!product || lineInStock(product, line.sku)) return null
  const time = times.find((row) => row.category === product.family)
  if (!time) return null
  const added =
    product.configurable && product.configurator
      ? upgradeWeeksOf(pricingConfiguratorOf(product.configurator), {
          meta: line.meta,
          childSkus: lines.filter((child) => child.parentId === line.id).map((c) => c.sku),
        })
      : 0
  return {
    weeks_min: time.weeksMin + added,
    weeks_max: time.weeksMax + added,
    note: time.note,
    ready_from: addDays(submittedAt, (time.weeksMin + added) * 7),
    ready_by: addDays(submittedAt, (time.weeksMax + added) * 7),
  }
}
