import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminOrderDetail } from '../../contract/admin.ts'
import { AdminQueue } from '../../contract/admin-queue.ts'
import { productionTimes } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  cartCaller,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { customSuit, errorsOf, testAccount, testOrders } from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'

/*
 * GET /api/admin/queue (docs/back-office.md) on orders customers made through the cart, dated
 * from today: the cards' order and states, the lines as the order's page has them, a move of a
 * card (the order's own move, with its note), and the 422 of a state not on the board. Which
 * orders the board holds and how it reads at scale: services/admin/queue.test.ts.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: Mailer
let staff: Awaited<ReturnType<typeof accountWithRole>>

const send = adminCaller(() => app)
const call = cartCaller(() => app)
const { submitted } = testOrders(call, () => database.db)

const dayMs = 86_400_000
const today = new Date().toISOString().slice(0, 10)
/** Noon UTC `days` days before today. */
const daysAgo = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * dayMs)
const dayIn = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)

const ids: Record<string, string> = {}

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer })
  staff = await accountWithRole(database.db, 'staff')
  // A Corvid 2 is ready 10 weeks (70 days) after submit.
  await database.db
    .update(productionTimes)
    .set({ weeksMin: 8, weeksMax: 10 })
    .where(eq(productionTimes.category, 'wingsuits'))
  const suitOrder = async (days: number, status: 'submitted' | 'paid' = 'submitted') => {
    const owner = await testAccount(database.db)
    const placed = await submitted(
      { bearer: owner.bearer },
      { items: [customSuit], ship: false, status, submittedAt: daysAgo(days) },
    )
    return placed.id
  }
  ids.onTime = await suitOrder(30)
  ids.late = await suitOrder(72, 'paid')
  ids.atRisk = await suitOrder(65)
  // From stock: never on the board.
  const owner = await testAccount(database.db)
  ids.bag = (await submitted({ bearer: owner.bearer }, { status: 'paid' })).id
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

async function board(query = ''): Promise<AdminQueue> {
  const res = await send('GET', `/admin/queue${query}`, staff.bearer)
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return AdminQueue.parse(body)
}
const mine = (queue: AdminQueue) =>
  queue.orders.filter((card) => Object.values(ids).includes(card.id))

describe('GET /api/admin/queue', () => {
  it('lists the made-to-order orders soonest ship-by first, late and at risk marked', async () => {
    const queue = await board()
    expect(queue).toMatchObject({ today, at_risk_days: 7 })
    expect(
      mine(queue).map((card) => [card.id, card.ship_by, card.days_left, card.ship_by_state]),
    ).toEqual([
      [ids.late, dayIn(-2), -2, 'late'],
      [ids.atRisk, dayIn(5), 5, 'at_risk'],
      [ids.onTime, dayIn(40), 40, 'on_time'],
    ])
    // The whole board is in that order, undated cards last.
    const keys = queue.orders.map((card) => `${card.ship_by ?? '9999'} ${card.submitted_at}`)
    expect(keys).toEqual(keys.toSorted())
    expect(mine(queue).map((card) => card.id)).not.toContain(ids.bag)
  })

  it('gives each card the made lines and amounts of the order’s page', async () => {
    const card = mine(await board()).find((candidate) => candidate.id === ids.late)!
    const res = await send('GET', `/admin/orders/${ids.late}`, staff.bearer)
    const page = AdminOrderDetail.parse(await res.json())
    expect(card.lines).toEqual(page.lines.filter((line) => !line.in_stock))
    expect(card.lines[0]).toMatchObject({ sku: 'CORVID2-CUSTOM', meta: customSuit.meta })
    expect(card).toMatchObject({
      number: page.number,
      status: 'paid',
      email: page.customer.email,
      total: page.total,
      balance: page.balance,
      payment: page.payment,
      ship_by: page.ship_by,
      country: 'US',
    })
  })

  it('follows a card moved along: its state, its note, and off the board once shipped', async () => {
    const move = (status: string, note?: string) =>
      send('POST', `/admin/orders/${ids.atRisk}/move`, staff.bearer, { status, note })
    expect((await move('in_production', 'Cutting the panels.')).status).toBe(200)
    const produced = mine(await board('?status=in_production'))
    expect(produced.map((card) => [card.id, card.status, card.last_note])).toEqual([
      [ids.atRisk, 'in_production', 'Cutting the panels.'],
    ])
    expect(mine(await board('?status=submitted')).map((card) => card.id)).toEqual([ids.onTime])
    expect((await move('shipped', '1Z999AA10123456784')).status).toBe(200)
    expect(mine(await board()).map((card) => card.id)).toEqual([ids.late, ids.onTime])
  })

  it('refuses a state that is not on the board', async () => {
    for (const status of ['shipped', 'open', 'nowhere'])
      expect(
        Object.keys(
          await errorsOf(await send('GET', `/admin/queue?status=${status}`, staff.bearer)),
        ),
      ).toEqual(['status'])
  })
})
