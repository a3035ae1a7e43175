import type { CartLineAvailability } from '../../../contract/cart.ts'
import type { Product } from '../../../contract/catalog.ts'
import type { Database } from '../../db/index.ts'
import { productionTimes } from '../../db/schema.ts'
import { lineInStock, lineProductionTime } from '../orders/production.ts'
import type { LineRow } from './open-cart.ts'

/*
 * When a cart's line ships (contract/cart.ts CartLineAvailability): timed by the function that
 * times an order's lines (services/orders/production.ts), as if the order were submitted now; the
 * cart keeps the weeks, since the dates come with the submit day.
 */

export type ProductionTimeRow = typeof productionTimes.$inferSelect

// The production times, read from the database at most every few seconds: they change only when
// a process seeds new content (the workshop revising its weeks).
const timesCache = new WeakMap<Database, { at: number; rows: readonly ProductionTimeRow[] }>()
const timesRecheckMs = 5_000

/** The production times (read before a transaction: PGlite has one session, which it holds). */
export async function cachedProductionTimes(db: Database): Promise<readonly ProductionTimeRow[]> {
  const cached = timesCache.get(db)
  if (cached && performance.now() - cached.at < timesRecheckMs) return cached.rows
  const rows = await db.select().from(productionTimes)
  timesCache.set(db, { at: performance.now(), rows })
  return rows
}

/**
 * A line's availability; null for a product the catalog no longer knows (nothing true to say).
 * In stock as the order's timing reckons it: a variant the product does not list counts as in
 * stock. Made to order without published weeks (no row for its family) says no weeks.
 */
export function lineAvailability(
  product: Product | undefined,
  line: LineRow,
  lines: readonly LineRow[],
  times: readonly ProductionTimeRow[],
  now: Date,
): CartLineAvailability | null {
  if (!product) return null
  const inStock = lineInStock(product, line.sku)
  const time = lineProductionTime(product, line, lines, times, now)
  return {
    in_stock: inStock,
    weeks_min: time?.weeks_min ?? null,
    weeks_max: time?.weeks_max ?? null,
  }
}
