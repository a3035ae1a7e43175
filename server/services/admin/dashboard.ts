import { sql, type SQL } from 'drizzle-orm'
import type { OrderStatus } from '../../../contract/order-status.ts'
import { payableStatuses } from '../../../contract/orders.ts'
import type { Database } from '../../db/index.ts'
import { catalogSnapshotOnce, type CatalogSnapshot } from '../catalog-cache.ts'
import type { Transaction } from '../idempotency.ts'
import { shipByOf } from './ship-by.ts'

/*
 * The back office's dashboard (issue 33): the figures its charts draw and the list of what needs
 * the owner, each one SQL aggregate (the late made-to-order orders: one query for the candidates,
 * then the order page's own production time). Days and weeks are UTC, as the page views' are
 * (services/analytics.ts); weeks start on Monday. Amounts are minor units.
 *
 * What counts as a sale: a submitted order (carts and merged carts are not orders), by the day it
 * was submitted, at its total as it stands (`total_amount`: lines, discounts and shipping, kept
 * current by amendments). A cancelled order never went ahead and is left out. A refund does not
 * undo a sale: a refunded order (in part, or whole: status `refunded`) still counts at its total,
 * and what was given back of its payments is reported beside it as `refunded`, on the order's
 * submit day (no column says when a refund was made), so sales less refunded is what was kept.
 * That is the order page's reading too (services/payments/order-money.ts): paid is what was
 * settled, a refund not taken off.
 *
 * Only orders in one currency are added up (`currency`, USD unless told): amounts in two
 * currencies do not add. The lists of what needs the owner name each order's currency instead.
 *
 * What the order list filters on is read from the order's row as it does
 * (services/admin/order-list.ts, migration 0021): `made_to_order` (isMadeToOrder, taken at
 * submit) and `paid_amount` (order-money.ts `paid`, kept by a trigger on payments). Every query
 * of orders carries the predicate of the orders_* indexes of that migration word for word
 * (`submitted`), and lists of states are written as literals, not parameters, so that the planner
 * can prove a partial index's predicate from them, also for a generic plan.
 *
 * Indexes (docs/performance.md, "Back office at scale"): the period's orders are found by
 * `orders_submitted_idx` and their lines by `order_lines_order_id_idx`; the page views of each day
 * by `page_views_viewed_at_idx`; the made-to-order orders in work by `orders_status_submitted_idx`;
 * the balances by `orders_balance_due_idx`, pending payments by `payments_pending_idx`, an order's
 * refunds by `payments_order_id_idx`. The outbox (30 days of mail) and the payout requests (a few
 * a month per dealer) are small, and read whole.
 */

type Executor = Database | Transaction

/** A stretch of time the charts cover. */
export interface Period {
  /** The first instant counted: a UTC midnight for whole days. */
  from: Date
  /** The first instant no longer counted (exclusive). */
  to: Date
  /** The currency added up; orders in another are left out. USD unless told. */
  currency?: string
}

const dayMs = 24 * 60 * 60 * 1000

/**
 * One aggregate's rows, with PostgreSQL's JIT compilation off for it (`set local`, so for this
 * transaction only). A year's aggregates are estimated above `jit_above_cost` (100,000), and
 * PostgreSQL 15 then spent about 190 ms of a 250 ms query compiling it, for a plan that runs in
 * 40. PGlite has no JIT; the setting is harmless there. Both drivers (node-postgres, PGlite)
 * answer an execute with its `rows`.
 */
