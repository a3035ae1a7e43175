import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminAttention, AdminDashboard } from '../../contract/admin-dashboard.ts'
import type { OrderStatus } from '../../contract/order-status.ts'
import { orderLines, orders, outbox, payments, productionTimes } from '../db/schema.ts'
import { recordPageViews } from '../services/analytics.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { errorsOf } from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'

/*
 * GET /api/admin/dashboard and /attention (docs/back-office.md): the service's figures on the
 * wire for a week of 2024 built by hand (long before the demo orders the test database holds),
 * every figure worked out in the comments; the days asked for and their 422s; what needs the
 * owner. The aggregates themselves are tested in services/admin/dashboard.test.ts.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let staff: Awaited<ReturnType<typeof accountWithRole>>
const send = adminCaller(() => app)

interface OrderSpec {
  submittedAt: Date
  status: OrderStatus
  total: number
  lines: { sku: string; slug: string; qty: number; unit: number }[]
  paid?: number
  refunded?: number
  currency?: string
}

/** An order as submit leaves it: a cart, its lines, then submitted (the trigger sets made_to_order). */
async function order(spec: OrderSpec): Promise<string> {
  const db = database.db
  const currency = spec.currency ?? 'USD'
  const [row] = await db
    .insert(orders)
    .values({
      cartTokenHash: randomBytes(32).toString('hex'),
      currency,
      email: `${randomUUID()}@example.com`,
    })
    .returning({ id: orders.id })
  const id = row!.id
  for (const [position, line] of spec.lines.entries())
    await db.insert(orderLines).values({
      orderId: id,
      lineKey: `line-${position}`,
      sku: line.sku,
      productSlug: line.slug,
      qty: line.qty,
      meta: [],
      unitAmount: line.unit,
      position,
    })
  await db
    .update(orders)
    .set({ status: spec.status, submittedAt: spec.submittedAt, totalAmount: spec.total })
    .where(eq(orders.id, id))
  if (spec.paid)
    await db.insert(payments).values({
      orderId: id,
      attemptKey: randomUUID(),
      provider: 'test',
      amount: spec.paid,
      currency,
      status: 'settled',
      providerRef: `test_${randomUUID()}`,
      refundedAmount: spec.refunded ?? 0,
    })
  return id
}

const bags = { sku: 'MISSION-BAG-BLACK', slug: 'mission-bag', qty: 2, unit: 22_000 }
const suit = { sku: 'CORVID2-CUSTOM', slug: 'corvid-2', qty: 1, unit: 150_000 }
const ids: Record<string, string> = {}

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
  staff = await accountWithRole(database.db, 'staff')
  await database.db
    .update(productionTimes)
    .set({ weeksMin: 8, weeksMax: 10 })
    .where(eq(productionTimes.category, 'wingsuits'))
  // Monday 4 March 2024: two bags (44,000) and shipping, 48,650; paid, 3,400 of it refunded.
  ids.A = await order({
    submittedAt: new Date('2024-03-04T10:00:00Z'),
    status: 'delivered',
    total: 48_650,
    lines: [bags],
    paid: 48_650,
    refunded: 3_400,
  })
  // Wednesday 6 March: a made-to-measure Corvid 2, 150,000, a deposit of 50,000.
  ids.B = await order({
    submittedAt: new Date('2024-03-06T15:00:00Z'),
    status: 'in_production',
    total: 150_000,
    lines: [suit],
    paid: 50_000,
  })
  // Not counted in USD: a cancelled order, and one in euros.
  ids.C = await order({
    submittedAt: new Date('2024-03-05T09:00:00Z'),
    status: 'cancelled',
    total: 10_000,
    lines: [{ ...bags, qty: 1 }],
  })
  ids.D = await order({
    submittedAt: new Date('2024-03-05T09:00:00Z'),
    status: 'paid',
    total: 20_000,
    lines: [{ ...bags, qty: 1, unit: 20_000 }],
    paid: 20_000,
    currency: 'EUR',
  })
  // Four page views on 4 March: one order for four views.
  await recordPageViews(
    database.db,
    Array.from({ length: 4 }, () => ({ id: randomUUID(), path: '/wingsuits/corvid-2' })),
    new Date('2024-03-04T12:00:00Z'),
  )
})
afterAll(async () => {
  await database.close()
})

