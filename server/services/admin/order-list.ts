import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type {
  AdminOrderRow,
  AdminOrdersPage,
  AdminOrdersQuery,
  PaymentState,
} from '../../../contract/admin.ts'
import { paidStatus } from '../../../contract/order-lifecycle.ts'
import { orderNumber } from '../../../contract/orders.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import { dealerDirectory, dealers, orders, users } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { isSubmitted, type Executor } from '../orders/lookup.ts'
import { orderSummaries } from '../orders/views.ts'
import { shipByOf } from './ship-by.ts'

/*
 * The back office's order list (GET /api/admin/orders): every submitted order, newest first,
 * narrowed by state, payment, made to order, dealer, submit dates and a search, a page at a time.
 * Each filter is a condition on the order's own row: what was paid and whether it was made to
 * order are kept on it (`paid_amount`, `made_to_order`, migration 0021), so no filter reads an
 * order's payments or lines. The count and the page's ids come from orders alone (the customers'
 * accounts are joined only for a search); the page's rows are then read by id. Their amounts come
 * from the customer's own order list (services/orders/views.ts): the shop and the customer read
 * the same figures.
 */

/** The account an order belongs to (a guest session's order: the account on its address). */
const owner = alias(users, 'owner')
/** The customer a dealer placed the order for. */
const placedFor = alias(users, 'placed_for_user')

const ownerOfOrder = eq(owner.id, sql`coalesce(${orders.userId}, ${orders.guestOf})`)

/** A search's joins: the accounts whose e-mail addresses and names it reads. */
function joinAccounts<T extends PgSelect>(select: T): T {
  // The joins add no column to what the query selects: its result keeps its type.
  return select
    .leftJoin(owner, ownerOfOrder)
    .leftJoin(placedFor, eq(placedFor.id, orders.placedFor)) as unknown as T
}

const totalSql = sql<number>`coalesce(${orders.totalAmount}, 0)`

/** contract/order-lifecycle.ts `paidStatus`, as a condition on the order's row. */
function paymentCondition(state: PaymentState): SQL {
  switch (state) {
    case 'paid':
      return sql`${orders.paidAmount} >= ${totalSql}`
    case 'part_paid':
      return sql`${orders.paidAmount} > 0 and ${orders.paidAmount} < ${totalSql}`
    case 'unpaid':
      return sql`${orders.paidAmount} = 0 and ${totalSql} > 0`
  }
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}

/**
 * The search: the order number as the customer sees it (its id's first 8 characters; 4 or more
 * of them, with or without `#`, or the whole id), or part of the mail address, the account's
 * e-mail or name, the customer's a dealer placed it for, or the name on the shipping address.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.toLowerCase()
  const pattern = containing(text)
  const number = text.replace(/^#/, '')
  const parts: (SQL | undefined)[] = [
    sql`lower(${orders.email}) like ${pattern}`,
    // Account addresses are stored lower-cased (users_email_lower_case).
    sql`${owner.email} like ${pattern}`,
    sql`lower(${owner.name}) like ${pattern}`,
    sql`${placedFor.email} like ${pattern}`,
    sql`lower(${placedFor.name}) like ${pattern}`,
    sql`lower(${orders.shippingAddress} ->> 'name') like ${pattern}`,
  ]
  if (uuidPattern.test(number)) parts.push(eq(orders.id, number))
  else if (/^[0-9a-f]{4,8}$/.test(number)) {
    // The ids a number's prefix starts: one range of the primary key.
    const lowest = `${number.padEnd(8, '0')}-0000-0000-0000-000000000000`
    const highest = `${number.padEnd(8, 'f')}-ffff-ffff-ffff-ffffffffffff`
    parts.push(and(gte(orders.id, lowest), lte(orders.id, highest)))
  }
  return or(...parts)
}

/** The day after a `YYYY-MM-DD` day, as the instant it starts (UTC). */
function dayAfter(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000)
}

function conditions(query: AdminOrdersQuery): SQL | undefined {
  return and(
    isSubmitted,
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.from === undefined
      ? undefined
      : gte(orders.submittedAt, new Date(`${query.from}T00:00:00Z`)),
    query.to === undefined ? undefined : lt(orders.submittedAt, dayAfter(query.to)),
    query.dealer === undefined ? undefined : eq(orders.dealerId, query.dealer),
    query.made_to_order === undefined
      ? undefined
      : eq(orders.madeToOrder, query.made_to_order === 'true'),
    query.payment === undefined ? undefined : paymentCondition(query.payment),
    query.q === undefined ? undefined : searchCondition(query.q),
  )
}

/** One page of the back office's order list, and how many orders its filters keep. */
export async function listBackOfficeOrders(
  db: Executor,
  catalog: CatalogSnapshot,
  query: AdminOrdersQuery,
): Promise<AdminOrdersPage> {
  const where = conditions(query)
  const counting = db.select({ n: count() }).from(orders).$dynamic()
  const paging = db.select({ id: orders.id }).from(orders).$dynamic()
  const [counted] = await (query.q === undefined ? counting : joinAccounts(counting)).where(where)
  const pageIds = (
    await (query.q === undefined ? paging : joinAccounts(paging))
      .where(where)
      .orderBy(desc(orders.submittedAt), desc(orders.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
  ).map((row) => row.id)
  const totalCount = Number(counted?.n ?? 0)
  const rows = await pageRows(db, pageIds)
  const orderRows = rows.map((row) => row.order)
  const summaries = new Map(
    (await orderSummaries(db, orderRows, catalog)).map((summary) => [summary.id, summary]),
  )
  const shipBy = await shipByOf(
    db,
    orderRows.map((order) => ({ id: order.id, submittedAt: order.submittedAt ?? order.updatedAt })),
    catalog,
  )
  return {
    orders: rows.map(({ order, ownerEmail, ownerName, placedForName, dealerName }) => {
      const summary = summaries.get(order.id)!
      return {
        id: order.id,
        number: orderNumber(order.id),
        // isSubmitted keeps carts and merged carts out.
        status: summary.status as AdminOrderRow['status'],
        submitted_at: summary.submitted_at,
        email: order.email ?? ownerEmail,
        name: placedForName ?? ownerName ?? order.shippingAddress?.name ?? null,
        currency: summary.currency,
        total: summary.total,
        paid: summary.paid,
        refunded: summary.refunded,
        balance: summary.balance,
        payment: paymentStateOf(summary.total, summary.paid),
        made_to_order: order.madeToOrder,
        dealer:
          order.dealerId && dealerName !== null ? { id: order.dealerId, name: dealerName } : null,
        ship_by: shipBy.get(order.id) ?? null,
      }
    }),
    page: query.page,
    per_page: query.per_page,
    total_count: totalCount,
    has_more: query.page * query.per_page < totalCount,
  }
}

/** The page's orders by id, in the page's order, with their customers' accounts and dealer. */
async function pageRows(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      order: orders,
      ownerEmail: owner.email,
      ownerName: owner.name,
      placedForName: placedFor.name,
      dealerName: dealerDirectory.name,
    })
    .from(orders)
    .leftJoin(owner, ownerOfOrder)
    .leftJoin(placedFor, eq(placedFor.id, orders.placedFor))
    .leftJoin(dealers, eq(dealers.userId, orders.dealerId))
    .leftJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .where(inArray(orders.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.order.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** contract/order-lifecycle.ts `paidStatus` in the list's words. */
export function paymentStateOf(total: number, paid: number): PaymentState {
  const state = paidStatus(Math.max(0, total), Math.max(0, paid))
  return state === 'paid' ? 'paid' : state === 'partly_paid' ? 'part_paid' : 'unpaid'
}
