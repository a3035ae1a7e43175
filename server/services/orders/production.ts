import type { Product } from '../../../contract/catalog.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import type { LineProductionTime } from '../../../contract/orders.ts'
import { pricingConfiguratorOf, upgradeWeeksOf } from '../../../contract/pricing.ts'
import type { productionTimes } from '../../db/schema.ts'
import type { LineRow } from './lookup.ts'

type ProductionTimeRow = typeof productionTimes.$inferSelect

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

/**
 * An ordered item's production time, as the product page words it (contract/availability.ts):
 * any variant not in stock is made (a made-to-measure suit, a bag in a colour sewn to order), in
 * its family's current weeks plus what its upgrades add, counted from the submit day. Null for
 * an item in stock. The order's page and its mail both read it from here.
 */
/** What the production time reads of a product: the catalog's, or a product row's. */
export interface ProductionProduct {
  family: FamilyKey
  configurable: boolean
  configurator?: Product['configurator'] | undefined
  variants: readonly { sku: string; in_stock: boolean }[]
}

export function lineProductionTime(
  product: ProductionProduct | undefined,
  line: Pick<LineRow, 'id' | 'sku' | 'meta'>,
  lines: readonly Pick<LineRow, 'parentId' | 'sku'>[],
  times: readonly ProductionTimeRow[],
  submittedAt: Date,
): LineProductionTime | null {
  if (!product) return null
  const inStock = product.variants.find((variant) => variant.sku === line.sku)?.in_stock ?? true
  const time = !inStock && times.find((row) => row.category === product.family)
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
