import { asc, inArray } from 'drizzle-orm'
import type { LineProductionTime } from '../../../contract/orders.ts'
import { orderLines, productionTimes } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import type { Executor } from '../orders/lookup.ts'
import { lineProductionTime } from '../orders/production.ts'

/*
 * An order's ship-by day, for the back office's list and page and the dashboard's late orders:
 * the order page's own production time of each item (services/orders/production.ts: the submit
 * day plus the weeks the customer was promised), the latest of them.
 */

/** The latest of the items' ready-by days (`YYYY-MM-DD` sorts as it reads); null when none is made. */
export function latestReadyBy(times: readonly (LineProductionTime | null)[]): string | null {
  return times.reduce<string | null>(
    (latest, time) =>
      time && (latest === null || time.ready_by > latest) ? time.ready_by : latest,
    null,
  )
}

/** Each order's ship-by day (null where no item is made), its lines read in one query. */
export async function shipByOf(
  db: Executor,
  rows: readonly { id: string; submittedAt: Date }[],
  catalog: CatalogSnapshot,
): Promise<Map<string, string | null>> {
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return new Map()
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
  const times = await db.select().from(productionTimes)
  return new Map(
    rows.map((order) => {
      const own = lines.filter((line) => line.orderId === order.id)
      const ready = own
        .filter((line) => line.parentId === null)
        .map((line) =>
          lineProductionTime(
            catalog.productBySlug(line.productSlug),
            line,
            own,
            times,
            order.submittedAt,
          ),
        )
      return [order.id, latestReadyBy(ready)]
    }),
  )
}
