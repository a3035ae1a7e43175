import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderStatus } from '../../../contract/order-status.ts'
import type { Database } from '../../db/index.ts'
import {
  orderLines,
  orders,
  outbox,
  payments,
  payoutRequests,
  productionTimes,
  users,
  variants,
  type PaymentProvider,
  type PaymentStatus,
} from '../../db/schema.ts'
import { recordPageViews } from '../analytics.ts'
import { catalogSnapshotOnce } from '../catalog-cache.ts'
import { isMadeToOrder } from '../shipping.ts'
import { openTestDatabase, type TestDatabase } from '../../testing/test-helpers.ts'
import {
  dashboardFigures,
  failedMail,
  lateMadeToOrder,
  madeToOrderShare,
  needsTheOwner,
  pendingBitpayInvoices,
  salesPerDay,
  salesPerWeek,
  salesSummary,
  topProducts,
  unpaidBalances,
  viewsAgainstOrders,
  waitingPayouts,
  type Period,
} from './dashboard.ts'

/*
 * A small shop built by hand, and every figure worked out by hand in the comments. Everything
 * happens in 2025, long before the demo data the test database is seeded with (submitted days
 * before the run), so none of that is counted.
 *
 * The catalog facts relied on are set here where they are rows (stock, production weeks) and
 * read from content/ where they are not: CORVID2-CUSTOM, KESTREL-CUSTOM, SWIFT-CUSTOM and
 * TALUS-CUSTOM are configurable wingsuits, and a super custom design (SUPERCUSTOM-WS) adds 2
 * weeks to a Corvid 2 or a Swift (content/products/wingsuits/*.json).
 */

let database: TestDatabase
const db = (): Database => database.db

/** Now, for what needs the owner: Monday 30 June 2025, noon UTC. */
const now = new Date('2025-06-30T12:00:00Z')

/** Sunday 1 June to Tuesday 10 June 2025, both included (11 June 00:00 is not). */
const period: Period = {
  from: new Date('2025-06-01T00:00:00Z'),
  to: new Date('2025-06-11T00:00:00Z'),
}

interface LineSpec {
  sku: string
  slug: string
  qty: number
  unit: number
  /** A design's child line (its suit's quantity). */
  child?: { sku: string; unit: number }
}

interface PaymentSpec {
  amount: number
  status: PaymentStatus
  provider?: PaymentProvider
  refunded?: number
  createdAt?: Date
}

interface OrderSpec {
  submittedAt: Date | null
  status: OrderStatus
  total: number
  lines: LineSpec[]
  payments?: PaymentSpec[]
  currency?: string
  email?: string
}

/**
 * An order as submit leaves it: a cart first, its lines, then submitted (so the trigger of
 * migration 0021 sets `made_to_order` from the lines, as at a real submit), then its payments
 * (whose trigger keeps `paid_amount`).
 */
async function order(spec: OrderSpec): Promise<string> {
  const [row] = await db()
    .insert(orders)
    .values({
      cartTokenHash: randomBytes(32).toString('hex'),
      currency: spec.currency ?? 'USD',
      email: spec.email ?? `${randomUUID()}@example.com`,
    })
    .returning({ id: orders.id })
  const orderId = row!.id
  for (const [position, line] of spec.lines.entries()) {
    const [parent] = await db()
      .insert(orderLines)
      .values({
        orderId,
        lineKey: `line-${position}`,
        sku: line.sku,
        productSlug: line.slug,
        qty: line.qty,
        meta: [],
        unitAmount: line.unit,
        position,
      })
      .returning({ id: orderLines.id })
    if (line.child) {
      await db().insert(orderLines).values({
        orderId,
        parentId: parent!.id,
        sku: line.child.sku,
        productSlug: line.slug,
        qty: line.qty,
        meta: [],
        unitAmount: line.child.unit,
        position,
      })
    }
  }
  await db()
    .update(orders)
    .set({
      status: spec.status,
      submittedAt: spec.submittedAt,
      totalAmount: spec.submittedAt ? spec.total : null,
    })
    .where(eq(orders.id, orderId))
  for (const payment of spec.payments ?? []) {
    const provider = payment.provider ?? 'test'
    await db()
      .insert(payments)
      .values({
        orderId,
        attemptKey: randomUUID(),
        provider,
        amount: payment.amount,
        currency: spec.currency ?? 'USD',
        status: payment.status,
        providerRef: `${provider}_${randomUUID()}`,
        refundedAmount: payment.refunded ?? 0,
        ...(payment.createdAt ? { createdAt: payment.createdAt } : {}),
      })
  }
  return orderId
}

