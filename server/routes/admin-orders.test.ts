import { randomBytes } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminOrderDetail, AdminOrdersPage } from '../../contract/admin.ts'
import { orderNumber } from '../../contract/order-number.ts'
import { OrderView } from '../../contract/orders.ts'
import type { AdminDeps as CommandDeps } from '../cli/command.ts'
import { adminRunner } from '../cli/test-admin.ts'
import {
  auditLog,
  dealers,
  idempotencyKeys,
  orderEvents,
  orders,
  outbox,
  payments,
  users,
} from '../db/schema.ts'
import { loadEnv } from '../env.ts'
import type { Mailer } from '../mail/mailer.ts'
import { sessionRef } from '../services/admin/audit.ts'
import { refundRunningMessage } from '../services/admin/refund-once.ts'
import { userScope } from '../services/cart-owner.ts'
import { keyReusedMessage, requestHash } from '../services/idempotency.ts'
import { hashToken } from '../services/sessions.ts'
import { moneyOfOrders } from '../services/payments/order-money.ts'
import { createPayments } from '../services/payments/payments.ts'
import { paymentProviders } from '../services/payments/providers.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import {
  bag,
  customSuit,
  errorsOf,
  orderAwaitingPayment,
  testAccount,
  testOrders,
  usAddress,
} from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'
import { refundKeyMessages } from './admin-orders.ts'

/*
 * The back office's orders (docs/back-office.md): the list's filters and search on a small seeded
 * set, an order's page, and each action against the command line's rules, with its audit row.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: Mailer
let staff: Awaited<ReturnType<typeof accountWithRole>>
let admin: Awaited<ReturnType<typeof accountWithRole>>
let commandDeps: CommandDeps

const siteUrl = 'https://shop.example'

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer, env: { SITE_URL: siteUrl } })
  staff = await accountWithRole(database.db, 'staff', { name: 'Sam Staff' })
  admin = await accountWithRole(database.db, 'admin')
  const env = loadEnv({ NODE_ENV: 'test', TEST_PAYMENTS: 'true', SITE_URL: siteUrl })
  commandDeps = {
    db: database.db,
    mailer,
    siteUrl,
    smtp: false,
    payments: createPayments({
      db: database.db,
      siteUrl,
      providers: paymentProviders(database.db, env),
    }),
  }
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

const send = adminCaller(() => app)
const call = cartCaller(() => app)
const { submitted } = testOrders(call, () => database.db)
const command = adminRunner(() => commandDeps)

async function pageOf(query: string, bearer = staff.bearer): Promise<AdminOrdersPage> {
  const res = await send('GET', `/admin/orders${query}`, bearer)
  expect(res.status, query).toBe(200)
  return AdminOrdersPage.parse(await res.json())
}
async function detailOf(res: Response): Promise<AdminOrderDetail> {
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return AdminOrderDetail.parse(body)
}
const detail = async (id: string) =>
  detailOf(await send('GET', `/admin/orders/${id}`, staff.bearer))

/** A refund of the order, by the admin unless told, with an Idempotency-Key when given. */
function refund(id: string, body: unknown, key?: string, bearer = admin.bearer) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
  }
  if (key !== undefined) headers['idempotency-key'] = key
  return app.request(`/api/admin/orders/${id}/refund`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

/** The customer's own view of the order, as its page reads it. */
async function customerView(id: string, caller: CartCaller): Promise<OrderView> {
  const res = await call('GET', `/order/get-submitted-order/${id}`, caller)
  expect(res.status).toBe(200)
  return OrderView.parse(await res.json())
}

/** A customer's order of 459.00 USD paid in full through the test gateway (so it can be refunded). */
async function paidOrder(total = 45900) {
  const owner = await testAccount(database.db)
  const order = await orderAwaitingPayment(database.db, { userId: owner.id }, { total })
  const res = await call(
    'POST',
    `/payment/braintree/${order.id}`,
    { bearer: owner.bearer },
    { body: { nonce: 'fake-valid-nonce' }, key: newKey() },
  )
  expect(res.status).toBe(200)
  return { id: order.id, owner }
}

async function auditOfOrder(id: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetKind, 'order'), eq(auditLog.targetId, id)))
}