async function dashboard(query: string): Promise<AdminDashboard> {
  const res = await send('GET', `/admin/dashboard${query}`, staff.bearer)
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return AdminDashboard.parse(body)
}

const week = '?from=2024-03-04&to=2024-03-10'
const none = { orders: 0, sales: 0, refunded: 0 }

describe('GET /api/admin/dashboard', () => {
  it('gives the period’s figures as hand-computed, each day listed, in USD unless told', async () => {
    const figures = await dashboard(week)
    expect(figures).toMatchObject({ from: '2024-03-04', to: '2024-03-10', currency: 'USD' })
    // A and B: 48,650 + 150,000; 3,400 refunded; 198,650 / 2.
    expect(figures.summary).toEqual({
      orders: 2,
      sales: 198_650,
      refunded: 3_400,
      average_order_value: 99_325,
    })
    expect(figures.sales_per_day).toEqual([
      { day: '2024-03-04', orders: 1, sales: 48_650, refunded: 3_400 },
      { day: '2024-03-05', ...none },
      { day: '2024-03-06', orders: 1, sales: 150_000, refunded: 0 },
      { day: '2024-03-07', ...none },
      { day: '2024-03-08', ...none },
      { day: '2024-03-09', ...none },
      { day: '2024-03-10', ...none },
    ])
    expect(figures.sales_per_week).toEqual([
      { week: '2024-03-04', orders: 2, sales: 198_650, refunded: 3_400 },
    ])
    expect(figures.made_to_order).toEqual({
      made_to_order: { orders: 1, sales: 150_000 },
      in_stock: { orders: 1, sales: 48_650 },
    })
    expect(figures.top_products.by_quantity.map((p) => [p.slug, p.quantity, p.amount])).toEqual([
      ['mission-bag', 2, 44_000],
      ['corvid-2', 1, 150_000],
    ])
    expect(figures.top_products.by_amount.map((p) => p.slug)).toEqual(['corvid-2', 'mission-bag'])
    expect(figures.top_products.by_amount[0]).toMatchObject({
      name: 'Corvid 2',
      family: 'wingsuits',
    })
    expect(figures.views_per_day[0]).toEqual({
      day: '2024-03-04',
      views: 4,
      orders: 1,
      conversion: 0.25,
    })
    expect(figures.views_per_day[1]).toEqual({
      day: '2024-03-05',
      views: 0,
      orders: 0,
      conversion: null,
    })
  })

  it('adds up one currency at a time', async () => {
    const euros = await dashboard(`${week}&currency=EUR`)
    expect(euros.currency).toBe('EUR')
    expect(euros.summary).toEqual({
      orders: 1,
      sales: 20_000,
      refunded: 0,
      average_order_value: 20_000,
    })
  })

  it('draws the last 30 days to today (UTC) unless told, and 30 days up to a `to` alone', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const daysBefore = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
    const recent = await dashboard('')
    expect([recent.from, recent.to]).toEqual([daysBefore(today, 29), today])
    expect(recent.sales_per_day).toHaveLength(30)
    expect(recent.views_per_day).toHaveLength(30)
    const upTo = await dashboard('?to=2024-03-10')
    expect([upTo.from, upTo.to]).toEqual(['2024-02-10', '2024-03-10'])
    const since = await dashboard(`?from=${daysBefore(today, 2)}`)
    expect([since.from, since.to]).toEqual([daysBefore(today, 2), today])
    // A leap year's whole year is the longest period.
    expect((await dashboard('?from=2024-01-01&to=2024-12-31')).sales_per_day).toHaveLength(366)
    expect((await dashboard('?from=2023-01-01&to=2024-01-01')).sales_per_day).toHaveLength(366)
  })

  it('refuses bad days, a bad currency, `to` before `from` and too long a period, per field', async () => {
    const errors = async (query: string) =>
      errorsOf(await send('GET', `/admin/dashboard${query}`, staff.bearer))
    expect(await errors('?from=2024-02-30')).toEqual({ from: ['from is a date, YYYY-MM-DD.'] })
    expect(await errors('?to=yesterday')).toEqual({ to: ['to is a date, YYYY-MM-DD.'] })
    expect(await errors('?currency=usd')).toEqual({
      currency: ['currency is a three-letter code, e.g. USD.'],
    })
    expect(await errors('?from=2024-03-10&to=2024-03-09')).toEqual({
      to: ['to is on or after from.'],
    })
    expect(Object.keys(await errors('?from=2999-01-01'))).toEqual(['from'])
    expect(await errors('?from=2022-12-31&to=2024-01-01')).toEqual({
      from: [
        'The dashboard draws at most 366 days: from is at most 365 days before to (2024-01-01).',
      ],
    })
  })
})