function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`)
    return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows
  })
}

/** A count or a sum as either driver gives it (a bigint may come as a string or a BigInt). */
const int = (value: unknown): number => Number(value ?? 0)

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * Values from code (states, never input) as SQL literals: a partial index's predicate can be
 * proved from constants, not from parameters.
 */
const literals = (values: readonly string[]) =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')

/** A submitted order: the predicate of migration 0021's orders_* indexes, word for word. */
const submitted = sql.raw(`o.submitted_at is not null and o.status not in ('open', 'merged')`)

/** Made-to-order orders the workshop still has to make and ship. */
const inWorkStatuses: readonly OrderStatus[] = ['submitted', 'partly_paid', 'paid', 'in_production']

/**
 * The period's sales (see the file's head): `id`, `submitted_at`, `total`, `made_to_order`.
 * Served by orders_submitted_idx: a month of a year of orders reads a month.
 */
function periodOrders({ from, to, currency = 'USD' }: Period): SQL {
  return sql`
    select o.id, o.submitted_at, coalesce(o.total_amount, 0) as total, o.made_to_order
    from orders o
    where ${submitted} and o.status <> 'cancelled'
      and o.submitted_at >= ${at(from)} and o.submitted_at < ${at(to)}
      and o.currency = ${currency}`
}

/** UTC days from `from` up to `to` (exclusive), as YYYY-MM-DD. */
export function daysOf({ from, to }: Pick<Period, 'from' | 'to'>): string[] {
  const days: string[] = []
  const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())
  for (let time = first; time < to.getTime(); time += dayMs) {
    days.push(new Date(time).toISOString().slice(0, 10))
  }
  return days
}

/** The Mondays (UTC) of the weeks the period touches, as YYYY-MM-DD. */
export function weeksOf(period: Pick<Period, 'from' | 'to'>): string[] {
  const mondays = daysOf(period).map((day) => {
    const date = new Date(`${day}T00:00:00Z`)
    return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs)
      .toISOString()
      .slice(0, 10)
  })
  return [...new Set(mondays)]
}

export interface SalesFigures {
  /** Orders submitted (cancelled ones left out). */
  orders: number
  /** Their totals, refunds not taken off. */
  sales: number
  /** What was given back of those orders' payments. */
  refunded: number
}

export interface SalesDay extends SalesFigures {
  /** A UTC day, YYYY-MM-DD. */
  day: string
}

export interface SalesWeek extends SalesFigures {
  /** The week's Monday (UTC), YYYY-MM-DD; the period's first and last weeks may be partial. */
  week: string
}

interface SalesRow {
  key: string
  orders: number
  sales: string | number
  refunded: string | number
}

/** The period's sales grouped by `bucket` (an SQL expression of `submitted_at` giving text). */
async function salesBy(db: Executor, period: Period, bucket: SQL): Promise<Map<string, SalesRow>> {
  const rows = await rowsOf<SalesRow>(
    db,
    sql`
      select ${bucket} as key, count(*)::int as orders, sum(s.total)::bigint as sales,
        sum((
          select coalesce(sum(p.refunded_amount), 0) from payments p
          where p.order_id = s.id and p.status in ('settled', 'refunded')
        ))::bigint as refunded
      from (${periodOrders(period)}) s
      group by 1`,
  )
  return new Map(rows.map((row) => [row.key, row]))
}

const figuresOf = (row: SalesRow | undefined): SalesFigures => ({
  orders: int(row?.orders),
  sales: int(row?.sales),
  refunded: int(row?.refunded),
})

/** Sales per UTC day of the period, every day listed (0 when nothing was sold). */
export async function salesPerDay(db: Executor, period: Period): Promise<SalesDay[]> {
  const byDay = await salesBy(
    db,
    period,
    sql`to_char((s.submitted_at at time zone 'UTC')::date, 'YYYY-MM-DD')`,
  )
  return daysOf(period).map((day) => ({ day, ...figuresOf(byDay.get(day)) }))
}

/** Sales per week (Monday to Sunday, UTC) the period touches, only its own days counted. */
export async function salesPerWeek(db: Executor, period: Period): Promise<SalesWeek[]> {
  const byWeek = await salesBy(
    db,
    period,
    sql`to_char(date_trunc('week', s.submitted_at at time zone 'UTC'), 'YYYY-MM-DD')`,
  )
  return weeksOf(period).map((week) => ({ week, ...figuresOf(byWeek.get(week)) }))
}

export interface SalesSummary extends SalesFigures {
  /** Sales divided by orders, rounded to the minor unit; 0 with no orders. */
  averageOrderValue: number
}

/** The period's orders, sales, refunds and average order value. */
export async function salesSummary(db: Executor, period: Period): Promise<SalesSummary> {
  const [row] = [...(await salesBy(db, period, sql`'all'`)).values()]
  const figures = figuresOf(row)
  return {
    ...figures,
    averageOrderValue: figures.orders === 0 ? 0 : Math.round(figures.sales / figures.orders),
  }
}

export interface OrdersAndSales {
  orders: number
  sales: number
}

export interface MadeToOrderShare {
  /**
   * Orders whose every own line was made to order when submitted (`made_to_order`: services/
   * shipping.ts isMadeToOrder): configured suits.
   */
  madeToOrder: OrdersAndSales
  /** Every other order: it ships from stock, or with something from stock in it. */
  inStock: OrdersAndSales
}

/** The period's made-to-order orders against the rest: count and sales (refunds not taken off). */
export async function madeToOrderShare(db: Executor, period: Period): Promise<MadeToOrderShare> {
  const rows = await rowsOf<{ made: boolean; orders: number; sales: string | number }>(
    db,
    sql`
      select s.made_to_order as made, count(*)::int as orders, sum(s.total)::bigint as sales
      from (${periodOrders(period)}) s
      group by 1`,
  )
  const of = (made: boolean): OrdersAndSales => {
    const row = rows.find((candidate) => candidate.made === made)
    return { orders: int(row?.orders), sales: int(row?.sales) }
  }
  return { madeToOrder: of(true), inStock: of(false) }
}

export interface ProductSales {
  slug: string
  /** Null for a product no longer in the catalog. */
  name: string | null
  family: string | null
  /** Items ordered (a design's child line is part of its suit, not an item of its own). */
  quantity: number
  /**
   * The lines at their prices as charged, children (upgrades) included; before order discounts
   * and shipping.
   */
  amount: number
}

export interface TopProducts {
  /** Most items first (then the larger amount, then the slug). */
  byQuantity: ProductSales[]
  /** Largest amount first (then more items, then the slug). */
  byAmount: ProductSales[]
}

/**
 * The products sold most in the period, by items and by amount; `limit` of each (10). The
 * period's order ids are gathered first and their lines read by order_lines_order_id_idx: a plan
 * that holds without statistics, where a join was planned as a loop and an on-disk sort (240
 * against 70 ms on PGlite for a year).
 */
export async function topProducts(
  db: Executor,
  period: Period & { limit?: number },
): Promise<TopProducts> {
  const rows = await rowsOf<{
    slug: string
    name: string | null
    family: string | null
    quantity: number
    amount: string | number
  }>(
    db,
    sql`
      with sold as (
        select l.product_slug as slug,
          coalesce(sum(l.qty) filter (where l.parent_id is null), 0)::int as quantity,
          sum(l.qty * l.unit_amount)::bigint as amount
        from order_lines l
        where l.order_id = any(array(select po.id from (${periodOrders(period)}) po))
        group by l.product_slug
      )
      select sold.slug, p.name, p.family, sold.quantity, sold.amount
      from sold
      left join products p on p.slug = sold.slug`,
  )
  const products: ProductSales[] = rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    family: row.family,
    quantity: int(row.quantity),
    amount: int(row.amount),
  }))
  const limit = period.limit ?? 10
  const bySlug = (a: ProductSales, b: ProductSales) => (a.slug < b.slug ? -1 : 1)
  return {
    byQuantity: products
      .toSorted((a, b) => b.quantity - a.quantity || b.amount - a.amount || bySlug(a, b))
      .slice(0, limit),
    byAmount: products
      .toSorted((a, b) => b.amount - a.amount || b.quantity - a.quantity || bySlug(a, b))
      .slice(0, limit),
  }
}

export interface ViewsDay {
  /** A UTC day, YYYY-MM-DD. */
  day: string
  /** Page views recorded that day (docs/analytics.md: a view counts on the day it arrived). */
  views: number
  /** Orders submitted that day (as in the sales). */
  orders: number
  /** Orders per page view; null on a day without views. */
  conversion: number | null
}

/**
 * Page views per UTC day of the period against the orders of the day, every day listed. Each
 * day's views are counted by a range of page_views_viewed_at_idx of their own: a plan no
 * statistics can turn into a scan and sort of a year of views (PGlite keeps none unless told).
 */
export async function viewsAgainstOrders(db: Executor, period: Period): Promise<ViewsDay[]> {
  const { from, to } = period
  const days = daysOf(period)
  if (days.length === 0) return []
  // An integer series: the planner knows its length (a series of timestamps it takes for 1,000).
  const [first, count] = [days[0]!, days.length]
  const rows = await rowsOf<{ day: string; views: number; orders: number }>(
    db,
    sql`
      with days as (
        select day, greatest(day::timestamp at time zone 'UTC', ${at(from)}) as starts,
          least((day + 1)::timestamp at time zone 'UTC', ${at(to)}) as ends
        from (select ${first}::date + i as day from generate_series(0, ${count - 1}::int) i) series
      ),
      orders_per_day as (
        select (s.submitted_at at time zone 'UTC')::date as day, count(*)::int as orders
        from (${periodOrders(period)}) s
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        (
          select count(*)::int from page_views v
          where v.viewed_at >= days.starts and v.viewed_at < days.ends
        ) as views,
        coalesce(o.orders, 0) as orders
      from days
      left join orders_per_day o on o.day = days.day
      order by days.day`,
  )
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return days.map((day) => {
    const views = int(byDay.get(day)?.views)
    const orders = int(byDay.get(day)?.orders)
    return { day, views, orders, conversion: views === 0 ? null : orders / views }
  })
}

export interface DashboardFigures {
  salesPerDay: SalesDay[]
  salesPerWeek: SalesWeek[]
  summary: SalesSummary
  madeToOrder: MadeToOrderShare
  topProducts: TopProducts
  viewsPerDay: ViewsDay[]
}

/** Every chart's figures for the period, one aggregate after another (PGlite has one session). */
export async function dashboardFigures(
  db: Executor,
  period: Period & { topLimit?: number },
): Promise<DashboardFigures> {
  return {
    salesPerDay: await salesPerDay(db, period),
    salesPerWeek: await salesPerWeek(db, period),
    summary: await salesSummary(db, period),
    madeToOrder: await madeToOrderShare(db, period),
    topProducts: await topProducts(db, { ...period, limit: period.topLimit }),
    viewsPerDay: await viewsAgainstOrders(db, period),
  }
}

/* What needs the owner: each list with how many there are in all. */

export interface Listed<T> {
  /** How many there are; `items` holds the first `limit` of them. */
  count: number
  items: T[]
}

const defaultLimit = 50

/** `count(*) over ()` of a row list, or 0 without rows. */
const listed = <Row extends { total_count: number }, T>(
  rows: Row[],
  item: (row: Row) => T,
): Listed<T> => ({ count: int(rows[0]?.total_count), items: rows.map(item) })

const wholeDays = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / dayMs)

export interface UnpaidOrder {
  orderId: string
  email: string | null
  status: OrderStatus
  currency: string
  submittedAt: Date
  total: number
  /** Settled payments (refunds not taken off, as the order's page says). */
  paid: number
  balance: number
  /** Whole days since the order was submitted. */
  daysWaiting: number
}

/**
 * An order with a balance in a state a payment may still be made in (contract/orders.ts
 * `payableStatuses`): the predicate of `orders_balance_due_idx`, word for word, so that only such
 * orders are read, not a year of paid ones.
 */
const balanceDue = sql.raw(
  `o.submitted_at is not null and o.status in (${literals(payableStatuses)}) ` +
    `and coalesce(o.total_amount, 0) > o.paid_amount`,
)

/**
 * Orders with a balance submitted more than `days` (14) ago, in any state a payment may still be
 * made in (contract/orders.ts `payableStatuses`: a made-to-order suit in production, an order
 * whose address change cost more shipping). A pending payment (a BitPay invoice) does not pay it.
 */
export async function unpaidBalances(
  db: Executor,
  { now, days = 14, limit = defaultLimit }: { now: Date; days?: number; limit?: number },
): Promise<Listed<UnpaidOrder>> {
  const cutoff = new Date(now.getTime() - days * dayMs)
  const rows = await rowsOf<{
    id: string
    email: string | null
    status: OrderStatus
    currency: string
    submitted_at: Date | string
    total: number
    paid: string | number
    total_count: number
  }>(
    db,
    sql`
      select o.id, o.email, o.status, o.currency, o.submitted_at,
        coalesce(o.total_amount, 0) as total, o.paid_amount as paid,
        (count(*) over ())::int as total_count
      from orders o
      where ${balanceDue} and o.submitted_at < ${at(cutoff)}
      order by o.submitted_at, o.id
      limit ${limit}`,
  )
  return listed(rows, (row) => {
    const submittedAt = new Date(row.submitted_at)
    const total = int(row.total)
    const paid = int(row.paid)
    return {
      orderId: row.id,
      email: row.email,
      status: row.status,
      currency: row.currency,
      submittedAt,
      total,
      paid,
      balance: total - paid,
      daysWaiting: wholeDays(submittedAt, now),
    }
  })
}

export interface PendingInvoice {
  paymentId: string
  orderId: string
  email: string | null
  amount: number
  currency: string
  /**
   * When the invoice was made: BitPay's expire within minutes, so an old one has lost its
   * notification.
   */
  createdAt: Date
  invoiceUrl: string | null
}

/** BitPay invoices still pending (their attempt not settled nor failed), oldest first. */
export async function pendingBitpayInvoices(
  db: Executor,
  { limit = defaultLimit }: { limit?: number } = {},
): Promise<Listed<PendingInvoice>> {
  const rows = await rowsOf<{
    id: string
    order_id: string
    email: string | null
    amount: number
    currency: string
    created_at: Date | string
    invoice_url: string | null
    total_count: number
  }>(
    db,
    sql`
      select p.id, p.order_id, o.email, p.amount, p.currency, p.created_at, p.invoice_url,
        (count(*) over ())::int as total_count
      from payments p
      join orders o on o.id = p.order_id
      where p.status = 'pending' and p.provider = 'bitpay'
      order by p.created_at, p.id
      limit ${limit}`,
  )
  return listed(rows, (row) => ({
    paymentId: row.id,
    orderId: row.order_id,
    email: row.email,
    amount: int(row.amount),
    currency: row.currency,
    createdAt: new Date(row.created_at),
    invoiceUrl: row.invoice_url,
  }))
}

export interface FailedMail {
  id: string
  /** The template (`order-submitted`, `password-reset`, …). */
  kind: string
  to: string
  subject: string
  attempts: number
  /** The SMTP answer of the last attempt. */
  lastError: string | null
  createdAt: Date
}

/**
 * Mail the outbox gave up on (`failed`), newest first. The outbox keeps them 30 days
 * (server/mail/outbox.ts keptMailDays).
 */
export async function failedMail(
  db: Executor,
  { limit = defaultLimit }: { limit?: number } = {},
): Promise<Listed<FailedMail>> {
  const rows = await rowsOf<{
    id: string
    kind: string
    to: string
    subject: string
    attempts: number
    last_error: string | null
    created_at: Date | string
    total_count: number
  }>(
    db,
    sql`
      select id, kind, "to", subject, attempts, last_error, created_at,
        (count(*) over ())::int as total_count
      from outbox
      where status = 'failed'
      order by created_at desc, id
      limit ${limit}`,
  )
  return listed(rows, (row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    attempts: int(row.attempts),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  }))
}

export interface ShipByOrder {
  orderId: string
  email: string | null
  status: OrderStatus
  submittedAt: Date
  /** The latest `ready_by` of its lines (services/orders/production.ts), YYYY-MM-DD. */
  shipBy: string
  /** Days from today (UTC) to the ship-by date: negative when late. */
  daysLeft: number
}

export interface ShipByRisks {
  /** Past their ship-by date, most late first. */
  late: ShipByOrder[]
  /** Due within `atRiskDays` (today included), soonest first. */
  atRisk: ShipByOrder[]
}

/**
 * Made-to-order orders (`made_to_order`) not shipped yet (submitted, partly paid, paid or in
 * production) that are late against their ship-by date, or due within `atRiskDays` (7). The
 * ship-by date is the order page's: the submit day plus the production time the customer was
 * promised, its family's current weeks (at most) plus its upgrades' (`lineProductionTime`), the
 * latest of its lines. A line in stock now, or whose family has no published weeks, has none,
 * and an order with no such date cannot be late. `catalog` is the API's cached snapshot when it
 * has one; otherwise it is read.
 */
export async function lateMadeToOrder(
  db: Database,
  { now, atRiskDays = 7, catalog }: { now: Date; atRiskDays?: number; catalog?: CatalogSnapshot },
): Promise<ShipByRisks> {
  // The made-to-order orders still in work (orders_status_submitted_idx: a few states of a
  // year); their lines are then read by order_lines_order_id_idx.
  const candidates = await rowsOf<{
    id: string
    email: string | null
    status: OrderStatus
    submitted_at: Date | string
  }>(
    db,
    sql`
      select o.id, o.email, o.status, o.submitted_at
      from orders o
      where ${submitted} and o.made_to_order and o.status in (${sql.raw(literals(inWorkStatuses))})`,
  )
  if (candidates.length === 0) return { late: [], atRisk: [] }
  const snapshot = catalog ?? (await catalogSnapshotOnce(db))
  const shipByOrder = await shipByOf(
    db,
    candidates.map((candidate) => ({
      id: candidate.id,
      submittedAt: new Date(candidate.submitted_at),
    })),
    snapshot,
  )
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const late: ShipByOrder[] = []
  const atRisk: ShipByOrder[] = []
  for (const candidate of candidates) {
    const submittedAt = new Date(candidate.submitted_at)
    const shipBy = shipByOrder.get(candidate.id)
    if (!shipBy) continue
    const daysLeft = Math.round((Date.parse(`${shipBy}T00:00:00Z`) - today) / dayMs)
    const order = {
      orderId: candidate.id,
      email: candidate.email,
      status: candidate.status,
      submittedAt,
      shipBy,
      daysLeft,
    }
    if (daysLeft < 0) late.push(order)
    else if (daysLeft <= atRiskDays) atRisk.push(order)
  }
  const soonestFirst = (a: ShipByOrder, b: ShipByOrder) =>
    a.daysLeft - b.daysLeft || (a.orderId < b.orderId ? -1 : 1)
  return { late: late.sort(soonestFirst), atRisk: atRisk.sort(soonestFirst) }
}

export interface WaitingPayout {
  id: string
  dealerId: string
  /** The dealer's directory entry's name. */
  dealer: string
  amount: number
  currency: string
  notes: string
  createdAt: Date
}

/** Dealers' payout requests not paid yet (`requested`), oldest first. */
export async function waitingPayouts(
  db: Executor,
  { limit = defaultLimit }: { limit?: number } = {},
): Promise<Listed<WaitingPayout>> {
  const rows = await rowsOf<{
    id: string
    dealer_id: string
    dealer: string
    amount: number
    currency: string
    notes: string
    created_at: Date | string
    total_count: number
  }>(
    db,
    sql`
      select r.id, r.dealer_id, dd.name as dealer, r.amount, r.currency, r.notes, r.created_at,
        (count(*) over ())::int as total_count
      from payout_requests r
      join dealers d on d.user_id = r.dealer_id
      join dealer_directory dd on dd.slug = d.directory_slug
      where r.status = 'requested'
      order by r.created_at, r.id
      limit ${limit}`,
  )
  return listed(rows, (row) => ({
    id: row.id,
    dealerId: row.dealer_id,
    dealer: row.dealer,
    amount: int(row.amount),
    currency: row.currency,
    notes: row.notes,
    createdAt: new Date(row.created_at),
  }))
}

export interface NeedsTheOwner {
  unpaidBalances: Listed<UnpaidOrder>
  pendingBitpayInvoices: Listed<PendingInvoice>
  failedMail: Listed<FailedMail>
  madeToOrder: ShipByRisks
  waitingPayouts: Listed<WaitingPayout>
}

/** Everything that needs the owner, one list after another. */
export async function needsTheOwner(
  db: Database,
  options: {
    now: Date
    /** Balances count as unpaid after this many days (14). */
    unpaidDays?: number
    atRiskDays?: number
    limit?: number
    catalog?: CatalogSnapshot
  },
): Promise<NeedsTheOwner> {
  const { now, limit } = options
  return {
    unpaidBalances: await unpaidBalances(db, { now, days: options.unpaidDays, limit }),
    pendingBitpayInvoices: await pendingBitpayInvoices(db, { limit }),
    failedMail: await failedMail(db, { limit }),
    madeToOrder: await lateMadeToOrder(db, {
      now,
      atRiskDays: options.atRiskDays,
      catalog: options.catalog,
    }),
    waitingPayouts: await waitingPayouts(db, { limit }),
  }
}