describe('GET /api/admin/orders', () => {
  /** A set of four orders of its own: a token in their customers' names finds them alone. */
  let token: string
  let set: { a: string; b: string; c: string; d: string }
  let emailOfA: string
  let dealerId: string
  let suitOwner: CartCaller
  let adaCaller: CartCaller

  beforeAll(async () => {
    token = `Zed${randomBytes(4).toString('hex')}`
    const [dealer] = await database.db
      .select({ id: dealers.userId })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(eq(users.email, 'dealer@example.com'))
    dealerId = dealer!.id
    const customer = async (name: string) => {
      const account = await testAccount(database.db)
      await database.db.update(users).set({ name }).where(eq(users.id, account.id))
      return account
    }
    const ada = await customer(`Ada ${token}`)
    emailOfA = ada.email
    adaCaller = { bearer: ada.bearer }
    const bo = await customer(`Bo ${token}`)
    const cy = await customer(`Cy ${token}`)
    suitOwner = { bearer: cy.bearer }
    // A device's order: no account, its name only on the address.
    const device = { token: newCartToken() }
    const a = await submitted(
      { bearer: ada.bearer },
      { submittedAt: new Date('2031-01-10T10:00:00Z') },
    )
    const b = await submitted(
      { bearer: bo.bearer },
      { submittedAt: new Date('2031-02-10T10:00:00Z'), status: 'paid' },
    )
    await database.db.update(orders).set({ dealerId }).where(eq(orders.id, b.id))
    const bTotal = b.cart.total + b.shipping
    await database.db.insert(payments).values({
      orderId: b.id,
      attemptKey: newKey(),
      provider: 'test',
      amount: bTotal,
      currency: 'USD',
      status: 'settled',
    })
    const c = await submitted(suitOwner, {
      items: [customSuit],
      ship: false,
      status: 'partly_paid',
      submittedAt: new Date('2031-03-10T10:00:00Z'),
      pays: [{ amount: 20_000, status: 'settled' }],
    })
    const d = await submitted(device, {
      items: [customSuit],
      ship: false,
      status: 'in_production',
      submittedAt: new Date('2031-04-10T10:00:00Z'),
      address: { ...usAddress, name: `Di ${token}` },
    })
    set = { a: a.id, b: b.id, c: c.id, d: d.id }
  })

  const ids = (page: AdminOrdersPage) => page.orders.map((row) => row.id)
  const search = (extra = '') => pageOf(`?q=${token}${extra}`)

  it('finds the set by a name, newest first, each row with its customer, amounts and dealer', async () => {
    const page = await search()
    expect(ids(page)).toEqual([set.d, set.c, set.b, set.a])
    expect(page).toMatchObject({ page: 1, per_page: 20, total_count: 4, has_more: false })
    const row = (id: string) => page.orders.find((order) => order.id === id)!
    expect(row(set.a)).toMatchObject({
      number: orderNumber(set.a),
      status: 'submitted',
      email: emailOfA,
      name: `Ada ${token}`,
      paid: 0,
      payment: 'unpaid',
      made_to_order: false,
      dealer: null,
      ship_by: null,
      submitted_at: '2031-01-10T10:00:00.000Z',
    })
    expect(row(set.b)).toMatchObject({ payment: 'paid', balance: 0 })
    expect(row(set.b).dealer).toMatchObject({ id: dealerId })
    expect(row(set.b).dealer!.name.length).toBeGreaterThan(0)
    expect(row(set.c)).toMatchObject({ paid: 20_000, payment: 'part_paid', made_to_order: true })
    // A device's order: no address to mail, the name from its shipping address.
    expect(row(set.d)).toMatchObject({ email: null, name: `Di ${token}`, made_to_order: true })
  })

  it('gives the same amounts as the customer’s order page, and the ship-by day it promises', async () => {
    const page = await search()
    const c = page.orders.find((order) => order.id === set.c)!
    const view = await customerView(set.c, suitOwner)
    expect(c).toMatchObject({
      total: view.total,
      paid: view.paid,
      refunded: view.refunded,
      balance: view.balance,
    })
    // Submit day plus the production time the customer was shown.
    expect(c.ship_by).toBe(view.lines[0]!.production_time!.ready_by)
    expect(c.ship_by! > '2031-03-10').toBe(true)
    // What the filters read, kept on the order, is what the customer's order page says:
    // paid as services/payments/order-money.ts sums it, made to order as services/shipping.ts
    // decides it.
    const money = await moneyOfOrders(database.db, ids(page))
    const kept = await database.db
      .select({ id: orders.id, paid: orders.paidAmount, madeToOrder: orders.madeToOrder })
      .from(orders)
      .where(inArray(orders.id, ids(page)))
    for (const row of kept) {
      expect(row.paid, row.id).toBe(money.get(row.id)?.paid ?? 0)
      expect(row.madeToOrder, row.id).toBe(page.orders.find((o) => o.id === row.id)!.made_to_order)
    }
    expect(view.is_mto).toBe(true)
    expect((await customerView(set.a, adaCaller)).is_mto).toBe(false)
  })

  it('narrows by each filter', async () => {
    const cases: [string, string[]][] = [
      ['&status=paid', [set.b]],
      ['&status=in_production', [set.d]],
      ['&status=delivered', []],
      ['&payment=paid', [set.b]],
      ['&payment=part_paid', [set.c]],
      ['&payment=unpaid', [set.d, set.a]],
      ['&made_to_order=true', [set.d, set.c]],
      ['&made_to_order=false', [set.b, set.a]],
      [`&dealer=${dealerId}`, [set.b]],
      ['&from=2031-02-01', [set.d, set.c, set.b]],
      ['&to=2031-03-10', [set.c, set.b, set.a]],
      ['&from=2031-02-10&to=2031-03-10', [set.c, set.b]],
      ['&from=2031-03-11&to=2031-04-09', []],
      ['&made_to_order=true&payment=unpaid', [set.d]],
    ]
    for (const [filter, expected] of cases) {
      const page = await search(filter)
      expect(ids(page), filter).toEqual(expected)
      expect(page.total_count, filter).toBe(expected.length)
    }
  })

  it('searches by the order number as the customer sees it, by e-mail and by name', async () => {
    const number = orderNumber(set.a)
    for (const q of [number, number.toLowerCase(), `%23${number}`, number.slice(0, 5), set.a]) {
      const page = await pageOf(`?q=${q}&from=2031-01-01&to=2031-12-31`)
      expect(ids(page), q).toEqual([set.a])
    }
    expect(ids(await pageOf(`?q=${encodeURIComponent(emailOfA.slice(0, 20))}`))).toEqual([set.a])
    expect(ids(await pageOf(`?q=ada%20${token.toLowerCase()}`))).toEqual([set.a])
    expect(ids(await pageOf(`?q=Di%20${token}`))).toEqual([set.d])
    // LIKE's wildcards are only characters.
    expect(ids(await pageOf(`?q=${token}%25_`))).toEqual([])
  })

  it('pages through the set', async () => {
    const first = await search('&per_page=3')
    expect(ids(first)).toEqual([set.d, set.c, set.b])
    expect(first).toMatchObject({ total_count: 4, has_more: true })
    const second = await search('&per_page=3&page=2')
    expect(ids(second)).toEqual([set.a])
    expect(second.has_more).toBe(false)
  })

  it('follows the payments as they are made and refunded', async () => {
    const owner = await testAccount(database.db)
    const order = await orderAwaitingPayment(database.db, { userId: owner.id }, { total: 10000 })
    const stateOf = async () => {
      const [row] = (await pageOf(`?q=${order.id}`)).orders
      const [kept] = (
        await Promise.all(
          (['paid', 'part_paid', 'unpaid'] as const).map(async (payment) =>
            (await pageOf(`?q=${order.id}&payment=${payment}`)).total_count === 1 ? payment : null,
          ),
        )
      ).filter(Boolean)
      return { listed: row!.payment, filtered: kept, paid: row!.paid }
    }
    expect(await stateOf()).toEqual({ listed: 'unpaid', filtered: 'unpaid', paid: 0 })
    const payBy = (amount?: number) =>
      call(
        'POST',
        `/payment/braintree/${order.id}`,
        { bearer: owner.bearer },
        { body: { nonce: 'fake-valid-nonce', ...(amount ? { amount } : {}) }, key: newKey() },
      )
    expect((await payBy(4000)).status).toBe(200)
    expect(await stateOf()).toEqual({ listed: 'part_paid', filtered: 'part_paid', paid: 4000 })
    expect((await payBy()).status).toBe(200)
    expect(await stateOf()).toEqual({ listed: 'paid', filtered: 'paid', paid: 10000 })
    // A refund gives money back; it opens no balance.
    await detailOf(await send('POST', `/admin/orders/${order.id}/refund`, admin.bearer, {}))
    expect(await stateOf()).toEqual({ listed: 'paid', filtered: 'paid', paid: 10000 })
  })

  it('lists no cart', async () => {
    const owner = await testAccount(database.db)
    await call('POST', '/order/add', { bearer: owner.bearer }, { body: bag, key: newKey() })
    const page = await pageOf(`?q=${encodeURIComponent(owner.email)}`)
    expect(page.orders).toEqual([])
  })

  it('refuses bad filters with a message per field', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?per_page=51', 'per_page'],
      ['?status=open', 'status'],
      ['?status=lost', 'status'],
      ['?payment=some', 'payment'],
      ['?made_to_order=yes', 'made_to_order'],
      ['?dealer=dana', 'dealer'],
      ['?from=2031-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2031-02-01&to=2031-01-01', 'to'],
      ['?q=', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?q=a%E2%80%AEb', 'q'],
    ]
    for (const [query, field] of cases) {
      const res = await send('GET', `/admin/orders${query}`, staff.bearer)
      expect(Object.keys(await errorsOf(res)), query).toEqual([field])
    }
  })
})

