// A year of business for the back office's scale goals (issue 33, "Performance and scale"):
// 10,000 submitted orders with 100,000 order lines over the 365 days before `--end`, their
// payments, and a year of page views (500,000), on top of the store's own seed (content/).
//
//   npx tsx scripts/seed-scale.ts --data-dir /tmp/shop-scale          (a fresh PGlite data directory)
//   npx tsx scripts/seed-scale.ts --database-url postgres://…/shop    (an empty PostgreSQL database)
//
// Options: --seed N (1), --end YYYY-MM-DD (the year ends at that UTC midnight; today's by
// default), --orders N (10000), --lines N (100000), --views N (500000), --no-vacuum. The same
// seed, end and counts make the same rows, ids included. It refuses a database that already has
// submitted orders. `DATA_DIR=/tmp/shop-scale npm start` (or DATABASE_URL) then serves the shop
// with them. Benches call `seedScale(db, options)` on a database they opened.
//
// What it makes (docs/performance.md, "Back office at scale"):
// - 4,000 customers and 6 dealers tied to directory entries, a tenth of the customers theirs;
//   a quarter of the orders are guests' (a device's cart token, no account).
// - Orders on days weighted by weekday, season (a summer high) and a year's growth. About a fifth
//   are made to order: one or two configured suits (a design with a third of them); the rest come
//   from stock, lines drawn from the catalog's other variants (cheap things more often), so that
//   the lines come to exactly `--lines`. In-stock orders carry a shipping option and its price.
// - States as a shop's year leaves them: old orders delivered (a few cancelled, refunded in whole
//   or in part, or never paid); recent ones submitted, paid or shipped; made-to-order suits
//   submitted (nothing due), with a deposit, in production until their ship-by date, then
//   shipped, and some still in production past it (about 25) or due within the week (about 15).
// - Payments by test card, Braintree, Apple Pay and BitPay (a deposit and a balance for the suits
//   paid in two), a few BitPay invoices pending; two order events per order. `made_to_order` is
//   written with the order and `paid_amount` by the payments' trigger (migration 0021).
// - The last 30 days' order mails (the outbox keeps 30 days), 8 of them failed.
// - The dealers' commission ledger for their paid orders, payouts paid, and 3 payout requests
//   waiting.
// - 150 open carts (not counted in the orders or lines), and page views on product pages and the
//   site's other pages, spread over the days like the orders.
//
// It writes in batches (`json_to_recordset`: a few thousand rows a statement, one parameter), then
// runs VACUUM ANALYZE, as autovacuum would have over a year, so the planner knows the tables
// (`--no-vacuum` leaves them as PGlite, which has no autovacuum, would: unvisited).
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Product } from '../contract/catalog.ts'
import { productSlugOfPath } from '../contract/page-view-paths.ts'
import { openDatabase, type Database } from '../server/db/index.ts'
import {
  commissionEntries,
  dealerCustomers,
  dealerDirectory,
  dealers,
  orderEvents,
  orderLines,
  orders,
  outbox,
  pageViews,
  payments,
  payoutRequests,
  productionTimes,
  users,
  type OrderStatus,
  type PaymentProvider,
  type PaymentStatus,
  type PayoutStatus,
} from '../server/db/schema.ts'
import { loadCatalog } from '../server/services/catalog.ts'
import { seed } from '../server/services/seed.ts'

export interface SeedScaleOptions {
  /** The random seed: the same seed, end and counts make the same rows. */
  seed?: number
  /** The year ends here (exclusive); the start of today (UTC) by default. */
  end?: Date
  orders?: number
  lines?: number
  views?: number
  /** Progress lines (stderr by default). */
  log?: (line: string) => void
  /** Ends with VACUUM ANALYZE (true), as a year of autovacuum would have left the tables. */
  vacuum?: boolean
}

export interface SeedScaleReport {
  start: Date
  end: Date
  orders: number
  lines: number
  payments: number
  views: number
  carts: number
  seconds: number
}

const dayMs = 24 * 60 * 60 * 1000

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const chance = (p: number) => next() < p
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const hex = (bytes: number) =>
    Array.from({ length: bytes }, () => int(0, 255).toString(16).padStart(2, '0')).join('')
  const uuid = () => {
    const h = hex(16)
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
  }
  const base64url = (bytes: number) => Buffer.from(hex(bytes), 'hex').toString('base64url')
  return { next, int, chance, pick, hex, uuid, base64url }
}
type Random = ReturnType<typeof generator>

