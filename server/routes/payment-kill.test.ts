/*
 * kill -9 loses nothing committed, for payments and their mail (issue 16 "Reliability"): a server
 * process killed with SIGKILL the moment it answered 200 to a submit, and again the moment it
 * answered 200 to a payment, leaves in the database (read while no server runs) the order in its
 * state, the payment settled with its one test-gateway charge, and the confirmation and the
 * receipt queued in the outbox. Started again, it replays both answers byte for byte, charges
 * nothing twice, and its mail worker sends each mail exactly once to a real SMTP server.
 *
 * The SMTP server refuses mail (451, try later) until the last start, so no mail can leave
 * before a kill: what reaches it afterwards came from the outbox alone. The refused attempt
 * leaves a message due again after the backoff (30 s), and one the kill cut mid-send after its
 * lease (5 min); the test moves those times to now while no server runs, as the time passing
 * while a server is down would.
 *
 * On PGlite a data directory of its own; on PostgreSQL (TEST_DATABASE_URL: CI's second pass,
 * `scripts/with-postgres.sh npx vitest run server/routes/payment-kill.test.ts`) a database of its
 * own: the test's title says which ran.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderNumber } from '../../contract/order-number.ts'
import { PaymentAnswer } from '../../contract/payment.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { openDatabase, type Database } from '../db/index.ts'
import { orderEvents, orders, outbox, payments, testGatewayCharges } from '../db/schema.ts'
import { loadTestEnv } from '../env.ts'
import { receiveMail, type MailReceiver, type ReceivedMail } from '../testing/received-mail.ts'
import {
  bag,
  callApi,
  endApi,
  guestOf,
  priorityMail,
  shippingAddress,
  startApi,
  type ApiCaller,
  type ApiProcess,
} from '../testing/test-api-process.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)

let database: TestDatabase | undefined
let dataDir: string
let api: ApiProcess | undefined
let smtp: MailReceiver
const received: ReceivedMail[] = []
/** Until the last start the mail server answers 451: nothing leaves before a kill. */
let refusing = true
/** Resolves the wait for the next message received. */
let onReceived: (() => void) | undefined