const ids: Record<string, string> = {}

beforeAll(async () => {
  database = await openTestDatabase()
  // Wingsuits take 8 to 10 weeks; the custom variants are made, the bags and shirts in stock.
  await db()
    .update(productionTimes)
    .set({ weeksMin: 8, weeksMax: 10 })
    .where(eq(productionTimes.category, 'wingsuits'))
  await db()
    .update(variants)
    .set({ inStock: false })
    .where(
      inArray(variants.sku, ['CORVID2-CUSTOM', 'KESTREL-CUSTOM', 'SWIFT-CUSTOM', 'TALUS-CUSTOM']),
    )
  await db()
    .update(variants)
    .set({ inStock: true })
    .where(
      inArray(variants.sku, [
        'MISSION-BAG-BLACK',
        'MISSION-BAG-NAVY',
        'WEEKEND-BAG-NAVY',
        'GOGGLES-CLEAR',
        'GOGGLES-TINT',
        'CLASSIC-T-BLACK-M',
      ]),
    )

  const bag = (sku: string, qty = 1): LineSpec => ({ sku, slug: 'mission-bag', qty, unit: 22_000 })
  const suit = (sku: string, slug: string, unit: number, design = false): LineSpec => ({
    sku,
    slug,
    qty: 1,
    unit,
    ...(design ? { child: { sku: 'SUPERCUSTOM-WS', unit: 30_000 } } : {}),
  })

  // In the period:
  // A, Sun 1 June: 2 bags (44,000) + goggles (3,400) + shipping 1,250 = 48,650, delivered; paid
  // in full, the goggles (3,400) refunded.
  ids.A = await order({
    submittedAt: new Date('2025-06-01T10:00:00Z'),
    status: 'delivered',
    total: 48_650,
    lines: [
      bag('MISSION-BAG-BLACK', 2),
      { sku: 'GOGGLES-CLEAR', slug: 'goggles', qty: 1, unit: 3_400 },
    ],
    payments: [{ amount: 48_650, status: 'settled', refunded: 3_400 }],
  })
  // B, Sun 1 June, 23:30: a Corvid 2 (224,000) with a super custom design (30,000) = 254,000,
  // made to order, in production; a deposit of 100,000 paid.
  ids.B = await order({
    submittedAt: new Date('2025-06-01T23:30:00Z'),
    status: 'in_production',
    total: 254_000,
    lines: [suit('CORVID2-CUSTOM', 'corvid-2', 224_000, true)],
    payments: [{ amount: 100_000, status: 'settled' }],
  })
  // C, Tue 3 June: a weekend bag, cancelled: no sale.
  ids.C = await order({
    submittedAt: new Date('2025-06-03T08:00:00Z'),
    status: 'cancelled',
    total: 15_750,
    lines: [{ sku: 'WEEKEND-BAG-NAVY', slug: 'weekend-bag', qty: 1, unit: 14_500 }],
  })
  // D, Tue 3 June: 3 T-shirts (9,600) + shipping 1,250 = 10,850, submitted and never paid.
  ids.D = await order({
    submittedAt: new Date('2025-06-03T15:00:00Z'),
    status: 'submitted',
    total: 10_850,
    lines: [{ sku: 'CLASSIC-T-BLACK-M', slug: 'classic-t-black', qty: 3, unit: 3_200 }],
  })
  // M, Thu 5 June: a Corvid 2 (224,000) and goggles (3,400) + shipping 1,250 = 228,650, paid:
  // something in it ships from stock, so it is not a made-to-order order.
  ids.M = await order({
    submittedAt: new Date('2025-06-05T12:00:00Z'),
    status: 'paid',
    total: 228_650,
    lines: [
      suit('CORVID2-CUSTOM', 'corvid-2', 224_000),
      { sku: 'GOGGLES-TINT', slug: 'goggles', qty: 1, unit: 3_400 },
    ],
    payments: [{ amount: 228_650, status: 'settled' }],
  })
  // H, Thu 5 June: in euros (30,000): not in the dollar figures.
  ids.H = await order({
    submittedAt: new Date('2025-06-05T13:00:00Z'),
    status: 'paid',
    currency: 'EUR',
    total: 30_000,
    lines: [{ sku: 'WEEKEND-BAG-NAVY', slug: 'weekend-bag', qty: 2, unit: 15_000 }],
    payments: [{ amount: 30_000, status: 'settled' }],
  })
  // E, Tue 10 June: a navy bag (22,000) + shipping 1,500 = 23,500, refunded in whole.
  ids.E = await order({
    submittedAt: new Date('2025-06-10T09:00:00Z'),
    status: 'refunded',
    total: 23_500,
    lines: [bag('MISSION-BAG-NAVY')],
    payments: [{ amount: 23_500, status: 'refunded', refunded: 23_500 }],
  })
  // A cart: never a sale.
  ids.cart = await order({
    submittedAt: null,
    status: 'open',
    total: 0,
    lines: [bag('MISSION-BAG-BLACK')],
  })

  // Just outside the period:
  // F, Wed 11 June 00:00 (the first instant after it): a bag, paid; a settled BitPay payment.
  ids.F = await order({
    submittedAt: new Date('2025-06-11T00:00:00Z'),
    status: 'paid',
    total: 23_250,
    lines: [bag('MISSION-BAG-BLACK')],
    payments: [{ amount: 23_250, status: 'settled', provider: 'bitpay' }],
  })
  // G, Sat 31 May 23:59:59: 20,000, partly paid (5,000 settled), a BitPay invoice of 15,000
  // pending since 20 June.
  ids.G = await order({
    submittedAt: new Date('2025-05-31T23:59:59Z'),
    status: 'partly_paid',
    total: 20_000,
    lines: [{ sku: 'GOGGLES-CLEAR', slug: 'goggles', qty: 5, unit: 4_000 }],
    payments: [
      { amount: 5_000, status: 'settled' },
      {
        amount: 15_000,
        status: 'pending',
        provider: 'bitpay',
        createdAt: new Date('2025-06-20T08:00:00Z'),
      },
    ],
  })
  // Z, Wed 25 June: 5,000 unpaid for 5 days only; a card attempt pending (not BitPay).
  ids.Z = await order({
    submittedAt: new Date('2025-06-25T10:00:00Z'),
    status: 'submitted',
    total: 5_000,
    lines: [{ sku: 'GOGGLES-CLEAR', slug: 'goggles', qty: 1, unit: 5_000 }],
    payments: [{ amount: 5_000, status: 'pending' }],
  })

  // Made-to-order suits in work, their ship-by date the submit day + 10 weeks (+ 2 for a design):
  // L, 1 April, Kestrel, in production, paid: 1 April + 70 days = 10 June: 20 days late on 30 June.
  ids.L = await order({
    submittedAt: new Date('2025-04-01T10:00:00Z'),
    status: 'in_production',
    total: 118_000,
    lines: [suit('KESTREL-CUSTOM', 'kestrel', 118_000)],
    payments: [{ amount: 118_000, status: 'settled' }],
  })
  // R, 11 April, Swift with a design, paid: 11 April + 84 days = 4 July: 4 days left, at risk.
  ids.R = await order({
    submittedAt: new Date('2025-04-11T12:00:00Z'),
    status: 'paid',
    total: 172_000,
    lines: [suit('SWIFT-CUSTOM', 'swift', 142_000, true)],
    payments: [{ amount: 172_000, status: 'settled' }],
  })
  // Y, 28 April, Talus, submitted and unpaid: 28 April + 70 days = 7 July: 7 days left, at risk.
  ids.Y = await order({
    submittedAt: new Date('2025-04-28T09:00:00Z'),
    status: 'submitted',
    total: 195_000,
    lines: [suit('TALUS-CUSTOM', 'talus', 195_000)],
  })
  // X, 29 April, Kestrel, in production, paid: 29 April + 70 days = 8 July: 8 days, not yet.
  ids.X = await order({
    submittedAt: new Date('2025-04-29T09:00:00Z'),
    status: 'in_production',
    total: 118_000,
    lines: [suit('KESTREL-CUSTOM', 'kestrel', 118_000)],
    payments: [{ amount: 118_000, status: 'settled' }],
  })
  // S, 1 March, Corvid 2, shipped and paid: it would be late, but it has left.
  ids.S = await order({
    submittedAt: new Date('2025-03-01T09:00:00Z'),
    status: 'shipped',
    total: 224_000,
    lines: [suit('CORVID2-CUSTOM', 'corvid-2', 224_000)],
    payments: [{ amount: 224_000, status: 'settled' }],
  })

  // Page views, counted on the day they arrived: 3 on 31 May, 40 on 1 June, 25 on 3 June,
  // 10 on 10 June, 7 on 11 June.
  const views = (count: number, day: string) =>
    recordPageViews(
      db(),
      Array.from({ length: count }, () => ({ id: randomUUID(), path: '/wingsuits/corvid-2' })),
      new Date(`${day}T14:00:00Z`),
    )
  await views(3, '2025-05-31')
  await views(40, '2025-06-01')
  await views(25, '2025-06-03')
  await views(10, '2025-06-10')
  await views(7, '2025-06-11')

  // Mail: one failed, one sent, one queued.
  for (const [status, subject] of [
    ['failed', 'Your order D'],
    ['sent', 'Your order A'],
    ['queued', 'Your order Z'],
  ] as const) {
    await db()
      .insert(outbox)
      .values({
        kind: 'order-submitted',
        dedupeKey: `dashboard-test:${subject}`,
        to: 'd@example.com',
        subject,
        status,
        attempts: status === 'failed' ? 5 : 1,
        lastError: status === 'failed' ? '550 mailbox unavailable' : null,
        createdAt: new Date('2025-06-03T15:00:05Z'),
      })
  }

  // Payouts of the demo dealer (Fjordline Air Sports): the seed's paid one, one waiting since
  // 20 June (4,000), one cancelled.
  const [dealer] = await db().select().from(users).where(eq(users.email, 'dealer@example.com'))
  for (const [status, amount] of [
    ['requested', 4_000],
    ['cancelled', 0],
  ] as const) {
    await db()
      .insert(payoutRequests)
      .values({
        dealerId: dealer!.id,
        amount,
        currency: 'USD',
        notes: `A ${status} payout`,
        status,
        createdAt: new Date('2025-06-20T10:00:00Z'),
      })
  }
})

