import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminQueue, queueStatuses } from '../../../contract/admin-queue.ts'
import type { OrderStatus } from '../../../contract/order-status.ts'
import type { Database } from '../../db/index.ts'
import { orderEvents, orderLines, orders, payments, productionTimes } from '../../db/schema.ts'
import { openTestDatabase, type TestDatabase } from '../../testing/test-helpers.ts'
import { cachedPalette, type Palette } from '../cart/pricing.ts'
import { catalogSnapshotOnce, type CatalogSnapshot } from '../catalog-cache.ts'
import { orderSummaries, orderView } from '../orders/views.ts'
import { madeToOrderQueue, shipByStateOf } from './queue.ts'

/*
 * The made-to-order queue on a board built by hand, as of Monday 30 June 2025, noon UTC: which
 * orders are on it, in which order, late, at risk or on time, each card's lines against the
 * order's page, and a fixed number of queries however long the queue is. The demo orders the
 * test database holds are moved out of the queue first, so the board is exactly these.
 *
 * Wingsuits take 8 to 10 weeks here (a Corvid 2 is ready 70 days after submit; a super custom
 * design, SUPERCUSTOM-WS, adds 2 weeks to a Swift: 84 days); tracking suits have no published
 * production time in this file's database, so a Vector has no ship-by day.
 */

let database: TestDatabase
const db = (): Database => database.db
let catalog: CatalogSnapshot
let palette: Palette

const now = new Date('2025-06-30T12:00:00Z')

interface LineSpec {
  sku: string
  slug: string
  unit: number
  child?: { sku: string; unit: number; meta?: { key: string; value: string }[] }
}

const corvid: LineSpec = { sku: 'CORVID2-CUSTOM', slug: 'corvid-2', unit: 150_000 }
const swiftDesign: LineSpec = {
  sku: 'SWIFT-CUSTOM',
  slug: 'swift',
  unit: 160_000,
  // The pattern the customer laid out travels on the design's own line.
  child: {
    sku: 'SUPERCUSTOM-WS',
    unit: 30_000,
    meta: [{ key: 'pc_edit_state', value: 'stripes.r7C.w1A.arm-wing' }],
  },
}
const vector: LineSpec = { sku: 'VECTOR-CUSTOM', slug: 'vector', unit: 90_000 }
const bagLine: LineSpec = { sku: 'MISSION-BAG-BLACK', slug: 'mission-bag', unit: 22_000 }

async function addLine(orderId: string, line: LineSpec, position: number) {
  const meta = [{ key: 'color.body', value: 'n4D' }]
  const [parent] = await db()
    .insert(orderLines)
    .values({
      orderId,
      lineKey: randomUUID(),
      sku: line.sku,
      productSlug: line.slug,
      qty: 1,
      meta,
      unitAmount: line.unit,
      position,
    })
    .returning({ id: orderLines.id })
  if (line.child)
    await db()
      .insert(orderLines)
      .values({
        orderId,
        parentId: parent!.id,
        sku: line.child.sku,
        productSlug: line.slug,
        qty: 1,
        meta: line.child.meta ?? [],
        unitAmount: line.child.unit,
        position,
      })
}

/**
 * An order as submit leaves it (a cart, its lines, then submitted: the trigger of migration 0021
 * sets `made_to_order` from the lines), its payment and history lines.
 */
async function order(spec: {
  submittedAt: Date | null
  status: OrderStatus
  lines: LineSpec[]
  paid?: number
  events?: { note: string; at: Date }[]
}): Promise<string> {
  const [row] = await db()
    .insert(orders)
    .values({
      cartTokenHash: randomBytes(32).toString('hex'),
      currency: 'USD',
      email: `${randomUUID()}@example.com`,
      shippingAddress: {
        name: 'Dana Flyer',
        line1: '1200 Skydive Lane',
        line2: null,
        city: 'Eloy',
        region: 'AZ',
        postal_code: '85131',
        country: 'US',
        phone: null,
      },
    })
    .returning({ id: orders.id })
  const id = row!.id
  for (const [position, line] of spec.lines.entries()) await addLine(id, line, position)
  const total = spec.lines.reduce((sum, line) => sum + line.unit + (line.child?.unit ?? 0), 0)
  await db()
    .update(orders)
    .set({
      status: spec.status,
      submittedAt: spec.submittedAt,
      totalAmount: spec.submittedAt ? total : null,
    })
    .where(eq(orders.id, id))
  if (spec.paid)
    await db()
      .insert(payments)
      .values({
        orderId: id,
        attemptKey: randomUUID(),
        provider: 'test',
        amount: spec.paid,
        currency: 'USD',
        status: 'settled',
        providerRef: `test_${randomUUID()}`,
      })
  for (const event of spec.events ?? [])
    await db()
      .insert(orderEvents)
      .values({ orderId: id, status: spec.status, note: event.note, createdAt: event.at })
  return id
}