/** Picks from `items` with chances proportional to `weights` (cumulative, binary search). */
function weighted<T>(items: readonly T[], weights: readonly number[]) {
  const cumulative: number[] = []
  let sum = 0
  for (const weight of weights) cumulative.push((sum += weight))
  return (random: Random): T => {
    const target = random.next() * sum
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle]! > target) high = middle
      else low = middle + 1
    }
    return items[low]!
  }
}

/**
 * Rows into `table` in batches: each batch one statement with one parameter, the rows as JSON
 * read by `json_to_recordset` with the columns' own types. Far fewer parameters to send and parse
 * than a multi-row VALUES, which counts on PGlite. Every row has the first row's keys.
 */
async function bulkInsert<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  batch = 2_000,
): Promise<void> {
  if (rows.length === 0) return
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>
  const keys = Object.keys(rows[0]!)
  const names = keys.map((key) => `"${columns[key]!.name}"`)
  const typed = keys.map((key) => `"${columns[key]!.name}" ${columns[key]!.getSQLType()}`)
  const into = sql.raw(`"${getTableName(table)}" (${names.join(', ')})`)
  const select = sql.raw(names.join(', '))
  const shape = sql.raw(typed.join(', '))
  for (let start = 0; start < rows.length; start += batch) {
    const json = JSON.stringify(
      rows
        .slice(start, start + batch)
        .map((row) =>
          Object.fromEntries(
            keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key]]),
          ),
        ),
    )
    await db.execute(
      sql`insert into ${into} select ${select} from json_to_recordset(${json}::json) as r(${shape})`,
    )
  }
}