describe('GET /api/admin/orders/{id}', () => {
  it('shows the lines as chosen, payments, history, mail, address and notes', async () => {
    const owner = await testAccount(database.db)
    const caller = { bearer: owner.bearer }
    const placed = await submitted(caller, {
      items: [customSuit, bag],
      status: 'partly_paid',
      pays: [
        { amount: 50_000, status: 'settled' },
        { amount: 70_000, status: 'declined' },
      ],
    })
    await database.db
      .update(orders)
      .set({ notes: 'Left-handed zip' })
      .where(eq(orders.id, placed.id))
    const view = await customerView(placed.id, caller)
    const shown = await detail(placed.id)
    expect(shown).toMatchObject({
      id: placed.id,
      number: orderNumber(placed.id),
      status: 'partly_paid',
      next_statuses: ['paid', 'in_production', 'refunded'],
      customer: { email: owner.email, account_id: owner.id, placed_for: null },
      notes: 'Left-handed zip',
      total: view.total,
      paid: 50_000,
      balance: view.total - 50_000,
      payment: 'part_paid',
      // Paid rows without a provider's reference (made in the database) refund nothing.
      refundable: 0,
      shipping: { address: { name: 'Dana Flyer', country: 'US' } },
      history: view.history,
    })
    // What the customer chose, in the order page's own words.
    expect(shown.lines).toEqual(view.lines)
    expect(shown.lines[0]!.meta).toContainEqual({ key: 'measurement.height', value: '182' })
    expect(shown.lines[0]!.summary.length).toBeGreaterThan(0)
    expect(shown.payments.map((p) => [p.provider, p.amount, p.status, p.refunded])).toEqual([
      ['test', 50_000, 'settled', 0],
      ['test', 70_000, 'declined', 0],
    ])
    expect(shown.audit).toEqual([])
    // The payment code is the customer's credential: not on the shop's page.
    expect(JSON.stringify(shown)).not.toContain(placed.code)
  })

  it('is a 404 for an unknown id, a cart and a malformed id', async () => {
    const owner = await testAccount(database.db)
    await call('POST', '/order/add', { bearer: owner.bearer }, { body: bag, key: newKey() })
    const [cart] = await database.db.select().from(orders).where(eq(orders.userId, owner.id))
    for (const id of [cart!.id, '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1', 'nope']) {
      const res = await send('GET', `/admin/orders/${id}`, staff.bearer)
      expect(res.status, id).toBe(404)
      for (const action of ['move', 'refund', 'resend-mail', 'payment-link'])
        expect(
          (await send('POST', `/admin/orders/${id}/${action}`, admin.bearer, { status: 'paid' }))
            .status,
          `${action} ${id}`,
        ).toBe(404)
    }
  })
})