afterAll(async () => {
  await database.close()
})

const zero = { orders: 0, sales: 0, refunded: 0 }

describe('the dashboard’s figures', () => {
  it('sales per day: every day of the period, cancelled orders, carts and euros left out', async () => {
    // 1 June: A 48,650 + B 254,000 = 302,650 in 2 orders, 3,400 refunded (A's goggles).
    // 3 June: D 10,850 (C cancelled). 5 June: M 228,650 (H is in euros). 10 June: E 23,500,
    // all of it refunded. G (31 May) and F (11 June) are outside.
    expect(await salesPerDay(db(), period)).toEqual([
      { day: '2025-06-01', orders: 2, sales: 302_650, refunded: 3_400 },
      { day: '2025-06-02', ...zero },
      { day: '2025-06-03', orders: 1, sales: 10_850, refunded: 0 },
      { day: '2025-06-04', ...zero },
      { day: '2025-06-05', orders: 1, sales: 228_650, refunded: 0 },
      { day: '2025-06-06', ...zero },
      { day: '2025-06-07', ...zero },
      { day: '2025-06-08', ...zero },
      { day: '2025-06-09', ...zero },
      { day: '2025-06-10', orders: 1, sales: 23_500, refunded: 23_500 },
    ])
  })

  it('sales per week: Monday to Sunday, the partial weeks at the ends with their own days only', async () => {
    // Sunday 1 June ends the week of Monday 26 May: A + B. The week of 2 June: D 10,850 +
    // M 228,650 = 239,500. The week of 9 June: E (9 and 10 June are in the period; F on the 11th
    // is not).
    expect(await salesPerWeek(db(), period)).toEqual([
      { week: '2025-05-26', orders: 2, sales: 302_650, refunded: 3_400 },
      { week: '2025-06-02', orders: 2, sales: 239_500, refunded: 0 },
      { week: '2025-06-09', orders: 1, sales: 23_500, refunded: 23_500 },
    ])
  })

  it('orders, sales and the average order value', async () => {
    // 302,650 + 10,850 + 228,650 + 23,500 = 565,650 in 5 orders: 113,130 each;
    // refunded 3,400 + 23,500 = 26,900.
    expect(await salesSummary(db(), period)).toEqual({
      orders: 5,
      sales: 565_650,
      refunded: 26_900,
      averageOrderValue: 113_130,
    })
    // In euros: H alone.
    expect(await salesSummary(db(), { ...period, currency: 'EUR' })).toEqual({
      orders: 1,
      sales: 30_000,
      refunded: 0,
      averageOrderValue: 30_000,
    })
    // A period with nothing in it.
    expect(
      await salesSummary(db(), {
        from: new Date('2025-01-01T00:00:00Z'),
        to: new Date('2025-01-02T00:00:00Z'),
      }),
    ).toEqual({ orders: 0, sales: 0, refunded: 0, averageOrderValue: 0 })
  })

  it('made to order against in stock', async () => {
    // Made to order: B alone (254,000). M has goggles from stock beside its suit, so it is in
    // stock with A, D and E: 48,650 + 10,850 + 228,650 + 23,500 = 311,650.
    expect(await madeToOrderShare(db(), period)).toEqual({
      madeToOrder: { orders: 1, sales: 254_000 },
      inStock: { orders: 4, sales: 311_650 },
    })
  })

  it('says made to order of an order exactly when the order’s page does (isMadeToOrder)', async () => {
    const catalog = await catalogSnapshotOnce(db())
    const all = { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-12-31T00:00:00Z') }
    const submitted = await db()
      .select()
      .from(orders)
      .where(
        and(
          gte(orders.submittedAt, all.from),
          lt(orders.submittedAt, all.to),
          ne(orders.status, 'cancelled'),
          eq(orders.currency, 'USD'),
        ),
      )
    let made = 0
    for (const row of submitted) {
      const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, row.id))
      if (isMadeToOrder(lines, (slug) => catalog.productBySlug(slug))) made++
    }
    // B, L, R, Y, X and S.
    expect(made).toBe(6)
    expect((await madeToOrderShare(db(), all)).madeToOrder.orders).toBe(made)
  })

  it('top products by items and by amount', async () => {
    // corvid-2: B's suit and design (224,000 + 30,000) and M's suit (224,000): 2 items, 478,000.
    // mission-bag: A's 2 (44,000) and E's 1 (22,000): 3 items, 66,000.
    // classic-t-black: D's 3: 9,600. goggles: A's and M's: 2 items, 6,800.
    const corvid = {
      slug: 'corvid-2',
      name: 'Corvid 2',
      family: 'wingsuits',
      quantity: 2,
      amount: 478_000,
    }
    const bags = {
      slug: 'mission-bag',
      name: 'Mission bag',
      family: 'bags',
      quantity: 3,
      amount: 66_000,
    }
    const shirts = { slug: 'classic-t-black', quantity: 3, amount: 9_600 }
    const goggles = { slug: 'goggles', quantity: 2, amount: 6_800 }
    const top = await topProducts(db(), period)
    // Three items each: the bags' larger amount first; then two each.
    expect(top.byQuantity).toMatchObject([bags, shirts, corvid, goggles])
    expect(top.byAmount).toMatchObject([corvid, bags, shirts, goggles])
    const three = await topProducts(db(), { ...period, limit: 3 })
    expect(three.byQuantity.map((product) => product.slug)).toEqual([
      'mission-bag',
      'classic-t-black',
      'corvid-2',
    ])
    expect(three.byAmount.map((product) => product.slug)).toEqual([
      'corvid-2',
      'mission-bag',
      'classic-t-black',
    ])
  })

  it('page views per day against the orders of the day', async () => {
    // 1 June: 2 orders in 40 views = 0.05. 3 June: 1 in 25 = 0.04. 5 June: 1 order, no views.
    // 10 June: 1 in 10 = 0.1. The views of 31 May and 11 June are outside.
    const none = { views: 0, orders: 0, conversion: null }
    expect(await viewsAgainstOrders(db(), period)).toEqual([
      { day: '2025-06-01', views: 40, orders: 2, conversion: 0.05 },
      { day: '2025-06-02', ...none },
      { day: '2025-06-03', views: 25, orders: 1, conversion: 0.04 },
      { day: '2025-06-04', ...none },
      { day: '2025-06-05', views: 0, orders: 1, conversion: null },
      { day: '2025-06-06', ...none },
      { day: '2025-06-07', ...none },
      { day: '2025-06-08', ...none },
      { day: '2025-06-09', ...none },
      { day: '2025-06-10', views: 10, orders: 1, conversion: 0.1 },
    ])
  })

  it('counts UTC days and weeks whatever the session’s time zone', async () => {
    // In Auckland (UTC+12) B's 23:30 on 1 June is already 2 June, and the views' 14:00 the next
    // day: the figures stay the UTC ones above.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`)
      expect((await salesPerDay(tx, period))[0]).toEqual({
        day: '2025-06-01',
        orders: 2,
        sales: 302_650,
        refunded: 3_400,
      })
      expect((await salesPerWeek(tx, period))[0]).toMatchObject({ week: '2025-05-26', orders: 2 })
      expect((await viewsAgainstOrders(tx, period))[0]).toMatchObject({ views: 40, orders: 2 })
    })
  })

  it('all of them at once', async () => {
    const figures = await dashboardFigures(db(), { ...period, topLimit: 1 })
    expect(figures.summary.sales).toBe(565_650)
    expect(figures.salesPerDay).toHaveLength(10)
    expect(figures.salesPerWeek).toHaveLength(3)
    expect(figures.madeToOrder.madeToOrder.orders).toBe(1)
    expect(figures.topProducts.byAmount.map((product) => product.slug)).toEqual(['corvid-2'])
    expect(figures.viewsPerDay[0]).toMatchObject({ views: 40, orders: 2 })
  })
})

