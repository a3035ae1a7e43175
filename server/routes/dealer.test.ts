import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DealerCommission, DealerCustomers, DealerOrdersPage } from '../../contract/dealer.ts'
import { createApp } from '../app.ts'
import { demoPassword } from '../services/seed.ts'
import {
  commissionEntries,
  dealerCustomers,
  dealerDirectory,
  dealers,
  orders,
  outbox,
  payoutRequests,
  users,
} from '../db/schema.ts'
import { loadEnv } from '../env.ts'
import { balanceOf, commissionMessages, markPayoutPaid } from '../services/commission.ts'
import { creditedDealer, demoDealer, linkCustomer, tieDealer } from '../services/dealers.ts'
import { moveOrder } from '../services/orders/lifecycle.ts'
import { createPayments } from '../services/payments/payments.ts'
import { paymentProviders } from '../services/payments/providers.ts'
import { orderAwaitingPayment } from '../testing/test-orders.ts'
import type { Mailer } from '../mail/mailer.ts'
import { startSession } from '../services/sessions.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { cartCaller, newKey, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

/*
 * The dealer portal through the HTTP API: who may call what (dealer A, dealer B, a customer, a
 * guest session, an admin, no session), bad input, and the commission ledger: accrual when a
 * customer's order is paid, reversal when it is cancelled or refunded, payouts within the balance
 * — also with requests at once and a request racing a refund. On PGlite, or on PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh): there the races are real concurrent
 * transactions.
 */

let database: TestDatabase
let app: ReturnType<typeof createApp>
let mailer: Mailer
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_PAYMENTS: 'true' })
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createApp({ db: database.db, env, mailer })
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

const call = cartCaller(() => app as never)
const payments = () =>
  createPayments({ db: database.db, providers: paymentProviders(database.db, env), siteUrl: 'x' })