describe('POST /api/admin/orders/{id}/move', () => {
  it('moves along the order’s life with a note, mails the customer, and audits who did it', async () => {
    const owner = await testAccount(database.db)
    const caller = { bearer: owner.bearer }
    const placed = await submitted(caller, { items: [customSuit], ship: false })
    const produced = await detailOf(
      await send('POST', `/admin/orders/${placed.id}/move`, staff.bearer, {
        status: 'in_production',
      }),
    )
    expect(produced.status).toBe('in_production')
    const shipped = await detailOf(
      await send('POST', `/admin/orders/${placed.id}/move`, staff.bearer, {
        status: 'shipped',
        note: '  1Z999AA10123456784 ',
      }),
    )
    expect(shipped.status).toBe('shipped')
    expect(shipped.history.map((event) => [event.status, event.note])).toEqual([
      ['submitted', 'Submitted.'],
      ['in_production', 'In production.'],
      ['shipped', '1Z999AA10123456784'],
    ])
    // The customer's page says the same, and the mail carries the tracking number.
    expect((await customerView(placed.id, caller)).history).toEqual(shipped.history)
    expect(shipped.mail.map((mail) => [mail.kind, mail.to, mail.status])).toEqual([
      ['order-in-production', owner.email, 'queued'],
      ['order-shipped', owner.email, 'queued'],
    ])
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.id, shipped.mail[1]!.id))
    expect(mail!.text).toContain('1Z999AA10123456784')
    expect(shipped.audit.map((row) => [row.action, row.actor.role, row.details])).toEqual([
      ['order.move', 'staff', { from: 'submitted', to: 'in_production' }],
      ['order.move', 'staff', { from: 'in_production', to: 'shipped', note: '1Z999AA10123456784' }],
    ])
    expect(shipped.audit[0]!.actor).toEqual({ id: staff.id, role: 'staff', email: staff.email })
  })

  it('refuses what the command line refuses, with the same reason, and changes nothing', async () => {
    const owner = await testAccount(database.db)
    const first = await submitted({ bearer: owner.bearer })
    const res = await send('POST', `/admin/orders/${first.id}/move`, staff.bearer, {
      status: 'shipped',
    })
    const errors = await errorsOf(res)
    const cli = await command(['move-order', first.id, 'shipped'])
    expect(cli.code).toBe(1)
    expect(errors).toEqual({ status: [cli.err] })
    expect(errors.status![0]).toContain('From submitted it may move to')
    expect((await detail(first.id)).history).toHaveLength(1)
    expect(await auditOfOrder(first.id)).toEqual([])

    // An order waiting for the waiver is not paid, made or shipped.
    await database.db
      .update(orders)
      .set({ signatureRequestedAt: new Date() })
      .where(eq(orders.id, first.id))
    const waiting = await errorsOf(
      await send('POST', `/admin/orders/${first.id}/move`, admin.bearer, { status: 'paid' }),
    )
    expect(waiting.status![0]).toContain('waits for the waiver to be signed again')
  })

  it('refuses bad input with a message per field', async () => {
    const owner = await testAccount(database.db)
    const placed = await submitted({ bearer: owner.bearer })
    for (const [body, fields] of [
      [{}, ['status']],
      [{ status: 'open' }, ['status']],
      [{ status: 'paid', note: 'x'.repeat(501) }, ['note']],
      [{ status: 'paid', note: 'a\u0000b' }, ['note']],
      [{ status: 'paid', note: 7 }, ['note']],
    ] as const) {
      const res = await send('POST', `/admin/orders/${placed.id}/move`, staff.bearer, body)
      expect(Object.keys(await errorsOf(res)), JSON.stringify(body)).toEqual(fields)
    }
    expect((await detail(placed.id)).status).toBe('submitted')
  })
})

