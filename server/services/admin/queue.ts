import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  queueStatuses,
  type AdminQueue,
  type AdminQueueOrder,
  type QueueStatus,
  type ShipByState,
} from '../../../contract/admin-queue.ts'
import { orderNumber } from '../../../contract/orders.ts'
import { orderEvents, orderLines, orders, productionTimes, users } from '../../db/schema.ts'
import type { Palette } from '../cart/pricing.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import type { Executor, LineRow } from '../orders/lookup.ts'
import { orderItemsOf } from '../orders/views.ts'
import { paymentStateOf } from './order-list.ts'
import { latestReadyBy } from './ship-by.ts'

/*
 * The made-to-order queue, the workshop's board (GET /api/admin/queue): every submitted order
 * made to order (`orders.made_to_order`, as the order list filters it) that is still to be made
 * or shipped, soonest ship-by day first. Each card's lines are the order page's own
 * (views.ts orderItemsOf), its ship-by day the order page's (ship-by.ts latestReadyBy of the
 * items' production times), its amounts the order list's: the total as orderSummaries makes it,
 * and what was paid as the order's row keeps it (`paid_amount`: order-money.ts `paid`, kept by a
 * trigger, migration 0021), so no payment is read.
 *
 * Four queries, however long the queue: the candidates with their customers (by a partial index
 * of migration 0021, its predicate written word for word and the states as literals, so that the
 * planner can prove it), all their lines in one query by order_lines_order_id_idx, the
 * production times, and the last notes (order_events_order_id_idx).
 */

const dayMs = 24 * 3600 * 1000

/** The account an order belongs to (a guest session's order: the account on its address). */
const owner = alias(users, 'owner')
/** The customer a dealer placed the order for. */
const placedFor = alias(users, 'placed_for_user')

/** States from code (never input) as SQL literals; see the file's head. */
const literals = (values: readonly string[]) =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')

/** The queue's orders: submitted (migration 0021's predicate), made to order, in `states`. */
function queued(states: readonly QueueStatus[]) {
  return sql.raw(
    `"orders"."submitted_at" is not null and "orders"."status" not in ('open', 'merged') ` +
      `and "orders"."made_to_order" and "orders"."status" in (${literals(states)})`,
  )
}

/** Where an order stands against its ship-by day: late before today, at risk within the window. */
export function shipByStateOf(daysLeft: number | null, atRiskDays: number): ShipByState {
  if (daysLeft === null) return 'on_time'
  if (daysLeft < 0) return 'late'
  return daysLeft <= atRiskDays ? 'at_risk' : 'on_time'
}

/** Soonest ship-by first, orders without one last; then the oldest submit, then the id. */
function queueOrder(a: AdminQueueOrder, b: AdminQueueOrder): number {
  if (a.ship_by !== b.ship_by) {
    if (a.ship_by === null) return 1
    if (b.ship_by === null) return -1
    return a.ship_by < b.ship_by ? -1 : 1
  }
  if (a.submitted_at !== b.submitted_at) return a.submitted_at < b.submitted_at ? -1 : 1
  return a.id < b.id ? -1 : 1
}

export interface QueueOptions {
  /** Now: today (UTC) is the day `days_left` counts from. */
  now: Date
  /** One state, or all of queueStatuses. */
  status?: QueueStatus
  /** The window of `at_risk` (7 days). */
  atRiskDays?: number
}

/** The made-to-order queue as the workshop reads it. */
export async function madeToOrderQueue(
  db: Executor,
  catalog: CatalogSnapshot,
  palette: Palette,
  { now, status, atRiskDays = 7 }: QueueOptions,
): Promise<AdminQueue> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const today = new Date(todayStart).toISOString().slice(0, 10)
  const candidates = await db
    .select({
      order: orders,
      ownerEmail: owner.email,
      ownerName: owner.name,
      placedForName: placedFor.name,
    })
    .from(orders)
    .leftJoin(owner, eq(owner.id, sql`coalesce(${orders.userId}, ${orders.guestOf})`))
    .leftJoin(placedFor, eq(placedFor.id, orders.placedFor))
    .where(queued(status ? [status] : queueStatuses))
  if (candidates.length === 0) return { orders: [], at_risk_days: atRiskDays, today }

  const ids = candidates.map((candidate) => candidate.order.id)
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
  const linesByOrder = new Map<string, LineRow[]>()
  for (const line of lines) {
    const own = linesByOrder.get(line.orderId)
    if (own) own.push(line)
    else linesByOrder.set(line.orderId, [line])
  }
  const times = await db.select().from(productionTimes)
  // The latest event of each order that has a note (every move has one unless it was cleared).
  const notes = await db
    .selectDistinctOn([orderEvents.orderId], {
      orderId: orderEvents.orderId,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, ids), ne(orderEvents.note, '')))
    .orderBy(orderEvents.orderId, desc(orderEvents.createdAt), desc(orderEvents.id))
  const lastNote = new Map(notes.map((row) => [row.orderId, row.note]))

  const queue = candidates.map(({ order, ownerEmail, ownerName, placedForName }) => {
    const own = linesByOrder.get(order.id) ?? []
    const { items } = orderItemsOf(order, own, times, catalog, palette)
    // As orderSummaries: fixed at submit, or (an order from before total_amount) its lines.
    const total =
      order.totalAmount ??
      own
        .filter((line) => line.parentId === null)
        .reduce((sum, line) => sum + line.unitAmount * line.qty, 0) +
        (order.shippingOption?.amount ?? 0)
    const shipBy = latestReadyBy(items.map((item) => item.production_time))
    const daysLeft =
      shipBy === null ? null : Math.round((Date.parse(`${shipBy}T00:00:00Z`) - todayStart) / dayMs)
    return {
      id: order.id,
      number: orderNumber(order.id),
      // The query kept only these states.
      status: order.status as QueueStatus,
      submitted_at: (order.submittedAt ?? order.updatedAt).toISOString(),
      ship_by: shipBy,
      days_left: daysLeft,
      ship_by_state: shipByStateOf(daysLeft, atRiskDays),
      email: order.email ?? ownerEmail,
      name: placedForName ?? ownerName ?? order.shippingAddress?.name ?? null,
      country: order.shippingAddress?.country ?? null,
      currency: order.currency,
      total,
      balance: Math.max(0, total - order.paidAmount),
      payment: paymentStateOf(total, order.paidAmount),
      // What the workshop sews: the items not shipped from stock.
      lines: items.filter((item) => !item.in_stock),
      last_note: lastNote.get(order.id) ?? null,
    } satisfies AdminQueueOrder
  })
  return { orders: queue.sort(queueOrder), at_risk_days: atRiskDays, today }
}