const start = () =>
  startApi({ databaseUrl: database?.url, dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` })

beforeAll(async () => {
  smtp = await receiveMail(
    0,
    (mail) => {
      received.push(mail)
      onReceived?.()
    },
    {
      refuse: () =>
        refusing ? { code: 451, message: 'Try again later (the test’s relay is down)' } : undefined,
    },
  )
  if (onPostgres) database = await openTestDatabase()
  else dataDir = await mkdtemp(path.join(tmpdir(), 'glidecraft-payment-kill-'))
  api = await start()
}, 120_000)

afterAll(async () => {
  if (api) await endApi(api)
  await database?.close()
  await smtp?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The database as it is while no server runs (PGlite's directory is one process's). */
async function inDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  if (database) return read(database.db)
  const opened = await openDatabase({ dataDir })
  try {
    return await read(opened.db)
  } finally {
    await opened.close()
  }
}

const request = (caller: ApiCaller, method: string, route: string, body?: unknown, key?: string) =>
  callApi(api!, caller, method, route, body, key)

async function ok(res: Promise<Response>): Promise<string> {
  const answer = await res
  const text = await answer.text()
  expect(answer.status, text).toBe(200)
  return text
}

/** Resolves once `count` messages have been received (waits for each, never sleeps). */
async function receivedCount(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (received.length < count) {
    const left = deadline - Date.now()
    if (left <= 0) throw new Error(`${received.length} of ${count} mails arrived`)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left)
      onReceived = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }
}

const mailOf = (db: Database, orderId: string, paymentId?: string) =>
  db
    .select()
    .from(outbox)
    .where(
      sql`${outbox.dedupeKey} in (${`order-submitted:${orderId}`}, ${`payment-received:${paymentId ?? ''}`})`,
    )
    .orderBy(outbox.createdAt)

describe('kill -9 right after a submit and a payment answered 200', () => {
  it(
    onPostgres
      ? 'loses no order, payment or mail, and sends each mail once (a server process on PostgreSQL)'
      : 'loses no order, payment or mail, and sends each mail once (a server process on PGlite)',
    async () => {
      const caller = await guestOf(api!, 'payment-kill')
      await ok(request(caller, 'POST', '/order/add', bag, `add-${randomUUID()}`))
      await ok(
        request(
          caller,
          'POST',
          '/order/save-shipping-address',
          { address: shippingAddress },
          `a-${randomUUID()}`,
        ),
      )
      await ok(
        request(caller, 'POST', '/order/save-shipping-option', priorityMail, `o-${randomUUID()}`),
      )

      // The submit, killed the moment its 200 is in.
      const submitKey = `submit-${randomUUID()}`
      const submitted = await ok(request(caller, 'POST', '/order/submit', {}, submitKey))
      await endApi(api!, 'SIGKILL')
      const order = SubmitAnswer.parse(JSON.parse(submitted))
      expect(order).toMatchObject({ status: 'submitted', payment_due_today: true })
      await inDatabase(async (db) => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
        expect(row).toMatchObject({ status: 'submitted', totalAmount: order.total })
        const mail = await mailOf(db, order.id)
        expect(mail.map((m) => [m.kind, m.status === 'sent'])).toEqual([['order-submitted', false]])
      })

      // Started again: the submit's replay is its first answer; then a payment, killed at its 200.
      api = await start()
      expect(await ok(request(caller, 'POST', '/order/submit', {}, submitKey))).toBe(submitted)
      const payKey = `pay-${randomUUID()}`
      const pay = () =>
        request(
          caller,
          'POST',
          `/payment/braintree/${order.id}`,
          { nonce: 'fake-valid-nonce' },
          payKey,
        )
      const paid = await ok(pay())
      await endApi(api!, 'SIGKILL')
      const payment = PaymentAnswer.parse(JSON.parse(paid))
      expect(payment).toMatchObject({
        order_id: order.id,
        status: 'paid',
        paid: order.total,
        balance: 0,
        payment: { status: 'settled', amount: order.total },
      })
      const paymentId = payment.payment.id
      await inDatabase(async (db) => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
        expect(row?.status).toBe('paid')
        const rows = await db.select().from(payments).where(eq(payments.orderId, order.id))
        expect(rows.map((p) => [p.id, p.status, p.amount])).toEqual([
          [paymentId, 'settled', order.total],
        ])
        const charges = await db
          .select()
          .from(testGatewayCharges)
          .where(eq(testGatewayCharges.orderId, order.id))
        expect(charges.map((c) => [c.attemptKey, c.status, c.amount])).toEqual([
          [payKey, 'settled', order.total],
        ])
        const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
        expect(events.map((e) => e.status)).toContain('paid')
        const mail = await mailOf(db, order.id, paymentId)
        expect(mail.map((m) => [m.kind, m.status === 'sent'])).toEqual([
          ['order-submitted', false],
          ['payment-received', false],
        ])
        // The backoff after the refused attempt, or the lease of a send the kill cut, has passed.
        await db
          .update(outbox)
          .set({ dueAt: new Date() })
          .where(and(ne(outbox.status, 'sent'), eq(outbox.to, mail[0]!.to)))
      })

      // The relay is back. Started again: the payment's replay is its first answer, no new
      // charge, and the worker sends what the outbox holds.
      refusing = false
      api = await start()
      expect(await ok(pay())).toBe(paid)
      await receivedCount(2, 30_000)
      // Stopped as an operator stops it: the send under way finishes and is recorded.
      await endApi(api!, 'SIGTERM')

      const [confirmation, receipt] = await inDatabase(async (db) => {
        const mail = await mailOf(db, order.id, paymentId)
        expect(mail.map((m) => [m.kind, m.status, m.sentVia])).toEqual([
          ['order-submitted', 'sent', 'smtp'],
          ['payment-received', 'sent', 'smtp'],
        ])
        const charges = await db
          .select()
          .from(testGatewayCharges)
          .where(eq(testGatewayCharges.orderId, order.id))
        expect(charges).toHaveLength(1)
        expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
          1,
        )
        return mail
      })
      // Each mail once, under its outbox id, as the customer's mail server got it (the worker
      // takes messages due at the same moment in either order).
      const byId = (id: string) => `<${id}@example.com>`
      expect(received.map((mail) => mail.messageId).sort()).toEqual(
        [byId(confirmation!.id), byId(receipt!.id)].sort(),
      )
      expect(received.every((mail) => mail.to.join() === confirmation!.to)).toBe(true)
      const text = (id: string) => received.find((mail) => mail.messageId === byId(id))?.text
      expect(text(confirmation!.id)).toContain(order.id)
      expect(text(receipt!.id)).toMatch(
        new RegExp(`received your payment of .* for order ${orderNumber(order.id)}\\.`),
      )
    },
    240_000,
  )
})