describe('POST /api/admin/orders/{id}/refund', () => {
  it('refunds part through the gateway, then the rest, as the command line does; each audited', async () => {
    const order = await paidOrder()
    const part = await detailOf(await refund(order.id, { amount: 5000 }, newKey()))
    expect(part).toMatchObject({ status: 'paid', paid: 45900, refunded: 5000, refundable: 40900 })
    expect(part.payments[0]).toMatchObject({ amount: 45900, refunded: 5000, status: 'settled' })
    expect(part.history.at(-1)).toMatchObject({
      status: 'paid',
      note: 'Refunded 50.00 USD of the card (test gateway) payment.',
    })
    // The customer's order shows the refund.
    expect((await customerView(order.id, { bearer: order.owner.bearer })).refunded).toBe(5000)
    const rest = await detailOf(
      await send('POST', `/admin/orders/${order.id}/refund`, admin.bearer, {}),
    )
    expect(rest).toMatchObject({ status: 'refunded', refunded: 45900, refundable: 0 })
    expect(rest.audit.map((row) => [row.action, row.actor.role, row.details])).toEqual([
      ['order.refund', 'admin', { asked: 5000, refunded: 5000, currency: 'USD', status: 'paid' }],
      [
        'order.refund',
        'admin',
        { asked: 'all', refunded: 40900, currency: 'USD', status: 'refunded' },
      ],
    ])
  })

  it('refuses more than was paid, and a refund of nothing left, as the command line does', async () => {
    const order = await paidOrder(10000)
    const tooMuch = await errorsOf(await refund(order.id, { amount: 10001 }, newKey()))
    const cli = await command(['refund', order.id, '100.01'])
    expect(cli.code).toBe(1)
    expect(tooMuch).toEqual({ amount: [cli.err] })
    expect(cli.err).toBe('Only 100.00 USD of this order can be refunded.')
    expect(await detail(order.id)).toMatchObject({ status: 'paid', refunded: 0 })
    // The refused attempt is in the log too, with why.
    expect((await auditOfOrder(order.id)).map((row) => row.details)).toEqual([
      { asked: 10001, refunded: 0, currency: 'USD', refused: cli.err },
    ])

    const unpaid = await orderAwaitingPayment(database.db, {
      userId: (await testAccount(database.db)).id,
    })
    const nothing = await errorsOf(
      await send('POST', `/admin/orders/${unpaid.id}/refund`, admin.bearer, {}),
    )
    expect(nothing).toEqual({ amount: ['Nothing paid on this order is left to refund.'] })
  })

  it('refuses staff, and a body that is not a positive whole amount', async () => {
    const order = await paidOrder()
    const refused = await send('POST', `/admin/orders/${order.id}/refund`, staff.bearer, {})
    expect(refused.status).toBe(403)
    for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 12.5 }, { amount: '10' }]) {
      const res = await send('POST', `/admin/orders/${order.id}/refund`, admin.bearer, body)
      expect(Object.keys(await errorsOf(res)), JSON.stringify(body)).toEqual(['amount'])
    }
    // No body at all is not "refund everything".
    const bare = await send('POST', `/admin/orders/${order.id}/refund`, admin.bearer)
    expect(Object.keys(await errorsOf(bare))).toEqual(['body'])
    const asText = await app.request(`/api/admin/orders/${order.id}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.bearer}`, 'content-type': 'text/plain' },
      body: '{"amount": 100}',
    })
    expect(asText.status).toBe(415)
    expect(await detail(order.id)).toMatchObject({ status: 'paid', refunded: 0 })
    expect(await auditOfOrder(order.id)).toEqual([])
  })
})

