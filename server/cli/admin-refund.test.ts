import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders, payments, testGatewayCharges } from '../db/schema.ts'
import { createTestBitpay } from '../services/payments/bitpay.ts'
import { catalogSnapshotOnce } from '../services/catalog-cache.ts'
import { orderSummaries } from '../services/orders/views.ts'
import { createPayments, type Payments } from '../services/payments/payments.ts'
import { createTestGateway } from '../services/payments/test-gateway.ts'
import { orderAwaitingPayment, testAccount } from '../testing/test-orders.ts'
import { newKey, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import type { CardGateway } from '../services/payments/gateway.ts'
import type { AdminDeps } from './command.ts'
import { adminRunner } from './test-admin.ts'

/* `npm run admin -- refund <orderId> [amount]`: refunds through the gateway that took the money. */

let database: TestDatabase
let deps: AdminDeps
let payments_: Payments

beforeAll(async () => {
  database = await openTestDatabase()
  const mailer = outboxMailer(database.db)
  const invoices = createTestBitpay(database.db)
  payments_ = createPayments({
    db: database.db,
    siteUrl: 'https://shop.example',
    providers: { cards: createTestGateway(database.db), invoices, applePay: true },
  })
  deps = {
    db: database.db,
    mailer,
    siteUrl: 'https://shop.example',
    smtp: false,
    payments: payments_,
  }
})
afterAll(async () => {
  await deps.mailer.idle()
  await database.close()
})

const admin = adminRunner(() => deps)

/** An order of 459.00 USD paid by two test cards: 100.00, then 359.00. */
async function paidOrder() {
  const account = await testAccount(database.db)
  const made = await orderAwaitingPayment(database.db, { userId: account.id })
  const [order] = await database.db.select().from(orders).where(eq(orders.id, made.id))
  for (const amount of [10000, 35900]) {
    const answer = await payments_.pay({
      order: order!,
      key: newKey(),
      call: `POST /payment/braintree/${made.id}`,
      body: { nonce: 'fake-valid-nonce', amount },
      amount,
      attempt: { kind: 'card', provider: 'test', nonce: 'fake-valid-nonce' },
    })
    expect(answer.status).toBe(200)
  }
  return made
}

const statusOf = async (id: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status

describe('admin refund', () => {
  it('refunds part through the gateway, newest payment first, then the rest: the order is refunded', async () => {
    const order = await paidOrder()
    expect(await statusOf(order.id)).toBe('paid')
    const part = await admin(['refund', order.id, '50.00'])
    expect(part).toMatchObject({
      code: 0,
      out: `Refunded 50.00 USD of order ${order.id}; it is paid.`,
    })
    const charges = await database.db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.orderId, order.id))
    expect(charges.map((charge) => [charge.amount, charge.refundedAmount]).sort()).toEqual([
      [10000, 0],
      [35900, 5000],
    ])
    // What the customer's order says: paid, refunded, and no balance opened by the refund.
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    const [summary] = await orderSummaries(
      database.db,
      [row!],
      await catalogSnapshotOnce(database.db),
    )
    expect(summary).toMatchObject({
      status: 'paid',
      total: 45900,
      paid: 45900,
      refunded: 5000,
      balance: 0,
      payment_due: false,
    })
    const again = await payments_.pay({
      order: row!,
      key: newKey(),
      call: `POST /payment/braintree/${order.id}`,
      body: { nonce: 'fake-valid-nonce', amount: 5000 },
      amount: 5000,
      attempt: { kind: 'card', provider: 'test', nonce: 'fake-valid-nonce' },
    })
    expect(again.status).toBe(422)
    expect(JSON.parse(again.text)).toMatchObject({
      errors: { order_id: ['This order has nothing left to pay.'] },
    })
    const rest = await admin(['refund', order.id])
    expect(rest).toMatchObject({
      code: 0,
      out: `Refunded 409.00 USD of order ${order.id}; it is refunded.`,
    })
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(rows.map((row) => row.status)).toEqual(['refunded', 'refunded'])
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
    expect(
      events.filter((event) => event.note.startsWith('Refunded')).map((event) => event.status),
    ).toEqual(['paid', 'paid', 'refunded'])
    expect(await admin(['refund', order.id])).toMatchObject({
      code: 1,
      err: 'Nothing paid on this order is left to refund.',
    })
  })

  it('refuses more than was paid, a bad amount, an unknown order and a wrong command line', async () => {
    const order = await paidOrder()
    expect(await admin(['refund', order.id, '500.00'])).toMatchObject({
      code: 1,
      err: 'Only 459.00 USD of this order can be refunded.',
    })
    expect((await admin(['refund', order.id, '-1'])).code).toBe(2)
    expect((await admin(['refund', order.id, '1.005'])).code).toBe(2)
    expect((await admin(['refund', 'not-an-order'])).code).toBe(2)
    expect((await admin(['refund', '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1'])).code).toBe(1)
    expect((await admin(['refund'])).code).toBe(2)
    expect((await admin(['refund', order.id, '1', '2'])).code).toBe(2)
    expect(await statusOf(order.id)).toBe('paid')
    expect((await admin(['help', 'refund'])).out).toContain(
      'Usage: npm run admin -- refund <orderId> [amount]',
    )
  })
})

describe('two refunds at once', () => {
  it('give back what was paid once: one refunds it all, the other finds nothing left', async () => {
    const order = await paidOrder()
    // A gateway that gives back whatever it is asked (the shop's ledger is what must hold).
    const cards = createTestGateway(database.db)
    const given: number[] = []
    const lenient: CardGateway = {
      ...cards,
      name: cards.name,
      refund: async (_ref, amount) => {
        given.push(amount)
        await new Promise((resolve) => setImmediate(resolve))
        return { ok: true }
      },
    }
    const racing = createPayments({
      db: database.db,
      siteUrl: 'https://shop.example',
      providers: { cards: lenient, invoices: createTestBitpay(database.db), applePay: true },
    })
    const answers = await Promise.all([racing.refund(order.id), racing.refund(order.id)])
    expect(answers.filter((answer) => answer.ok)).toEqual([
      { ok: true, refunded: 45900, status: 'refunded', currency: 'USD' },
    ])
    expect(answers.filter((answer) => !answer.ok)).toEqual([
      { ok: false, message: 'Nothing paid on this order is left to refund.' },
    ])
    expect(given.reduce((sum, amount) => sum + amount, 0)).toBe(45900)
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(rows.map((row) => [row.status, row.refundedAmount]).sort()).toEqual([
      ['refunded', 10000],
      ['refunded', 35900],
    ])
    expect(await statusOf(order.id)).toBe('refunded')
  })

  it('a part the gateway refuses is left to refund later', async () => {
    const order = await paidOrder()
    const cards = createTestGateway(database.db)
    const refusing = createPayments({
      db: database.db,
      siteUrl: 'https://shop.example',
      providers: {
        cards: { ...cards, name: cards.name, refund: async () => ({ ok: false, message: 'No.' }) },
        invoices: createTestBitpay(database.db),
        applePay: true,
      },
    })
    expect(await refusing.refund(order.id)).toEqual({ ok: false, message: 'No.' })
    expect(await admin(['refund', order.id])).toMatchObject({
      code: 0,
      out: `Refunded 459.00 USD of order ${order.id}; it is refunded.`,
    })
  })
})