/** A session of a new account of `role` (a guest session when `guest`). */
async function account(role: 'customer' | 'dealer' | 'admin', { guest = false } = {}) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${role}-${randomUUID()}@example.com`, role, passwordHash: 'x' })
    .returning()
  const { token } = await startSession(database.db, user!.id, { ttlSeconds: 3600, guest })
  return { id: user!.id, email: user!.email, bearer: token }
}

/** A dealer tied to a directory entry of its own (made for the test). */
async function newDealer(rateBp = 1000) {
  const dealer = await account('dealer')
  const slug = `test-dealer-${randomUUID().slice(0, 8)}`
  await database.db
    .insert(dealerDirectory)
    .values({ slug, name: 'Test Dealer', city: 'Voss', country: 'NO' })
  const tied = await tieDealer(database.db, { userId: dealer.id, slug, rateBp })
  expect(tied.ok).toBe(true)
  return { ...dealer, slug }
}

/** A customer of `dealerId` with a submitted order credited to it. */
async function customerWithOrder(dealerId: string, total = 50_000) {
  const customer = await account('customer')
  expect(
    await linkCustomer(database.db, { customerId: customer.id, dealerId, linkedBy: 'admin' }),
  ).toEqual({ ok: true, moved: false })
  const order = await orderAwaitingPayment(database.db, { userId: customer.id }, { total })
  // As submit credits it (services/submit.ts).
  const dealer = await creditedDealer(database.db, { userId: customer.id, placedFor: null })
  expect(dealer).toBe(dealerId)
  await database.db.update(orders).set({ dealerId: dealer }).where(eq(orders.id, order.id))
  return { customer, order }
}

async function payInFull(orderId: string, bearer: string) {
  const res = await call(
    'POST',
    `/payment/braintree/${orderId}`,
    { bearer },
    { body: { nonce: 'fake-valid-nonce' }, key: newKey() },
  )
  expect(res.status).toBe(200)
}

async function signIn(email: string) {
  const res = await call('POST', '/login', {}, { body: { email, password: demoPassword } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

const commissionOf = async (bearer: string) => {
  const res = await call('GET', '/order/dealer-comission', { bearer })
  expect(res.status).toBe(200)
  return DealerCommission.parse(await res.json())
}

const requestPayout = (bearer: string, body: unknown, key = newKey()) =>
  call('POST', '/payment/commission-balance', { bearer }, { body, key })
const changePayout = (bearer: string, id: string, body: unknown, key = newKey()) =>
  call('POST', `/payment/commission-balance/${id}`, { bearer }, { body, key })

async function errorsOf(res: Response, status = 422) {
  expect(res.status).toBe(status)
  return ((await res.json()) as { errors?: Record<string, string[]> }).errors
}

describe('the demo dealer (DEMO_ACCOUNTS)', () => {
  it('is tied to its directory entry, with customers, orders and a balance that is its ledger', async () => {
    const bearer = await signIn(demoDealer.email)
    const customers = DealerCustomers.parse(
      await (await call('GET', '/order/get-dealer-customers', { bearer })).json(),
    )
    expect(customers.dealer).toMatchObject({ slug: demoDealer.slug, name: 'Fjordline Air Sports' })
    expect(customers.invitation_path).toBe(`/login?mode=register&dealer=${demoDealer.inviteCode}`)
    expect(customers.customers.map((customer) => customer.email).sort()).toEqual([
      'customer@example.com',
      'kari@example.com',
    ])
    const page = DealerOrdersPage.parse(
      await (await call('GET', '/order/get-orders?dealer_orders=true', { bearer })).json(),
    )
    expect(page.total_count).toBe(3)
    expect(page.orders.map((order) => order.commission.state)).toEqual([
      'pending',
      'accrued',
      'accrued',
    ])
    expect(page.orders.filter((order) => order.placed_by_dealer)).toHaveLength(2)
    const commission = await commissionOf(bearer)
    // 10 % of 220.00 and of 1,490.00, less the 50.00 paid out.
    expect(commission.balance).toBe(2_200 + 14_900 - 5_000)
    expect(commission.ledger[0]!.balance_after).toBe(commission.balance)
    expect(commission.payouts).toMatchObject([{ amount: 5_000, status: 'paid' }])
  })
})

describe('who may call the dealer calls', () => {
  let dealerA: Awaited<ReturnType<typeof newDealer>>
  let dealerB: Awaited<ReturnType<typeof newDealer>>
  let payoutOfA: string

  beforeAll(async () => {
    dealerA = await newDealer()
    dealerB = await newDealer()
    const { customer, order } = await customerWithOrder(dealerA.id)
    await payInFull(order.id, customer.bearer)
    const res = await requestPayout(dealerA.bearer, { amount: 1_000 })
    expect(res.status).toBe(200)
    payoutOfA = DealerCommission.parse(await res.json()).payouts[0]!.id
  })

  const reads = [
    '/order/get-dealer-customers',
    '/order/dealer-comission',
    '/order/dealer-comission/csv',
    '/order/get-orders?dealer_orders=true',
  ]

  it('answers 401 without a session, and 403 to a customer, a guest session, an admin and an untied dealer', async () => {
    const callers = {
      customer: await account('customer'),
      'guest session on a dealer account': await account('dealer', { guest: true }),
      admin: await account('admin'),
      'dealer without a directory entry': await account('dealer'),
    }
    for (const path of reads) {
      expect((await call('GET', path, {})).status, path).toBe(401)
      expect((await call('GET', path, { bearer: 'not-a-session' })).status, path).toBe(401)
      for (const [who, caller] of Object.entries(callers))
        expect((await call('GET', path, { bearer: caller.bearer })).status, `${who} ${path}`).toBe(
          403,
        )
    }
    for (const [who, caller] of Object.entries(callers)) {
      expect((await requestPayout(caller.bearer, { amount: 1 })).status, who).toBe(403)
      expect((await changePayout(caller.bearer, payoutOfA, { amount: 1 })).status, who).toBe(403)
    }
    expect((await requestPayout('', { amount: 1 })).status).toBe(401)
    const untied = await call('GET', '/order/dealer-comission', {
      bearer: callers['dealer without a directory entry'].bearer,
    })
    expect(await untied.json()).toEqual({ message: commissionMessages.notDealer })
  })

  it('shows each dealer its own customers, orders and ledger alone', async () => {
    const { customer } = await customerWithOrder(dealerB.id)
    const customersOf = async (bearer: string) =>
      DealerCustomers.parse(
        await (await call('GET', '/order/get-dealer-customers', { bearer })).json(),
      ).customers.map((row) => row.id)
    expect(await customersOf(dealerB.bearer)).toEqual([customer.id])
    expect(await customersOf(dealerA.bearer)).not.toContain(customer.id)
    const ordersOf = async (bearer: string) =>
      DealerOrdersPage.parse(
        await (await call('GET', '/order/get-orders?dealer_orders=true', { bearer })).json(),
      ).orders
    expect((await ordersOf(dealerB.bearer)).map((order) => order.customer?.id)).toEqual([
      customer.id,
    ])
    expect((await ordersOf(dealerA.bearer)).map((order) => order.customer?.id)).not.toContain(
      customer.id,
    )
    expect((await commissionOf(dealerB.bearer)).ledger).toEqual([])
    expect((await commissionOf(dealerA.bearer)).ledger).toHaveLength(2)
    // The customer's own list is its own orders, never the dealer view.
    const own = await call('GET', '/order/get-orders', { bearer: customer.bearer })
    expect(own.status).toBe(200)
    expect(await own.json()).not.toHaveProperty('orders.0.commission')
  })

  it('never lets dealer B change dealer A’s payout: the same 404 as an unknown one', async () => {
    const res = await changePayout(dealerB.bearer, payoutOfA, { amount: 500 })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: commissionMessages.payoutGone })
    expect((await changePayout(dealerB.bearer, randomUUID(), { amount: 500 })).status).toBe(404)
    expect((await changePayout(dealerB.bearer, 'not-a-uuid', { amount: 500 })).status).toBe(404)
    expect((await commissionOf(dealerA.bearer)).payouts[0]).toMatchObject({ amount: 1_000 })
  })

  it('exports the ledger as CSV, oldest first, with formulas defused', async () => {
    const res = await call('GET', '/order/dealer-comission/csv', { bearer: dealerA.bearer })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain(`commission-${dealerA.slug}.csv`)
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('date,kind,amount,balance,currency,order,payout,note')
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['accrual', 'payout_request'])
    expect(lines[1]).toContain(',50.00,50.00,USD,')
    expect(lines[2]).toContain(',-10.00,40.00,USD,')
  })
})

describe('bad input to the payout calls', () => {
  let dealer: Awaited<ReturnType<typeof newDealer>>
  beforeAll(async () => {
    dealer = await newDealer()
    const { customer, order } = await customerWithOrder(dealer.id)
    await payInFull(order.id, customer.bearer)
  })

  it('answers 422 per field, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'amount'],
      [{ amount: '10' }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: -100 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ amount: 1e12 }, 'amount'],
      [{ amount: 100, notes: 'a\u0000b' }, 'notes'],
      [{ amount: 100, notes: 'to \u202eme' }, 'notes'],
      [{ amount: 100, notes: 'x'.repeat(501) }, 'notes'],
      [{ amount: 100, notes: 42 }, 'notes'],
      [{ amount: 5_001 }, 'amount'],
    ]
    for (const [body, field] of cases) {
      const res = await requestPayout(dealer.bearer, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      const errors = await errorsOf(res)
      expect(Object.keys(errors ?? {}), JSON.stringify(body)).toEqual([field])
    }
    const keyless = await call(
      'POST',
      '/payment/commission-balance',
      { bearer: dealer.bearer },
      { body: { amount: 100 } },
    )
    expect(await errorsOf(keyless)).toHaveProperty('Idempotency-Key')
    expect(
      await errorsOf(await requestPayout(dealer.bearer, { amount: 100 }, 'short')),
    ).toHaveProperty('Idempotency-Key')
    const res = await call(
      'POST',
      '/payment/commission-balance',
      { bearer: dealer.bearer },
      {
        key: newKey(),
        headers: { 'content-type': 'application/json' },
      },
    )
    expect(res.status).toBe(422)
    expect((await commissionOf(dealer.bearer)).balance).toBe(5_000)
  })

  it('answers a repeat with the first answer, and the same key with another body 422', async () => {
    const key = newKey()
    const first = await requestPayout(dealer.bearer, { amount: 700, notes: 'Once' }, key)
    const again = await requestPayout(dealer.bearer, { amount: 700, notes: 'Once' }, key)
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(await first.text())
    expect(await errorsOf(await requestPayout(dealer.bearer, { amount: 800 }, key))).toHaveProperty(
      'Idempotency-Key',
    )
    const commission = await commissionOf(dealer.bearer)
    expect(commission.payouts).toHaveLength(1)
    expect(commission.balance).toBe(4_300)
  })
})

describe('commission', () => {
  it('accrues once when a customer’s order is paid, and is reversed once when it is refunded', async () => {
    const dealer = await newDealer(1250)
    const { customer, order } = await customerWithOrder(dealer.id, 40_000)
    expect((await commissionOf(dealer.bearer)).balance).toBe(0)
    await payInFull(order.id, customer.bearer)
    let commission = await commissionOf(dealer.bearer)
    expect(commission.balance).toBe(5_000)
    expect(commission.ledger).toMatchObject([
      { kind: 'accrual', amount: 5_000, order_id: order.id },
    ])
    const refunded = await payments().refund(order.id)
    expect(refunded).toMatchObject({ ok: true, status: 'refunded' })
    commission = await commissionOf(dealer.bearer)
    expect(commission.balance).toBe(0)
    expect(commission.ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['reversal', -5_000],
      ['accrual', 5_000],
    ])
    // Moved by hand afterwards, nothing happens twice.
    expect((await moveOrder(database.db, order.id, 'refunded', '')).ok).toBe(false)
    expect((await commissionOf(dealer.bearer)).ledger).toHaveLength(2)
  })

  it('accrues when the shop moves an order to paid, and reverses when it is cancelled', async () => {
    const dealer = await newDealer()
    const { order } = await customerWithOrder(dealer.id, 30_000)
    expect((await moveOrder(database.db, order.id, 'paid', 'Paid by bank transfer.')).ok).toBe(true)
    expect((await commissionOf(dealer.bearer)).balance).toBe(3_000)
    expect((await moveOrder(database.db, order.id, 'in_production', '')).ok).toBe(true)
    expect((await moveOrder(database.db, order.id, 'cancelled', '')).ok).toBe(true)
    const commission = await commissionOf(dealer.bearer)
    expect(commission.balance).toBe(0)
    expect(commission.ledger.map((entry) => entry.kind)).toEqual(['reversal', 'accrual'])
  })

  it('credits no one for an order of a customer without a dealer, or placed for another dealer’s customer', async () => {
    const dealer = await newDealer()
    const other = await newDealer()
    const loner = await account('customer')
    expect(await creditedDealer(database.db, { userId: loner.id, placedFor: null })).toBeNull()
    const { customer } = await customerWithOrder(other.id)
    expect(
      await creditedDealer(database.db, { userId: dealer.id, placedFor: customer.id }),
    ).toBeNull()
    expect(await creditedDealer(database.db, { userId: other.id, placedFor: customer.id })).toBe(
      other.id,
    )
    // A customer belongs to one dealer: an invitation never takes it from another.
    expect(
      await linkCustomer(database.db, {
        customerId: customer.id,
        dealerId: dealer.id,
        linkedBy: 'invitation',
      }),
    ).toEqual({ ok: false, reason: 'This customer already belongs to another dealer.' })
  })

  it('keeps the ledger append-only: an entry can be neither changed nor removed', async () => {
    const [entry] = await database.db.select().from(commissionEntries).limit(1)
    await expect(
      database.db
        .update(commissionEntries)
        .set({ amount: 1 })
        .where(eq(commissionEntries.id, entry!.id)),
    ).rejects.toThrow()
    await expect(
      database.db.delete(commissionEntries).where(eq(commissionEntries.id, entry!.id)),
    ).rejects.toThrow()
  })
})

describe('payouts', () => {
  async function dealerWithBalance(total = 50_000) {
    const dealer = await newDealer()
    const { customer, order } = await customerWithOrder(dealer.id, total)
    await payInFull(order.id, customer.bearer)
    return { dealer, customer, order }
  }

  it('takes a request off the balance at once; a change gives back or takes the difference until paid', async () => {
    const { dealer } = await dealerWithBalance()
    const made = await requestPayout(dealer.bearer, { amount: 2_000, notes: 'Bank, please' })
    expect(made.status).toBe(200)
    let commission = DealerCommission.parse(await made.json())
    expect(commission.balance).toBe(3_000)
    const id = commission.payouts[0]!.id
    expect(commission.payouts[0]).toMatchObject({ status: 'requested', notes: 'Bank, please' })
    expect(await errorsOf(await changePayout(dealer.bearer, id, { amount: 5_001 }))).toEqual({
      amount: [commissionMessages.overBalance(5_000, 'USD')],
    })
    commission = DealerCommission.parse(
      await (await changePayout(dealer.bearer, id, { amount: 5_000 })).json(),
    )
    expect(commission.balance).toBe(0)
    commission = DealerCommission.parse(
      await (await changePayout(dealer.bearer, id, { amount: 1_500, notes: 'Less' })).json(),
    )
    expect(commission.balance).toBe(3_500)
    expect(commission.payouts[0]).toMatchObject({ amount: 1_500, notes: 'Less' })
    expect(commission.ledger.map((entry) => entry.kind)).toEqual([
      'payout_change',
      'payout_change',
      'payout_request',
      'accrual',
    ])
    expect((await markPayoutPaid(database.db, id)).ok).toBe(true)
    expect(await errorsOf(await changePayout(dealer.bearer, id, { amount: 1_000 }))).toEqual({
      id: [commissionMessages.payoutFinal('paid')],
    })
    expect((await commissionOf(dealer.bearer)).payouts[0]).toMatchObject({ status: 'paid' })
  })

  it('gives one of two requests at once for the whole balance, and refuses the other', async () => {
    const { dealer } = await dealerWithBalance()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestPayout(dealer.bearer, { amount: 5_000 })),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422, 422, 422, 422, 422])
    const commission = await commissionOf(dealer.bearer)
    expect(commission.balance).toBe(0)
    expect(commission.payouts).toHaveLength(1)
  })

  it('never leaves the balance below zero when a request races a refund: the refund takes back from the open request', async () => {
    for (let round = 0; round < 4; round++) {
      const { dealer, order } = await dealerWithBalance()
      const [payout, refund] = await Promise.all([
        requestPayout(dealer.bearer, { amount: 4_000 }),
        payments().refund(order.id),
      ])
      expect(refund).toMatchObject({ ok: true, status: 'refunded' })
      expect([200, 422]).toContain(payout.status)
      const commission = await commissionOf(dealer.bearer)
      expect(commission.balance).toBe(0)
      expect(await balanceOf(database.db, dealer.id)).toBe(0)
      for (const entry of [...commission.ledger].reverse())
        expect(entry.balance_after).toBeGreaterThanOrEqual(0)
      // Whatever the order, no request is left asking for money the dealer no longer has.
      expect(
        commission.payouts
          .filter((p) => p.status === 'requested')
          .reduce((s, p) => s + p.amount, 0),
      ).toBe(0)
    }
  })

  it(
    onPostgres
      ? 'makes a request wait while a refund holds the dealer, then refuses it (PostgreSQL)'
      : 'refuses a request after a refund took the balance (PGlite: one session, one after the other)',
    async () => {
      const { dealer, order } = await dealerWithBalance()
      if (!database.url) {
        await payments().refund(order.id)
      } else {
        const other = new pg.Client({ connectionString: database.url })
        await other.connect()
        try {
          // The refund's transaction: it holds the dealer's row, and its reversal is not committed.
          await other.query('begin')
          await other.query('select 1 from dealers where user_id = $1 for update', [dealer.id])
          await other.query(
            `insert into commission_entries (dealer_id, kind, amount, currency, order_id, note)
             values ($1, 'reversal', -5000, 'USD', $2, 'refunded')`,
            [dealer.id, order.id],
          )
          const pending = requestPayout(dealer.bearer, { amount: 5_000 })
          const waiting = async () => {
            const { rows } = await other.query<{ n: number }>(
              "select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted",
            )
            return rows[0]!.n
          }
          await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1)
          await other.query('commit')
          expect(await errorsOf(await pending)).toEqual({
            amount: [commissionMessages.overBalance(0, 'USD')],
          })
        } finally {
          await other.end()
        }
      }
      const res = await requestPayout(dealer.bearer, { amount: 1 })
      expect(await errorsOf(res)).toEqual({ amount: [commissionMessages.overBalance(0, 'USD')] })
      expect(await balanceOf(database.db, dealer.id)).toBe(0)
    },
  )

  it('leaves a balance below zero only for commission already paid out', async () => {
    const { dealer, order } = await dealerWithBalance()
    const made = DealerCommission.parse(
      await (await requestPayout(dealer.bearer, { amount: 5_000 })).json(),
    )
    expect((await markPayoutPaid(database.db, made.payouts[0]!.id)).ok).toBe(true)
    await payments().refund(order.id)
    const commission = await commissionOf(dealer.bearer)
    expect(commission.balance).toBe(-5_000)
    expect(await errorsOf(await requestPayout(dealer.bearer, { amount: 1 }))).toEqual({
      amount: [commissionMessages.overBalance(0, 'USD')],
    })
    const payouts = await database.db
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.dealerId, dealer.id))
    expect(payouts).toMatchObject([{ status: 'paid', amount: 5_000 }])
  })
})

describe('registering through a dealer’s invitation link', () => {
  const register = (body: Record<string, unknown>) =>
    call(
      'POST',
      '/user/create',
      {},
      {
        body: { password: 'flyfast-invited', confirmPassword: 'flyfast-invited', ...body },
      },
    )
  const linkOf = async (email: string) => {
    const [row] = await database.db
      .select({ link: dealerCustomers })
      .from(dealerCustomers)
      .innerJoin(users, eq(users.id, dealerCustomers.customerId))
      .where(eq(users.email, email))
    return row?.link
  }

  it('makes the new account the dealer’s customer once its address is confirmed; a known address keeps its dealer', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`
    expect((await register({ email, dealer: demoDealer.inviteCode })).status).toBe(200)
    await mailer.idle()
    // Kept pending until the mailed confirmation is used.
    expect(await linkOf(email)).toBeUndefined()
    const [mail] = await database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'confirm-email')))
    const token = mail?.text?.match(/\/LoginFromAdmin\/([A-Za-z0-9_-]+)/)?.[1]
    expect((await call('POST', `/password/verify-login/${token}`, {})).status).toBe(200)
    expect(await linkOf(email)).toMatchObject({ linkedBy: 'invitation' })
    const demo = await signIn(demoDealer.email)
    const customers = DealerCustomers.parse(
      await (await call('GET', '/order/get-dealer-customers', { bearer: demo })).json(),
    )
    expect(customers.customers.find((c) => c.email === email)).toMatchObject({
      linked_by: 'invitation',
    })

    const other = await newDealer()
    const [otherRow] = await database.db
      .select({ code: dealers.inviteCode })
      .from(dealers)
      .where(eq(dealers.userId, other.id))
    expect((await register({ email, dealer: otherRow!.code })).status).toBe(200)
    await mailer.idle()
    expect((await linkOf(email))?.dealerId).not.toBe(other.id)
  })

  it('refuses a code no dealer has, and a malformed one, before anything is made', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`
    expect(await errorsOf(await register({ email, dealer: 'A'.repeat(16) }))).toHaveProperty(
      'dealer',
    )
    expect(await errorsOf(await register({ email, dealer: '../../etc' }))).toHaveProperty('dealer')
    await mailer.idle()
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })
})

describe('a dealer ordering for a customer through its own cart', () => {
  it('names the customer on the cart, and submit credits the dealer', async () => {
    const dealer = await newDealer()
    const { customer } = await customerWithOrder(dealer.id)
    const stranger = await account('customer')
    const placeFor = (bearer: string, body: unknown) =>
      call('POST', '/order/place-for', { bearer }, { body })
    expect(await errorsOf(await placeFor(dealer.bearer, { customer_id: customer.id }))).toEqual({
      cart: [commissionMessages.noCart],
    })
    const added = await call(
      'POST',
      '/order/add',
      { bearer: dealer.bearer },
      { body: { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] }, key: newKey() },
    )
    expect(added.status).toBe(200)
    expect(await errorsOf(await placeFor(dealer.bearer, { customer_id: stranger.id }))).toEqual({
      customer_id: [commissionMessages.notYourCustomer],
    })
    expect(await errorsOf(await placeFor(dealer.bearer, { customer_id: 'x' }))).toHaveProperty(
      'customer_id',
    )
    expect((await placeFor(customer.bearer, { customer_id: customer.id })).status).toBe(403)
    const res = await placeFor(dealer.bearer, { customer_id: customer.id })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      placed_for: { id: customer.id, email: customer.email, name: null },
    })
    // The checkout reads it back from the cart: kept after a reload, the server is the truth.
    const cartNow = async (bearer: string) =>
      ((await (await call('GET', '/order', { bearer })).json()) as { placed_for: unknown })
        .placed_for
    expect(await cartNow(dealer.bearer)).toEqual({
      id: customer.id,
      email: customer.email,
      name: null,
    })
    expect(await cartNow(customer.bearer)).toBeNull()
    // The next add's answer says so too (the add reads the cart in a statement of its own).
    const again = await call(
      'POST',
      '/order/add',
      { bearer: dealer.bearer },
      { body: { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] }, key: newKey() },
    )
    expect(((await again.json()) as { placed_for: unknown }).placed_for).toEqual({
      id: customer.id,
      email: customer.email,
      name: null,
    })
    const [cart] = await database.db.select().from(orders).where(eq(orders.userId, dealer.id))
    expect(cart).toMatchObject({ status: 'open', placedFor: customer.id })
    expect(await creditedDealer(database.db, cart!)).toBe(dealer.id)
    expect((await placeFor(dealer.bearer, { customer_id: null })).status).toBe(200)
    const [own] = await database.db.select().from(orders).where(eq(orders.userId, dealer.id))
    expect(await creditedDealer(database.db, own!)).toBeNull()
    expect(await cartNow(dealer.bearer)).toBeNull()
  })

  it('the order a dealer placed says for whom, to the dealer only', async () => {
    const dealer = await newDealer()
    const { customer, order: customersOwn } = await customerWithOrder(dealer.id)
    const placed = await orderAwaitingPayment(database.db, { userId: dealer.id }, { total: 9_000 })
    await database.db
      .update(orders)
      .set({ placedFor: customer.id, dealerId: dealer.id })
      .where(eq(orders.id, placed.id))
    const view = async (bearer: string, id: string) =>
      call('GET', `/order/get-submitted-order/${id}`, { bearer })
    const res = await view(dealer.bearer, placed.id)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: placed.id,
      placed_for: { id: customer.id, email: customer.email, name: null },
    })
    const ownView = await view(customer.bearer, customersOwn.id)
    expect(await ownView.json()).toMatchObject({ placed_for: null })
    // The customer it was placed for does not read the dealer's order.
    expect((await view(customer.bearer, placed.id)).status).toBe(404)
  })
})