describe('POST /api/admin/orders/{id}/refund with an Idempotency-Key', () => {
  /** What the order's payments hold: amount and refunded, as the payments table has them. */
  const paymentsOf = (id: string) =>
    database.db
      .select({ amount: payments.amount, refunded: payments.refundedAmount })
      .from(payments)
      .where(eq(payments.orderId, id))

  it('refunds once for a key sent twice: the second gets the first answer, byte for byte', async () => {
    const order = await paidOrder()
    const key = newKey()
    const first = await refund(order.id, { amount: 5000 }, key)
    const firstText = await first.text()
    expect(first.status, firstText).toBe(200)
    const again = await refund(order.id, { amount: 5000 }, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await again.text()).toBe(firstText)
    // One refund in the payments table, one in the history, one audit row.
    expect(await paymentsOf(order.id)).toEqual([{ amount: 45900, refunded: 5000 }])
    const shown = await detail(order.id)
    expect(shown).toMatchObject({ refunded: 5000, refundable: 40900 })
    expect(shown.history.filter((line) => line.note.startsWith('Refunded'))).toHaveLength(1)
    expect((await auditOfOrder(order.id)).map((row) => row.details)).toEqual([
      { asked: 5000, refunded: 5000, currency: 'USD', status: 'paid' },
    ])
    // A new key is a new refund.
    expect((await refund(order.id, { amount: 5000 }, newKey())).status).toBe(200)
    expect(await paymentsOf(order.id)).toEqual([{ amount: 45900, refunded: 10000 }])
    expect(await auditOfOrder(order.id)).toHaveLength(2)
  })

  it('refuses the key with another body or another order, and changes nothing', async () => {
    const order = await paidOrder()
    const other = await paidOrder()
    const key = newKey()
    expect((await refund(order.id, { amount: 5000 }, key)).status).toBe(200)
    for (const res of [
      await refund(order.id, { amount: 6000 }, key),
      await refund(order.id, {}, key),
      await refund(other.id, { amount: 5000 }, key),
    ])
      expect(await errorsOf(res)).toEqual({ 'Idempotency-Key': [keyReusedMessage] })
    expect(await paymentsOf(order.id)).toEqual([{ amount: 45900, refunded: 5000 }])
    expect(await paymentsOf(other.id)).toEqual([{ amount: 45900, refunded: 0 }])
    expect(await auditOfOrder(order.id)).toHaveLength(1)
    expect(await auditOfOrder(other.id)).toEqual([])
  })

  it('refuses a part refund without a key, or with a malformed one, before refunding', async () => {
    const order = await paidOrder()
    expect(await errorsOf(await refund(order.id, { amount: 5000 }))).toEqual({
      'Idempotency-Key': [refundKeyMessages.required],
    })
    expect(await errorsOf(await refund(order.id, { amount: 5000 }, 'short'))).toEqual({
      'Idempotency-Key': [refundKeyMessages.malformed],
    })
    expect(await paymentsOf(order.id)).toEqual([{ amount: 45900, refunded: 0 }])
    expect(await auditOfOrder(order.id)).toEqual([])
  })

  it('answers a refusal again as it was, without asking the payments twice', async () => {
    const order = await paidOrder(10000)
    const key = newKey()
    const first = await refund(order.id, { amount: 10001 }, key)
    const firstText = await first.text()
    expect(first.status).toBe(422)
    const again = await refund(order.id, { amount: 10001 }, key)
    expect(again.status).toBe(422)
    expect(await again.text()).toBe(firstText)
    expect(await auditOfOrder(order.id)).toHaveLength(1)
  })

  it('refunds all once with a key, and says a key still running is running (409)', async () => {
    const order = await paidOrder()
    const key = newKey()
    const all = await refund(order.id, {}, key)
    expect(all.status).toBe(200)
    const again = await refund(order.id, {}, key)
    expect(again.status).toBe(200)
    expect((await auditOfOrder(order.id)).map((row) => row.details)).toEqual([
      { asked: 'all', refunded: 45900, currency: 'USD', status: 'refunded' },
    ])

    // A key whose first refund has not answered (still running, or stopped half-way).
    const other = await paidOrder()
    const running = newKey()
    await database.db.insert(idempotencyKeys).values({
      scope: userScope(admin.id),
      key: running,
      requestHash: requestHash(`POST /admin/orders/${other.id}/refund`, { amount: 5000 }),
      ownerScope: userScope(admin.id),
    })
    const busy = await refund(other.id, { amount: 5000 }, running)
    expect(await errorsOf(busy, 409)).toEqual({ 'Idempotency-Key': [refundRunningMessage] })
    expect(busy.headers.get('retry-after')).toBe('2')
    expect(await paymentsOf(other.id)).toEqual([{ amount: 45900, refunded: 0 }])
    expect(await auditOfOrder(other.id)).toEqual([])
  })

  it('keeps one admin’s key apart from another’s, and refuses staff before the key', async () => {
    const order = await paidOrder()
    const key = newKey()
    const otherAdmin = await accountWithRole(database.db, 'admin')
    expect((await refund(order.id, { amount: 1000 }, key)).status).toBe(200)
    // The same key from another admin's device is that admin's own refund.
    expect((await refund(order.id, { amount: 1000 }, key, otherAdmin.bearer)).status).toBe(200)
    expect(await paymentsOf(order.id)).toEqual([{ amount: 45900, refunded: 2000 }])
    expect((await refund(order.id, { amount: 1000 }, newKey(), staff.bearer)).status).toBe(403)
  })
})