describe('GET /api/admin/attention', () => {
  it('lists what needs the owner: old balances, failed mail, late made-to-order orders', async () => {
    // Submitted on 2 January 2024 with nothing paid: a balance waiting since.
    const unpaid = await order({
      submittedAt: new Date('2024-01-02T10:00:00Z'),
      status: 'submitted',
      total: 12_000,
      lines: [{ ...bags, qty: 1, unit: 12_000 }],
    })
    // A Corvid 2 in production since 2 January 2024: 10 weeks, ready by 12 March 2024.
    const late = await order({
      submittedAt: new Date('2024-01-02T11:00:00Z'),
      status: 'in_production',
      total: 150_000,
      lines: [suit],
      paid: 150_000,
    })
    await database.db.insert(outbox).values({
      kind: 'order-submitted',
      dedupeKey: `attention-test:${randomUUID()}`,
      to: 'someone@example.com',
      subject: 'Your order',
      status: 'failed',
      attempts: 5,
      lastError: '550 mailbox unavailable',
    })
    const res = await send('GET', '/admin/attention', staff.bearer)
    expect(res.status).toBe(200)
    const attention = AdminAttention.parse(await res.json())
    expect(attention).toMatchObject({ unpaid_days: 14, at_risk_days: 7 })

    const now = Date.now()
    const waiting = attention.unpaid_balances.items.find((item) => item.order_id === unpaid)
    expect(waiting).toMatchObject({
      status: 'submitted',
      currency: 'USD',
      total: 12_000,
      paid: 0,
      balance: 12_000,
      submitted_at: '2024-01-02T10:00:00.000Z',
      days_waiting: Math.floor((now - Date.parse('2024-01-02T10:00:00Z')) / 86_400_000),
    })
    expect(attention.unpaid_balances.count).toBeGreaterThanOrEqual(1)
    expect(attention.failed_mail.items[0]).toMatchObject({
      to: 'someone@example.com',
      attempts: 5,
      last_error: '550 mailbox unavailable',
    })
    const lateOne = attention.made_to_order.late.find((item) => item.order_id === late)
    expect(lateOne).toMatchObject({ status: 'in_production', ship_by: '2024-03-12' })
    expect(lateOne!.days_left).toBeLessThan(0)
    expect(attention.made_to_order.at_risk.map((item) => item.order_id)).not.toContain(late)
    // B (6 March 2024) is late too, and ships by 15 May 2024: later than the other, listed after.
    const lateIds = attention.made_to_order.late.map((item) => item.order_id)
    expect(lateIds.indexOf(late)).toBeLessThan(lateIds.indexOf(ids.B!))
  })
})