const startOfToday = () => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/** How busy a day is: weekday, a summer high, a year's growth; `index` 0 is the year's first. */
function dayWeight(day: Date, index: number): number {
  const weekday = [1.25, 0.9, 0.85, 0.9, 1.0, 1.15, 1.35][day.getUTCDay()]!
  const dayOfYear = (day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / dayMs
  const season = 1 + 0.35 * Math.sin((2 * Math.PI * (dayOfYear - 80)) / 365)
  return weekday * season * (0.85 + (0.3 * index) / 365)
}

const firstNames = [
  'Ada',
  'Bjørn',
  'Chloé',
  'Dana',
  'Emil',
  'Fatima',
  'Goran',
  'Hana',
  'Ivo',
  'Jun',
]
const lastNames = [
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Holm',
  'Ito',
  'Kowalski',
  'Lind',
]
const cities = [
  { city: 'Eloy', region: 'AZ', postal_code: '85131', country: 'US' },
  { city: 'Perris', region: 'CA', postal_code: '92570', country: 'US' },
  { city: 'Voss', region: null, postal_code: '5700', country: 'NO' },
  { city: 'Lauterbrunnen', region: null, postal_code: '3822', country: 'CH' },
  { city: 'Empuriabrava', region: null, postal_code: '17487', country: 'ES' },
]
const otherPaths = [
  '/',
  '/',
  '/',
  '/store',
  '/news',
  '/learn',
  '/dealers',
  '/cart',
  '/checkout/$',
  '/login',
]

/** A year of orders, lines, payments and page views (see the file's head), after content/. */
export async function seedScale(
  db: Database,
  options: SeedScaleOptions = {},
): Promise<SeedScaleReport> {
  const started = performance.now()
  const log = options.log ?? ((line: string) => console.error(line))
  const random = generator(options.seed ?? 1)
  const end = options.end ?? startOfToday()
  const start = new Date(end.getTime() - 365 * dayMs)
  const orderCount = options.orders ?? 10_000
  const lineCount = options.lines ?? 100_000
  const viewCount = options.views ?? 500_000

  const [existing] = (
    (await db.execute(
      sql`select count(*)::int as n from orders where submitted_at is not null`,
    )) as unknown as {
      rows: { n: number }[]
    }
  ).rows
  if (Number(existing?.n ?? 0) > 0) throw new Error('seed-scale: the database already has orders')

  log('seed-scale: content/')
  await seed(db)
  const catalog = (await loadCatalog(db)).filter((product) => product.active)
  const weeks = new Map(
    (await db.select().from(productionTimes)).map((row) => [row.category, row.weeksMax]),
  )

  // What a made-to-order order is made of (a configured suit), and what ships from stock.
  const made: { product: Product; variant: Product['variants'][number] }[] = []
  const stock: { product: Product; variant: Product['variants'][number] }[] = []
  for (const product of catalog) {
    for (const variant of product.variants) {
      if (product.configurable && product.configurator && !variant.in_stock)
        made.push({ product, variant })
      else stock.push({ product, variant })
    }
  }
  const pickMade = weighted(
    made,
    made.map(({ variant }) => 1 / Math.sqrt(variant.price)),
  )
  const pickStock = weighted(
    stock,
    stock.map(({ variant }) => 1 / Math.sqrt(variant.price || 1)),
  )

  // Days and when each order was submitted.
  const days = Array.from({ length: 365 }, (_, index) => new Date(start.getTime() + index * dayMs))
  const weights = days.map((day, index) => dayWeight(day, index))
  const pickDay = weighted(days, weights)
  const submitTimes = Array.from(
    { length: orderCount },
    () => pickDay(random).getTime() + random.int(0, dayMs - 1),
  ).sort((a, b) => a - b)

  // People.
  const customerRows: (typeof users.$inferInsert)[] = Array.from({ length: 4_000 }, (_, n) => ({
    id: random.uuid(),
    email: `customer-${String(n + 1).padStart(4, '0')}@scale.example`,
    name: `${random.pick(firstNames)} ${random.pick(lastNames)}`,
    role: 'customer',
    createdAt: new Date(start.getTime() - random.int(0, 700) * dayMs),
    emailVerifiedAt: start,
  }))
  const directory = await db.select().from(dealerDirectory).orderBy(dealerDirectory.slug).limit(6)
  const dealerRows = directory.map((entry, n) => ({
    user: {
      id: random.uuid(),
      email: `dealer-${n + 1}@scale.example`,
      name: entry.name,
      role: 'dealer' as const,
      createdAt: start,
      emailVerifiedAt: start,
    },
    dealer: {
      userId: '',
      directorySlug: entry.slug,
      rateBp: random.pick([800, 1000, 1200]),
      inviteCode: `scale-${entry.slug}`,
      createdAt: start,
    },
  }))
  for (const row of dealerRows) row.dealer.userId = row.user.id!
  const dealerOf = new Map<string, string>()
  for (const customer of customerRows) {
    if (dealerRows.length > 0 && random.chance(0.1))
      dealerOf.set(customer.id!, random.pick(dealerRows).dealer.userId)
  }

  // How many own lines each order has: suits for the made-to-order ones, the rest from stock,
  // until the lines (children included) come to lineCount.
  interface Planned {
    made: boolean
    suits: { pick: (typeof made)[number]; design: boolean }[]
    stockLines: number
  }
  const plans: Planned[] = submitTimes.map(() => {
    if (made.length > 0 && random.chance(0.2)) {
      const suits = Array.from({ length: random.chance(0.15) ? 2 : 1 }, () => {
        const pick = pickMade(random)
        return {
          pick,
          design: pick.product.configurator?.super_custom != null && random.chance(0.35),
        }
      })
      return { made: true, suits, stockLines: 0 }
    }
    return { made: false, suits: [], stockLines: 0 }
  })
  const madeLines = plans.reduce(
    (sum, plan) => sum + plan.suits.reduce((n, suit) => n + (suit.design ? 2 : 1), 0),
    0,
  )
  const stockPlans = plans.filter((plan) => !plan.made)
  const left = lineCount - madeLines
  if (left < stockPlans.length) throw new Error('seed-scale: too few lines for the orders')
  const average = left / stockPlans.length
  for (const plan of stockPlans)
    plan.stockLines = Math.max(1, Math.round(random.next() * 2 * average))
  let planned = stockPlans.reduce((sum, plan) => sum + plan.stockLines, 0)
  // Even out to the exact count, a line at a time on random orders (1 to 40 lines each).
  while (planned !== left) {
    const plan = random.pick(stockPlans)
    const step = planned < left ? 1 : -1
    if (plan.stockLines + step < 1 || plan.stockLines + step > 40) continue
    plan.stockLines += step
    planned += step
  }

  const orderRows: (typeof orders.$inferInsert)[] = []
  const lineRows: (typeof orderLines.$inferInsert)[] = []
  const paymentRows: (typeof payments.$inferInsert)[] = []
  const eventRows: (typeof orderEvents.$inferInsert)[] = []
  const mailRows: (typeof outbox.$inferInsert)[] = []
  const accruals: {
    dealerId: string
    orderId: string
    base: number
    at: Date
    reversed: boolean
  }[] = []
  const providers = weighted<PaymentProvider>(
    ['test', 'braintree', 'apple_pay', 'bitpay'],
    [1, 6, 1.5, 1.5],
  )
  let paymentSerial = 0
  let failedMails = 0
  let pendingInvoices = 0

  const pay = (
    orderId: string,
    amount: number,
    at: Date,
    status: PaymentStatus = 'settled',
    provider = providers(random),
    refunded = 0,
  ) => {
    if (amount <= 0) return
    paymentSerial++
    paymentRows.push({
      id: random.uuid(),
      orderId,
      attemptKey: `scale-${paymentSerial}`,
      provider,
      amount,
      currency: 'USD',
      status,
      providerRef: `scale_${paymentSerial}`,
      refundedAmount: refunded,
      invoiceUrl: provider === 'bitpay' ? `https://bitpay.example/i/scale-${paymentSerial}` : null,
      createdAt: at,
      updatedAt: at,
    })
  }

  for (const [index, plan] of plans.entries()) {
    const submittedAt = new Date(submitTimes[index]!)
    const orderId = random.uuid()
    const guest = random.chance(0.25)
    const customer = guest ? undefined : random.pick(customerRows)
    const name = customer?.name ?? `${random.pick(firstNames)} ${random.pick(lastNames)}`
    const email = customer?.email ?? `guest-${random.hex(5)}@scale.example`
    const place = random.pick(cities)

    // Lines.
    let total = 0
    let position = 0
    let designWeeks = 0
    let familyWeeks = 0
    for (const { pick, design } of plan.suits) {
      const lineId = random.uuid()
      lineRows.push({
        id: lineId,
        orderId,
        lineKey: random.hex(16),
        sku: pick.variant.sku,
        productSlug: pick.product.slug,
        qty: 1,
        meta: [
          { key: 'color.body', value: random.pick(['n4D', 'y9F', 'm1S']) },
          { key: 'measurement.units', value: 'metric' },
          { key: 'measurement.height', value: String(random.int(160, 195)) },
          { key: 'accent', value: 'none' },
        ],
        unitAmount: pick.variant.price,
        position: position++,
        createdAt: submittedAt,
      })
      total += pick.variant.price
      familyWeeks = Math.max(familyWeeks, weeks.get(pick.product.family) ?? 0)
      const upgrade = pick.product.configurator?.super_custom
      if (design && upgrade) {
        lineRows.push({
          id: random.uuid(),
          orderId,
          parentId: lineId,
          sku: upgrade.sku,
          productSlug: pick.product.slug,
          qty: 1,
          meta: [{ key: 'child_super_custom_check', value: 'on' }],
          unitAmount: upgrade.price,
          position: position++,
          createdAt: submittedAt,
        })
        total += upgrade.price
        designWeeks = Math.max(designWeeks, upgrade.lead_time_weeks)
      }
    }
    const used = new Set<string>()
    for (let n = 0; n < plan.stockLines; n++) {
      let pick = pickStock(random)
      for (let tries = 0; used.has(pick.variant.sku) && tries < 5; tries++) pick = pickStock(random)
      used.add(pick.variant.sku)
      const qty = random.chance(0.8) ? 1 : random.int(2, 3)
      lineRows.push({
        id: random.uuid(),
        orderId,
        lineKey: random.hex(16),
        sku: pick.variant.sku,
        productSlug: pick.product.slug,
        qty,
        meta: [],
        unitAmount: pick.variant.price,
        position: position++,
        createdAt: submittedAt,
      })
      total += qty * pick.variant.price
    }
    const shipping = plan.made ? 0 : random.pick([1_250, 2_450, 4_500])
    total += shipping

    // Where it stands on `end`, and what was paid.
    const age = (end.getTime() - submittedAt.getTime()) / dayMs
    const daysLeft =
      (submittedAt.getTime() + (familyWeeks + designWeeks) * 7 * dayMs - end.getTime()) / dayMs
    const roll = random.next()
    let status: OrderStatus
    let paid = total
    let refunded = 0
    if (!plan.made) {
      if (age > 21)
        status =
          roll < 0.04
            ? 'cancelled'
            : roll < 0.06
              ? 'refunded'
              : roll < 0.065
                ? 'submitted'
                : roll < 0.07
                  ? 'partly_paid'
                  : 'delivered'
      else if (age > 7)
        status =
          roll < 0.03
            ? 'cancelled'
            : roll < 0.06
              ? 'submitted'
              : roll < 0.1
                ? 'paid'
                : roll < 0.7
                  ? 'shipped'
                  : 'delivered'
      else
        status =
          roll < 0.05 ? 'cancelled' : roll < 0.3 ? 'submitted' : roll < 0.75 ? 'paid' : 'shipped'
    } else if (daysLeft < -7) {
      // Its ship-by date well past: gone, but for a few still in the workshop (late).
      status =
        roll < 0.03
          ? 'cancelled'
          : roll < 0.05
            ? 'refunded'
            : roll < 0.058
              ? 'in_production'
              : roll < 0.1
                ? 'shipped'
                : 'delivered'
    } else if (daysLeft < 7) {
      // Due about now: most have shipped, some are late or at risk.
      status = roll < 0.7 ? 'shipped' : 'in_production'
    } else {
      status = roll < 0.25 ? 'submitted' : roll < 0.5 ? 'partly_paid' : 'in_production'
    }
    if (status === 'cancelled' || status === 'submitted') paid = 0
    else if (status === 'partly_paid') paid = Math.round((total * random.int(20, 50)) / 100)
    else if (status === 'in_production' && plan.made && random.chance(0.5))
      paid = Math.round(total * 0.3)
    if (status === 'refunded') refunded = total
    else if (status === 'delivered' && random.chance(0.04))
      refunded = Math.min(total, random.pick([1_000, 2_500, 5_000]))

    // Payments: a made-to-order suit paid in two (deposit, balance) when paid in full.
    const paidAt = new Date(submittedAt.getTime() + random.int(1, 120) * 60_000)
    if (plan.made && paid === total && random.chance(0.6)) {
      const deposit = Math.round(total * 0.3)
      const rest = total - deposit
      // A refund comes off the balance first, then off the deposit.
      const restRefunded = Math.min(refunded, rest)
      const depositRefunded = refunded - restRefunded
      pay(
        orderId,
        deposit,
        paidAt,
        depositRefunded === deposit ? 'refunded' : 'settled',
        providers(random),
        depositRefunded,
      )
      const balanceAt = new Date(
        Math.min(end.getTime() - 60_000, submittedAt.getTime() + (familyWeeks * 7 - 3) * dayMs),
      )
      pay(
        orderId,
        rest,
        balanceAt,
        restRefunded === rest ? 'refunded' : 'settled',
        providers(random),
        restRefunded,
      )
    } else if (paid > 0) {
      pay(
        orderId,
        paid,
        paidAt,
        refunded === paid ? 'refunded' : 'settled',
        providers(random),
        refunded,
      )
    }
    // An unpaid order of the last days with a BitPay invoice still pending.
    if (status === 'submitted' && age < 3 && pendingInvoices < 8 && random.chance(0.2)) {
      pendingInvoices++
      pay(orderId, total, paidAt, 'pending', 'bitpay')
    }

    const dealerId = customer ? dealerOf.get(customer.id!) : undefined
    if (dealerId && paid === total && status !== 'cancelled') {
      accruals.push({
        dealerId,
        orderId,
        base: total - shipping,
        at: paidAt,
        reversed: status === 'refunded',
      })
    }
    orderRows.push({
      id: orderId,
      userId: customer?.id ?? null,
      cartTokenHash: customer ? null : random.hex(32),
      status,
      currency: 'USD',
      shippingAddress: {
        name,
        line1: `${random.int(1, 999)} Drop Zone Road`,
        line2: null,
        ...place,
        phone: null,
      },
      shippingOption: plan.made
        ? null
        : {
            carrier: 'usps',
            service_code: 'usps_priority',
            service_name: 'USPS Priority Mail (1–3 business days)',
            amount: shipping,
            above_grams: 0,
            up_to_grams: 30_000,
          },
      submittedAt,
      totalAmount: total,
      // What the submit trigger (migration 0021) would have set; paid_amount is kept by the
      // payments' trigger as they are written.
      madeToOrder: plan.made,
      paymentCode: random.base64url(32),
      dealerId: dealerId ?? null,
      email,
      createdAt: new Date(submittedAt.getTime() - random.int(5, 600) * 60_000),
      updatedAt: submittedAt,
    })
    eventRows.push({ id: random.uuid(), orderId, status: 'submitted', createdAt: submittedAt })
    if (status !== 'submitted')
      eventRows.push({ id: random.uuid(), orderId, status, createdAt: paidAt })
    if (age <= 30) {
      const failed = failedMails < 8 && random.chance(0.02)
      if (failed) failedMails++
      mailRows.push({
        id: random.uuid(),
        kind: 'order-submitted',
        dedupeKey: `order-submitted:${orderId}`,
        to: email,
        subject: 'Your order',
        status: failed ? 'failed' : 'sent',
        dueAt: submittedAt,
        attempts: failed ? 5 : 1,
        lastError: failed ? '550 5.1.1 mailbox unavailable' : null,
        sentAt: failed ? null : submittedAt,
        sentVia: failed ? null : 'smtp',
        createdAt: submittedAt,
      })
    }
  }

  // Open carts: a device's or an account's, made in the last month.
  const cartRows: (typeof orders.$inferInsert)[] = []
  let cartLines = 0
  const cartOwners = new Set<string>()
  for (let n = 0; n < 150; n++) {
    const customer = random.chance(0.5) ? random.pick(customerRows) : undefined
    if (customer && cartOwners.has(customer.id!)) continue
    if (customer) cartOwners.add(customer.id!)
    const cartId = random.uuid()
    const createdAt = new Date(end.getTime() - random.int(1, 30 * 24 * 60) * 60_000)
    cartRows.push({
      id: cartId,
      userId: customer?.id ?? null,
      cartTokenHash: customer ? null : random.hex(32),
      status: 'open',
      createdAt,
      updatedAt: createdAt,
    })
    const count = random.int(1, 3)
    cartLines += count
    for (let position = 0; position < count; position++) {
      const pick = pickStock(random)
      lineRows.push({
        id: random.uuid(),
        orderId: cartId,
        lineKey: random.hex(16),
        sku: pick.variant.sku,
        productSlug: pick.product.slug,
        qty: 1,
        meta: [],
        unitAmount: pick.variant.price,
        position,
        createdAt,
      })
    }
  }

  // The dealers' ledgers: an accrual per paid order (a reversal when refunded), two payouts paid
  // and, for half of them, one waiting.
  const ledger: (typeof commissionEntries.$inferInsert)[] = []
  const payoutRows: (typeof payoutRequests.$inferInsert)[] = []
  for (const [index, { dealer }] of dealerRows.entries()) {
    let balance = 0
    for (const accrual of accruals.filter((entry) => entry.dealerId === dealer.userId)) {
      const amount = Math.round((accrual.base * dealer.rateBp) / 10_000)
      if (amount <= 0) continue
      const common = { dealerId: dealer.userId, currency: 'USD', orderId: accrual.orderId }
      ledger.push({
        ...common,
        kind: 'accrual',
        amount,
        rateBp: dealer.rateBp,
        baseAmount: accrual.base,
        createdAt: accrual.at,
      })
      balance += amount
      if (accrual.reversed) {
        ledger.push({ ...common, kind: 'reversal', amount: -amount, createdAt: accrual.at })
        balance -= amount
      }
    }
    const payouts: [number, PayoutStatus, number][] = [
      [Math.floor(balance * 0.3), 'paid', 120],
      [Math.floor(balance * 0.3), 'paid', 30],
    ]
    if (index % 2 === 0) payouts.push([Math.floor(balance * 0.2), 'requested', random.int(1, 10)])
    for (const [amount, status, daysAgo] of payouts) {
      if (amount <= 0) continue
      const at = new Date(end.getTime() - daysAgo * dayMs)
      const id = random.uuid()
      payoutRows.push({
        id,
        dealerId: dealer.userId,
        amount,
        currency: 'USD',
        notes:
          status === 'paid' ? 'Paid to the dealer’s account.' : 'This month’s commission, please.',
        status,
        createdAt: at,
        updatedAt: at,
        paidAt: status === 'paid' ? new Date(at.getTime() + 2 * dayMs) : null,
      })
      ledger.push({
        dealerId: dealer.userId,
        kind: 'payout_request',
        amount: -amount,
        currency: 'USD',
        payoutId: id,
        createdAt: at,
      })
    }
  }

  // Page views, spread over the days like the orders (±10 %), at random times of the day.
  const products = catalog.map((product) => product.path)
  const viewRows: (typeof pageViews.$inferInsert)[] = []
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0)
  const perDay = weights.map(
    (weight) => (weight / weightSum) * viewCount * (0.9 + 0.2 * random.next()),
  )
  const scale = viewCount / perDay.reduce((sum, count) => sum + count, 0)
  let viewsMade = 0
  for (const [index, day] of days.entries()) {
    const count =
      index === days.length - 1 ? viewCount - viewsMade : Math.round(perDay[index]! * scale)
    for (let n = 0; n < count; n++) {
      const path = random.chance(0.55) ? random.pick(products) : random.pick(otherPaths)
      const viewedAt = new Date(day.getTime() + random.int(0, dayMs - 1))
      viewRows.push({
        id: random.uuid(),
        path,
        productSlug: productSlugOfPath(path),
        viewedAt,
        receivedAt: viewedAt,
      })
    }
    viewsMade += count
  }

  log(
    `seed-scale: writing ${orderRows.length} orders, ${lineRows.length} lines, ${paymentRows.length} payments, ${viewRows.length} page views`,
  )
  const write = async <T extends PgTable>(
    table: T,
    rows: readonly T['$inferInsert'][],
    batch?: number,
  ) => {
    const begun = performance.now()
    await bulkInsert(db, table, rows, batch)
    const seconds = ((performance.now() - begun) / 1000).toFixed(1)
    log(`  ${getTableName(table)}: ${rows.length} rows in ${seconds} s`)
  }
  await write(users, [...customerRows, ...dealerRows.map((row) => row.user)])
  await write(
    dealers,
    dealerRows.map((row) => row.dealer),
  )
  await write(
    dealerCustomers,
    [...dealerOf].map(([customerId, dealerId]) => ({
      customerId,
      dealerId,
      linkedBy: 'admin' as const,
      linkedAt: start,
    })),
  )
  await write(orders, orderRows)
  await write(orders, cartRows)
  // Parents before their children (the foreign key on parent_id).
  await write(
    orderLines,
    lineRows.filter((line) => !line.parentId),
  )
  await write(
    orderLines,
    lineRows.filter((line) => line.parentId),
  )
  await write(payments, paymentRows)
  await write(orderEvents, eventRows)
  await write(outbox, mailRows)
  await write(payoutRequests, payoutRows)
  await write(
    commissionEntries,
    ledger.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime()),
  )
  await write(pageViews, viewRows, 5_000)
  if (options.vacuum ?? true) {
    log('seed-scale: vacuum analyze')
    await db.execute(sql`vacuum analyze`)
  }
  return {
    start,
    end,
    orders: orderRows.length,
    lines: lineRows.length - cartLines,
    payments: paymentRows.length,
    views: viewRows.length,
    carts: cartRows.length,
    seconds: (performance.now() - started) / 1000,
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      seed: { type: 'string', default: '1' },
      end: { type: 'string' },
      orders: { type: 'string', default: '10000' },
      lines: { type: 'string', default: '100000' },
      views: { type: 'string', default: '500000' },
      'no-vacuum': { type: 'boolean', default: false },
    },
  })
  if (!values['data-dir'] === !values['database-url']) {
    console.error(
      'usage: tsx scripts/seed-scale.ts (--data-dir DIR | --database-url URL) [--seed N] [--end YYYY-MM-DD] [--orders N] [--lines N] [--views N] [--no-vacuum]',
    )
    process.exit(2)
  }
  const opened = await openDatabase(
    values['database-url']
      ? { databaseUrl: values['database-url'] }
      : { dataDir: values['data-dir'] },
  )
  try {
    const report = await seedScale(opened.db, {
      seed: Number(values.seed),
      ...(values.end ? { end: new Date(`${values.end}T00:00:00Z`) } : {}),
      orders: Number(values.orders),
      lines: Number(values.lines),
      views: Number(values.views),
      vacuum: !values['no-vacuum'],
    })
    console.log(
      `seed-scale: ${report.orders} orders, ${report.lines} lines, ${report.payments} payments, ` +
        `${report.views} page views, ${report.carts} open carts, ` +
        `${report.start.toISOString().slice(0, 10)} to ${report.end.toISOString().slice(0, 10)}, ` +
        `in ${report.seconds.toFixed(1)} s`,
    )
  } finally {
    await opened.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error((error as Error).stack ?? String(error))
    process.exit(1)
  })
}