describe('POST /api/admin/orders/{id}/resend-mail and /payment-link', () => {
  it('mails the order as it stands, as the command line’s resend-mail, and audits it', async () => {
    const owner = await testAccount(database.db)
    const placed = await submitted({ bearer: owner.bearer })
    const shown = await detailOf(
      await send('POST', `/admin/orders/${placed.id}/resend-mail`, staff.bearer),
    )
    expect(shown.mail.map((mail) => [mail.kind, mail.to])).toEqual([
      ['order-submitted', owner.email],
    ])
    const cli = await command(['resend-mail', placed.id])
    expect(cli.code).toBe(0)
    const mails = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `resend:${placed.id}:%`))
    expect(mails).toHaveLength(2)
    // The same message, whoever sent it.
    expect(mails[0]!.subject).toBe(mails[1]!.subject)
    expect(mails.map((mail) => mail.kind)).toEqual(['order-submitted', 'order-submitted'])
    expect((await detail(placed.id)).mail).toHaveLength(2)
    expect(shown.audit).toMatchObject([
      {
        action: 'order.resend_mail',
        details: { kind: 'order-submitted', mail_id: shown.mail[0]!.id },
      },
    ])
  })

  it('sends the payment link while a balance is due, and refuses when nothing is', async () => {
    const owner = await testAccount(database.db)
    const placed = await submitted({ bearer: owner.bearer })
    const shown = await detailOf(
      await send('POST', `/admin/orders/${placed.id}/payment-link`, staff.bearer),
    )
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `payment-link:${placed.id}:%`))
    expect(mail!.to).toBe(owner.email)
    expect(mail!.text).toContain(`${siteUrl}/checkout/${placed.code}`)
    expect(shown.mail.map((row) => row.id)).toContain(mail!.id)
    expect(shown.audit.map((row) => row.action)).toEqual(['order.payment_link'])
    // The link is a credential: not in the log.
    expect(JSON.stringify(await auditOfOrder(placed.id))).not.toContain(placed.code)

    const paid = await paidOrder()
    expect(
      await errorsOf(await send('POST', `/admin/orders/${paid.id}/payment-link`, staff.bearer)),
    ).toEqual({
      order_id: ['This order has nothing left to pay: there is no payment link to send.'],
    })
    const cancelled = await submitted({ bearer: owner.bearer })
    await detailOf(
      await send('POST', `/admin/orders/${cancelled.id}/move`, staff.bearer, {
        status: 'cancelled',
      }),
    )
    expect(
      Object.keys(
        await errorsOf(
          await send('POST', `/admin/orders/${cancelled.id}/payment-link`, staff.bearer),
        ),
      ),
    ).toEqual(['order_id'])
  })

  it('refuses an order with no one to mail', async () => {
    const placed = await submitted({ token: newCartToken() })
    for (const action of ['resend-mail', 'payment-link']) {
      const errors = await errorsOf(
        await send('POST', `/admin/orders/${placed.id}/${action}`, admin.bearer),
      )
      expect(errors, action).toEqual({
        order_id: ['This order was placed without an e-mail address: there is no one to mail.'],
      })
    }
    expect(await auditOfOrder(placed.id)).toEqual([])
  })
})