const at = (iso: string) => new Date(iso)
const ids: Record<string, string> = {}

beforeAll(async () => {
  database = await openTestDatabase()
  // The demo orders leave the queue: the board is this file's alone.
  await db()
    .update(orders)
    .set({ status: 'delivered' })
    .where(and(eq(orders.madeToOrder, true), inArray(orders.status, [...queueStatuses])))
  await db()
    .update(productionTimes)
    .set({ weeksMin: 8, weeksMax: 10 })
    .where(eq(productionTimes.category, 'wingsuits'))
  await db().delete(productionTimes).where(eq(productionTimes.category, 'trackingsuits'))
  catalog = await catalogSnapshotOnce(db())
  palette = await cachedPalette(db())

  // Ready by 29 June: a day late. Its last note is the fabric's; a later line has none.
  ids.late = await order({
    submittedAt: at('2025-04-20T09:00:00Z'),
    status: 'in_production',
    lines: [corvid],
    paid: 150_000,
    events: [
      { note: 'Submitted.', at: at('2025-04-20T09:00:00Z') },
      { note: 'Fabric on order: the body colour ships on 2 May.', at: at('2025-05-01T09:00:00Z') },
      { note: '', at: at('2025-05-02T09:00:00Z') },
    ],
  })
  // A Swift with a super custom design, 12 weeks: ready by 3 July, 3 days left.
  ids.design = await order({
    submittedAt: at('2025-04-10T09:00:00Z'),
    status: 'paid',
    lines: [swiftDesign],
    paid: 190_000,
  })
  // Ready by 7 July: 7 days left, the last day at risk.
  ids.edge = await order({
    submittedAt: at('2025-04-28T09:00:00Z'),
    status: 'submitted',
    lines: [corvid],
  })
  // Both ready by 8 July (8 days: on time); the one submitted first comes first.
  ids.older = await order({
    submittedAt: at('2025-04-29T08:00:00Z'),
    status: 'partly_paid',
    lines: [corvid],
    paid: 20_000,
  })
  ids.newer = await order({
    submittedAt: at('2025-04-29T10:00:00Z'),
    status: 'paid',
    lines: [corvid],
    paid: 150_000,
  })
  // A suit, and a bag added through the payment link after submit: still made to order as
  // submitted; the bag ships from stock and is not on the card.
  ids.withBag = await order({
    submittedAt: at('2025-05-20T09:00:00Z'),
    status: 'submitted',
    lines: [corvid],
  })
  await addLine(ids.withBag, bagLine, 1)
  // No published production time: no ship-by day, last.
  ids.noDate = await order({
    submittedAt: at('2025-01-05T09:00:00Z'),
    status: 'submitted',
    lines: [vector],
  })
  // Not on the board: shipped, cancelled, from stock, a cart.
  ids.shipped = await order({
    submittedAt: at('2025-03-01T09:00:00Z'),
    status: 'shipped',
    lines: [corvid],
  })
  ids.cancelled = await order({
    submittedAt: at('2025-03-01T09:00:00Z'),
    status: 'cancelled',
    lines: [corvid],
  })
  ids.stock = await order({
    submittedAt: at('2025-06-01T09:00:00Z'),
    status: 'paid',
    lines: [bagLine],
  })
  ids.cart = await order({ submittedAt: null, status: 'open', lines: [corvid] })
})
afterAll(async () => {
  await database.close()
})

const queue = (options: { status?: (typeof queueStatuses)[number] } = {}) =>
  madeToOrderQueue(db(), catalog, palette, { now, ...options })