describe('what needs the owner', () => {
  it('balances unpaid for more than 14 days, oldest first', async () => {
    // Before 16 June noon, with a balance, in a state that can still be paid:
    // Y (28 April): 195,000 unpaid, 63 days. G (31 May 23:59:59): 20,000 − 5,000 = 15,000, the
    // pending invoice not counted, 29 days and 12 hours. B (1 June 23:30): 254,000 − 100,000 =
    // 154,000, 28 days and 12 hours. D (3 June 15:00): 10,850, 26 days and 21 hours. A is paid
    // (its refund does not open a balance), E refunded, C cancelled, Z only 5 days old.
    const unpaid = await unpaidBalances(db(), { now })
    expect(unpaid.count).toBe(4)
    expect(
      unpaid.items.map(({ orderId, total, paid, balance, daysWaiting }) => ({
        orderId,
        total,
        paid,
        balance,
        daysWaiting,
      })),
    ).toEqual([
      { orderId: ids.Y, total: 195_000, paid: 0, balance: 195_000, daysWaiting: 63 },
      { orderId: ids.G, total: 20_000, paid: 5_000, balance: 15_000, daysWaiting: 29 },
      { orderId: ids.B, total: 254_000, paid: 100_000, balance: 154_000, daysWaiting: 28 },
      { orderId: ids.D, total: 10_850, paid: 0, balance: 10_850, daysWaiting: 26 },
    ])
    expect(unpaid.items[1]).toMatchObject({ status: 'partly_paid', currency: 'USD' })
    // The first two of the four.
    const two = await unpaidBalances(db(), { now, limit: 2 })
    expect(two.count).toBe(4)
    expect(two.items.map((item) => item.orderId)).toEqual([ids.Y, ids.G])
    // Past 30 days: Y alone. Past 3 days: Z too (5 days), 5 in all.
    expect((await unpaidBalances(db(), { now, days: 30 })).count).toBe(1)
    expect((await unpaidBalances(db(), { now, days: 3 })).count).toBe(5)
  })

  it('BitPay invoices pending', async () => {
    // G's invoice; F's BitPay payment settled, Z's pending attempt is a card's.
    const pending = await pendingBitpayInvoices(db())
    expect(pending.count).toBe(1)
    expect(pending.items).toEqual([
      expect.objectContaining({
        orderId: ids.G,
        amount: 15_000,
        currency: 'USD',
        createdAt: new Date('2025-06-20T08:00:00Z'),
      }),
    ])
  })

  it('mail that failed', async () => {
    const failed = await failedMail(db())
    expect(failed.count).toBe(1)
    expect(failed.items).toEqual([
      expect.objectContaining({
        kind: 'order-submitted',
        to: 'd@example.com',
        subject: 'Your order D',
        attempts: 5,
        lastError: '550 mailbox unavailable',
      }),
    ])
  })

  it('made-to-order orders late against their ship-by date, and at risk within a week', async () => {
    // L: due 10 June, 20 days late. R: due 4 July (10 weeks + 2 for its design), 4 days left.
    // Y: due 7 July, 7 days left. X (8 July) has 8; B (24 August) has weeks; S has shipped;
    // M is not made to order.
    const risks = await lateMadeToOrder(db(), { now })
    expect(risks.late).toEqual([
      expect.objectContaining({ orderId: ids.L, shipBy: '2025-06-10', daysLeft: -20 }),
    ])
    expect(risks.atRisk).toEqual([
      expect.objectContaining({ orderId: ids.R, shipBy: '2025-07-04', daysLeft: 4 }),
      expect.objectContaining({
        orderId: ids.Y,
        shipBy: '2025-07-07',
        daysLeft: 7,
        status: 'submitted',
      }),
    ])
    // Within 8 days, X is at risk too; on 5 July, R (4 July) is late by a day.
    const wider = await lateMadeToOrder(db(), { now, atRiskDays: 8 })
    expect(wider.atRisk.map((order) => order.orderId)).toEqual([ids.R, ids.Y, ids.X])
    const later = await lateMadeToOrder(db(), { now: new Date('2025-07-05T08:00:00Z') })
    expect(later.late.map((order) => [order.orderId, order.daysLeft])).toEqual([
      [ids.L, -25],
      [ids.R, -1],
    ])
  })

  it('payout requests waiting', async () => {
    const waiting = await waitingPayouts(db())
    expect(waiting.count).toBe(1)
    expect(waiting.items).toEqual([
      expect.objectContaining({
        dealer: 'Fjordline Air Sports',
        amount: 4_000,
        currency: 'USD',
        notes: 'A requested payout',
        createdAt: new Date('2025-06-20T10:00:00Z'),
      }),
    ])
  })

  it('all of them at once', async () => {
    const needs = await needsTheOwner(db(), { now, limit: 1 })
    expect(needs.unpaidBalances).toMatchObject({ count: 4, items: [{ orderId: ids.Y }] })
    expect(needs.pendingBitpayInvoices.count).toBe(1)
    expect(needs.failedMail.count).toBe(1)
    expect(needs.madeToOrder.late).toHaveLength(1)
    expect(needs.waitingPayouts.count).toBe(1)
  })
})