describe('the audit log', () => {
  it('names the account, its role and its session by a reference that is not its token', async () => {
    const owner = await testAccount(database.db)
    const placed = await submitted({ bearer: owner.bearer })
    await detailOf(await send('POST', `/admin/orders/${placed.id}/resend-mail`, admin.bearer))
    const [row] = await auditOfOrder(placed.id)
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'order.resend_mail',
      targetKind: 'order',
      targetId: placed.id,
      sessionRef: sessionRef(admin.bearer),
    })
    expect(row!.sessionRef).not.toBe(hashToken(admin.bearer))
    expect(JSON.stringify(row)).not.toContain(admin.bearer)
    expect(row!.at.getTime()).toBeGreaterThan(Date.now() - 60_000)
    // The order's page shows it, with the session shortened.
    const [shown] = (await detail(placed.id)).audit
    expect(shown!.session).toBe(row!.sessionRef.slice(0, 12))
  })

  it('records a sign-in link made for a customer, never the link', async () => {
    const customer = await testAccount(database.db)
    const res = await send('POST', '/admin/login-link', staff.bearer, { email: customer.email })
    expect(res.status).toBe(200)
    const { url } = (await res.json()) as { url: string }
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'user'), eq(auditLog.targetId, customer.id)))
    expect(rows.map((row) => [row.action, row.actorId, row.actorRole])).toEqual([
      ['user.login_link', staff.id, 'staff'],
    ])
    expect(JSON.stringify(rows)).not.toContain(url.split('/').pop()!)
    // A back-office account cannot be the target.
    for (const target of [admin.email, staff.email]) {
      const refused = await send('POST', '/admin/login-link', staff.bearer, { email: target })
      expect(await errorsOf(refused)).toEqual({
        email: ['An admin link cannot sign in as another admin.'],
      })
    }
  })

  it('keeps nothing of a refused action', async () => {
    const before = await database.db.select().from(auditLog)
    const owner = await testAccount(database.db)
    const placed = await submitted({ bearer: owner.bearer })
    await send('POST', `/admin/orders/${placed.id}/move`, staff.bearer, { status: 'delivered' })
    await send('POST', `/admin/orders/${placed.id}/move`, staff.bearer, { status: 'nowhere' })
    expect(await database.db.select().from(auditLog)).toHaveLength(before.length)
    expect(
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id)),
    ).toHaveLength(1)
  })
})