describe('madeToOrderQueue', () => {
  it('holds the made-to-order orders still in work, soonest ship-by first, undated last', async () => {
    const board = AdminQueue.parse(await queue())
    expect(board).toMatchObject({ at_risk_days: 7, today: '2025-06-30' })
    expect(board.orders.map((card) => [card.id, card.ship_by, card.days_left])).toEqual([
      [ids.late, '2025-06-29', -1],
      [ids.design, '2025-07-03', 3],
      [ids.edge, '2025-07-07', 7],
      [ids.older, '2025-07-08', 8],
      [ids.newer, '2025-07-08', 8],
      [ids.withBag, '2025-07-29', 29],
      [ids.noDate, null, null],
    ])
    expect(board.orders.map((card) => card.ship_by_state)).toEqual([
      'late',
      'at_risk',
      'at_risk',
      'on_time',
      'on_time',
      'on_time',
      'on_time',
    ])
  })

  it('narrows to one state', async () => {
    const board = await queue({ status: 'submitted' })
    expect(board.orders.map((card) => card.id)).toEqual([ids.edge, ids.withBag, ids.noDate])
    expect((await queue({ status: 'in_production' })).orders.map((card) => card.id)).toEqual([
      ids.late,
    ])
  })

  it('gives each card the made lines of the order’s page, its amounts as the list, its last note', async () => {
    const board = await queue()
    const rows = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, Object.values(ids)))
    const summaries = await orderSummaries(db(), rows, catalog)
    for (const card of board.orders) {
      const row = rows.find((candidate) => candidate.id === card.id)!
      const page = await orderView(db(), row, catalog, palette)
      expect(card.lines, card.id).toEqual(page.lines.filter((line) => !line.in_stock))
      const summary = summaries.find((candidate) => candidate.id === card.id)!
      expect(card, card.id).toMatchObject({
        number: card.id.slice(0, 8).toUpperCase(),
        status: row.status,
        submitted_at: row.submittedAt!.toISOString(),
        email: row.email,
        name: 'Dana Flyer',
        country: 'US',
        currency: 'USD',
        total: summary.total,
        balance: summary.balance,
      })
    }
    const card = (id: string) => board.orders.find((candidate) => candidate.id === id)!
    // The design's card has the suit with its design as a child, 12 weeks.
    expect(card(ids.design!).lines).toHaveLength(1)
    expect(card(ids.design!).lines[0]).toMatchObject({
      sku: 'SWIFT-CUSTOM',
      children: [
        {
          sku: 'SUPERCUSTOM-WS',
          meta: [{ key: 'pc_edit_state', value: 'stripes.r7C.w1A.arm-wing' }],
        },
      ],
      production_time: { weeks_max: 12, ready_by: '2025-07-03' },
    })
    // The bag added later is not sewn: the card shows the suit alone.
    expect(card(ids.withBag!).lines.map((line) => line.sku)).toEqual(['CORVID2-CUSTOM'])
    expect(card(ids.older!)).toMatchObject({
      total: 150_000,
      balance: 130_000,
      payment: 'part_paid',
    })
    expect(card(ids.newer!)).toMatchObject({ balance: 0, payment: 'paid' })
    expect(card(ids.edge!)).toMatchObject({ payment: 'unpaid', last_note: null })
    expect(card(ids.late!).last_note).toBe('Fabric on order: the body colour ships on 2 May.')
  })

  it('marks late below 0 days left, at risk up to the window, and on time beyond it', () => {
    expect(shipByStateOf(-1, 7)).toBe('late')
    expect(shipByStateOf(0, 7)).toBe('at_risk')
    expect(shipByStateOf(7, 7)).toBe('at_risk')
    expect(shipByStateOf(8, 7)).toBe('on_time')
    expect(shipByStateOf(null, 7)).toBe('on_time')
  })

  it('reads the board in the same number of queries however many orders are on it', async () => {
    let queries = 0
    // Every query the service makes starts at one of these methods of the database.
    const starts = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'execute'])
    const counted = new Proxy(db(), {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target)
        if (typeof value !== 'function') return value
        if (starts.has(String(property))) queries++
        return (value as (...args: unknown[]) => unknown).bind(target)
      },
    })
    const count = async () => {
      queries = 0
      const board = await madeToOrderQueue(counted, catalog, palette, { now })
      return { queries, cards: board.orders.length }
    }
    const before = await count()
    for (let n = 0; n < 6; n++)
      await order({
        submittedAt: at(`2025-05-0${n + 1}T09:00:00Z`),
        status: 'in_production',
        lines: [corvid, swiftDesign],
        events: [{ note: `Cut on day ${n}.`, at: at('2025-06-01T09:00:00Z') }],
      })
    const after = await count()
    expect(after.cards).toBe(before.cards + 6)
    // The candidates, their lines, the production times and the notes.
    expect(before.queries).toBeGreaterThanOrEqual(4)
    expect(after.queries).toBe(before.queries)
  })
})
