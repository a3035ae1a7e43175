import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PaymentAnswer, PaymentConfig } from '../../contract/payment.ts'
import { createApp } from '../app.ts'
import {
  orderEvents,
  orders,
  outbox,
  payments,
  testBitpayInvoices,
  testGatewayCharges,
} from '../db/schema.ts'
import { loadEnv } from '../env.ts'
import { createTestBitpay } from '../services/payments/bitpay.ts'
import { moneyOf } from '../services/payments/order-money.ts'
import type { PaymentProviders } from '../services/payments/gateway.ts'
import { chargeLeaseMs, paymentMessages } from '../services/payments/payments.ts'
import { orderAwaitingPayment, testAccount } from '../testing/test-orders.ts'
import { createTestGateway, type TestGateway } from '../services/payments/test-gateway.ts'
import type { Mailer } from '../mail/mailer.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import {
  cartCaller,
  newCartToken,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'

let database: TestDatabase
let app: ReturnType<typeof createApp>
let gateway: TestGateway
let mailer: Mailer

beforeAll(async () => {
  database = await openTestDatabase()
  gateway = createTestGateway(database.db)
  const testInvoices = createTestBitpay(database.db)
  const providers: PaymentProviders = {
    cards: gateway,
    invoices: testInvoices,
    testInvoices,
    applePay: true,
  }
  mailer = outboxMailer(database.db)
  app = createApp({
    db: database.db,
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'https://shop.example' }),
    mailer,
    payments: providers,
  })
})
afterAll(() => database.close())

const call = cartCaller(() => app as never)

const pay = (id: string, caller: CartCaller, body: unknown, key: string | undefined = newKey()) =>
  call('POST', `/payment/braintree/${id}`, caller, { body, key })

async function answerOf(res: Response): Promise<PaymentAnswer> {
  expect(res.status).toBe(200)
  return PaymentAnswer.parse(await res.json())
}

async function errorsOf(res: Response, status = 422) {
  expect(res.status).toBe(status)
  return (await res.json()) as { message: string; errors?: Record<string, string[]> }
}

const chargesOf = (orderId: string) =>
  database.db.select().from(testGatewayCharges).where(eq(testGatewayCharges.orderId, orderId))
const paymentsOf = (orderId: string) =>
  database.db.select().from(payments).where(eq(payments.orderId, orderId))
async function orderOf(orderId: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId))
  return row!
}

/** An account with a submitted order of 459.00 USD. */
async function accountWithOrder(total = 45900) {
  const account = await testAccount(database.db)
  const order = await orderAwaitingPayment(database.db, { userId: account.id }, { total })
  return { account, order, caller: { bearer: account.bearer } as CartCaller }
}

describe('GET /api/payment/config', () => {
  it('offers the built-in test gateway and test BitPay with test payments on', async () => {
    const res = await call('GET', '/payment/config', {})
    expect(res.status).toBe(200)
    expect(PaymentConfig.parse(await res.json())).toEqual({
      card_gateway: 'test',
      client_token: null,
      bitpay: 'test',
      apple_pay: true,
      online_payment: true,
      test_payments: true,
    })
  })
})

describe('POST /api/payment/braintree/{orderId}', () => {
  beforeEach(async () => {
    await mailer.idle()
  })

  it('pays the whole balance: the order is paid, its history says so, and the owner is mailed', async () => {
    const { account, order, caller } = await accountWithOrder()
    const answer = await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
    expect(answer).toMatchObject({
      order_id: order.id,
      status: 'paid',
      total: 45900,
      paid: 45900,
      balance: 0,
      payment: { provider: 'test', amount: 45900, status: 'settled', message: null },
    })
    expect((await orderOf(order.id)).status).toBe('paid')
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
    expect(events.map((event) => [event.status, event.note])).toEqual([
      ['paid', 'Paid 459.00 USD by card (test gateway).'],
    ])
    await mailer.idle()
    const mail = await database.db.select().from(outbox).where(eq(outbox.to, account.email))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('Payment received for your Glidecraft order')
    expect(mail[0]!.text).toContain('we received your payment of $459.00')
    expect(mail[0]!.text).toContain(`https://shop.example/orders/${order.id}`)
  })

  it('takes part of the balance (partly_paid), then the rest by default (paid)', async () => {
    const { order, caller } = await accountWithOrder(10000)
    const first = await answerOf(
      await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount: 2500 }),
    )
    expect(first).toMatchObject({ status: 'partly_paid', paid: 2500, balance: 7500 })
    const second = await answerOf(
      await pay(order.id, caller, { nonce: 'fake-valid-mastercard-nonce' }),
    )
    expect(second).toMatchObject({
      status: 'paid',
      paid: 10000,
      balance: 0,
      payment: { amount: 7500 },
    })
    const refused = await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
    expect(refused.errors).toEqual({ order_id: [paymentMessages.nothingDue] })
  })

  it('shows a declined card’s message, replays the decline for its key, and takes a new attempt', async () => {
    const { order, caller } = await accountWithOrder()
    const key = newKey()
    const declined = await pay(
      order.id,
      caller,
      { nonce: 'fake-processor-declined-visa-nonce' },
      key,
    )
    const text = await declined.clone().text()
    const body = await errorsOf(declined)
    expect(body.message).toBe('Do Not Honor')
    expect(body.errors).toEqual({ payment: ['Do Not Honor'] })
    expect((await orderOf(order.id)).status).toBe('submitted')
    // The same attempt again: the same decline, byte for byte, and nothing asked of the gateway.
    const again = await pay(order.id, caller, { nonce: 'fake-processor-declined-visa-nonce' }, key)
    expect(again.status).toBe(422)
    expect(await again.text()).toBe(text)
    expect(await chargesOf(order.id)).toHaveLength(1)
    // A new attempt with another card.
    const paid = await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
    expect(paid.status).toBe('paid')
    expect((await paymentsOf(order.id)).map((row) => row.status).sort()).toEqual([
      'declined',
      'settled',
    ])
  })

  it.each([
    ['fake-processor-failure-jcb-nonce', 'Processor Network Unavailable - Try Again'],
    ['fake-gateway-rejected-fraud-nonce', 'Gateway Rejected: fraud'],
    ['fake-luhn-invalid-nonce', 'Credit card number is invalid.'],
    ['not-a-test-nonce', 'Unknown or expired payment_method_nonce.'],
  ])('refuses %s with Braintree’s message', async (nonce, message) => {
    const { order, caller } = await accountWithOrder()
    const body = await errorsOf(await pay(order.id, caller, { nonce }))
    expect(body.errors).toEqual({ payment: [message] })
  })

  it('charges a replayed payment once and answers it byte for byte', async () => {
    const { order, caller } = await accountWithOrder()
    const key = newKey()
    const first = await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)
    expect(first.status).toBe(200)
    const firstText = await first.text()
    const replay = await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)
    expect(replay.status).toBe(200)
    expect(await replay.text()).toBe(firstText)
    expect(await chargesOf(order.id)).toHaveLength(1)
    expect(await paymentsOf(order.id)).toHaveLength(1)
  })

  it('charges concurrent duplicates of one attempt once, and gives each the same answer', async () => {
    const { order, caller } = await accountWithOrder()
    const key = newKey()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)),
    )
    const texts = await Promise.all(answers.map((res) => res.text()))
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200))
    expect(new Set(texts).size).toBe(1)
    expect(await chargesOf(order.id)).toHaveLength(1)
    expect((await orderOf(order.id)).status).toBe('paid')
  })

  it('never overpays: two attempts racing for the last of the balance get one payment', async () => {
    const { order, caller } = await accountWithOrder(8000)
    await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount: 5000 }))
    const racing = await Promise.all([
      pay(order.id, caller, { nonce: 'fake-valid-nonce' }),
      pay(order.id, caller, { nonce: 'fake-valid-visa-nonce' }),
      call(
        'POST',
        `/payment/braintree/${order.paymentCode}`,
        {},
        { body: { nonce: 'fake-valid-nonce' }, key: newKey() },
      ),
    ])
    expect(racing.map((res) => res.status).sort()).toEqual([200, 422, 422])
    const settled = (await paymentsOf(order.id)).filter((row) => row.status === 'settled')
    expect(settled.reduce((sum, row) => sum + row.amount, 0)).toBe(8000)
    expect((await orderOf(order.id)).status).toBe('paid')
  })

  it('refuses more than the balance, and an amount that is no whole positive number', async () => {
    const { order, caller } = await accountWithOrder(10000)
    expect(
      (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount: 10001 })))
        .errors,
    ).toEqual({
      amount: ['The amount is more than is left to pay (100.00 USD).'],
    })
    for (const amount of [0, -5, 12.5, '100'])
      expect(
        Object.keys(
          (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount })))
            .errors!,
        ),
      ).toEqual(['amount'])
    expect(Object.keys((await errorsOf(await pay(order.id, caller, {}))).errors!)).toEqual([
      'nonce',
    ])
    expect(
      Object.keys(
        (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce\u202e' }))).errors!,
      ),
    ).toEqual(['nonce'])
    expect(await chargesOf(order.id)).toHaveLength(0)
  })

  it('needs an Idempotency-Key per attempt, and refuses one reused with another body', async () => {
    const { order, caller } = await accountWithOrder()
    expect(
      (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, ''))).errors,
    ).toEqual({
      'Idempotency-Key': [paymentMessages.keyRequired],
    })
    const res = await call('POST', `/payment/braintree/${order.id}`, caller, {
      body: { nonce: 'fake-valid-nonce' },
      headers: { 'idempotency-key': 'short' },
    })
    expect(Object.keys((await errorsOf(res)).errors!)).toEqual(['Idempotency-Key'])
    const key = newKey()
    await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount: 100 }, key))
    const reused = await errorsOf(
      await pay(order.id, caller, { nonce: 'fake-valid-nonce', amount: 200 }, key),
    )
    expect(Object.keys(reused.errors!)).toEqual(['Idempotency-Key'])
    expect(await chargesOf(order.id)).toHaveLength(1)
  })

  it('refuses an order that is not waiting for money: a cart, a cancelled or refunded order', async () => {
    const account = await testAccount(database.db)
    const caller = { bearer: account.bearer }
    for (const status of ['open', 'cancelled', 'refunded'] as const) {
      const order = await orderAwaitingPayment(database.db, { userId: account.id }, { status })
      expect(
        (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))).errors,
      ).toEqual({
        order_id: [paymentMessages.notPayable],
      })
    }
  })

  it('takes the balance of a made-to-order suit already in production or shipped, and leaves its status', async () => {
    const account = await testAccount(database.db)
    const caller = { bearer: account.bearer }
    for (const status of ['in_production', 'shipped'] as const) {
      const order = await orderAwaitingPayment(database.db, { userId: account.id }, { status })
      const answer = await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
      expect(answer).toMatchObject({ status, paid: 45900, balance: 0 })
      expect((await orderOf(order.id)).status).toBe(status)
      // Paid in full: nothing more is taken.
      expect(
        (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))).errors,
      ).toEqual({ order_id: [paymentMessages.nothingDue] })
    }
  })

  describe('a provider that times out', () => {
    it('after charging: the attempt stays pending, and a retry resolves it without a second charge', async () => {
      const { order, caller } = await accountWithOrder()
      const key = newKey()
      gateway.timeOutNext('after-charging')
      const lost = await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)
      expect(lost.status).toBe(503)
      expect(lost.headers.get('retry-after')).toBe('5')
      expect((await lost.json()) as unknown).toMatchObject({
        message: paymentMessages.pending,
        payment: { status: 'pending' },
      })
      expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['pending'])
      expect((await orderOf(order.id)).status).toBe('submitted')
      const retried = await answerOf(
        await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key),
      )
      expect(retried).toMatchObject({ status: 'paid', payment: { status: 'settled' } })
      expect(await chargesOf(order.id)).toHaveLength(1)
    })

    it('before charging: the retry charges, once', async () => {
      const { order, caller } = await accountWithOrder()
      const key = newKey()
      gateway.timeOutNext('before-charging')
      expect((await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)).status).toBe(503)
      expect(await chargesOf(order.id)).toHaveLength(0)
      await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key))
      expect(await chargesOf(order.id)).toHaveLength(1)
    })

    it('while a retry asks what became of the attempt: still pending, and nothing charged blind', async () => {
      const { order, caller } = await accountWithOrder()
      const key = newKey()
      gateway.timeOutNext('after-charging')
      expect((await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)).status).toBe(503)
      gateway.findTimesOut(1)
      expect((await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)).status).toBe(503)
      await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key))
      expect(await chargesOf(order.id)).toHaveLength(1)
    })

    it('holds its amount while pending: another attempt cannot pay it twice', async () => {
      const { order, caller } = await accountWithOrder()
      gateway.timeOutNext('after-charging')
      expect((await pay(order.id, caller, { nonce: 'fake-valid-nonce' })).status).toBe(503)
      expect(
        (await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))).errors,
      ).toEqual({
        order_id: [paymentMessages.inProgress],
      })
    })

    it('an attempt another process is asking the provider about right now: 409, try again shortly', async () => {
      const { order, caller } = await accountWithOrder()
      const key = newKey()
      gateway.timeOutNext('after-charging')
      expect((await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)).status).toBe(503)
      // As another API process holds it while it talks to the provider.
      await database.db
        .update(payments)
        .set({ chargingUntil: new Date(Date.now() + chargeLeaseMs) })
        .where(and(eq(payments.orderId, order.id), eq(payments.attemptKey, key)))
      const busy = await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key)
      expect(busy.status).toBe(409)
      expect(busy.headers.get('retry-after')).toBe('5')
      await database.db
        .update(payments)
        .set({ chargingUntil: new Date(Date.now() - 1000) })
        .where(and(eq(payments.orderId, order.id), eq(payments.attemptKey, key)))
      await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }, key))
      expect(await chargesOf(order.id)).toHaveLength(1)
    })
  })

  describe('who may pay', () => {
    it('anyone holding the payment link, with its code in place of the order id', async () => {
      const { order } = await accountWithOrder()
      const answer = await answerOf(
        await call(
          'POST',
          `/payment/braintree/${order.paymentCode}`,
          {},
          {
            body: { nonce: 'fake-valid-nonce' },
            key: newKey(),
          },
        ),
      )
      expect(answer).toMatchObject({ order_id: order.id, status: 'paid' })
    })

    it('a device’s own order by its cart token', async () => {
      const token = newCartToken()
      const order = await orderAwaitingPayment(database.db, { cartToken: token })
      await answerOf(await pay(order.id, { token }, { nonce: 'fake-valid-nonce' }))
    })

    it('not another account, another device, a guest session on the account’s e-mail, or a wrong code (404)', async () => {
      const { account, order } = await accountWithOrder()
      const other = await testAccount(database.db)
      const guestOnAccount = await testAccount(database.db, {
        role: 'customer',
        guestSession: true,
      })
      // A guest session opened with the owner's own address.
      const { startSession } = await import('../services/sessions.ts')
      const guestSession = await startSession(database.db, account.id, {
        ttlSeconds: 3600,
        guest: true,
      })
      const strangers: CartCaller[] = [
        { bearer: other.bearer },
        { token: newCartToken() },
        { bearer: guestSession.token },
        { bearer: guestSession.token, token: newCartToken() },
        { bearer: guestOnAccount.bearer },
      ]
      for (const caller of strangers) {
        const body = await errorsOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }), 404)
        expect(body.message).toBe(paymentMessages.orderGone)
      }
      for (const code of [
        `${order.paymentCode.slice(0, -1)}${order.paymentCode.endsWith('A') ? 'B' : 'A'}`,
        'not-a-code',
        'x'.repeat(128),
      ])
        expect((await pay(code, {}, { nonce: 'fake-valid-nonce' })).status).toBe(404)
      // A device's order is not another device's, and without any owner it is a 401.
      const device = newCartToken()
      const deviceOrder = await orderAwaitingPayment(database.db, { cartToken: device })
      expect(
        (await pay(deviceOrder.id, { token: newCartToken() }, { nonce: 'fake-valid-nonce' }))
          .status,
      ).toBe(404)
      expect((await pay(deviceOrder.id, {}, { nonce: 'fake-valid-nonce' })).status).toBe(401)
      expect(await chargesOf(order.id)).toHaveLength(0)
      expect(await chargesOf(deviceOrder.id)).toHaveLength(0)
    })
  })
})

describe('POST /api/payment/apple-pay-finalize', () => {
  it('charges the Apple Pay nonce through the card gateway, by order id or payment code', async () => {
    const { order, caller } = await accountWithOrder(10000)
    const byId = await answerOf(
      await call('POST', '/payment/apple-pay-finalize', caller, {
        body: { data: { order_id: order.id, nonce: 'fake-apple-pay-visa-nonce', amount: 4000 } },
        key: newKey(),
      }),
    )
    expect(byId).toMatchObject({
      status: 'partly_paid',
      payment: { provider: 'apple_pay', amount: 4000 },
    })
    const byCode = await answerOf(
      await call(
        'POST',
        '/payment/apple-pay-finalize',
        {},
        {
          body: { data: { order_id: order.paymentCode, nonce: 'fake-apple-pay-mastercard-nonce' } },
          key: newKey(),
        },
      ),
    )
    expect(byCode).toMatchObject({ status: 'paid', paid: 10000 })
    const missing = await call(
      'POST',
      '/payment/apple-pay-finalize',
      {},
      { body: { data: {} }, key: newKey() },
    )
    expect(Object.keys((await errorsOf(missing)).errors!).sort()).toEqual([
      'data.nonce',
      'data.order_id',
    ])
  })
})

describe('BitPay invoices', () => {
  const invoiceOf = async (url: string) => {
    const id = url.split('/').at(-1)!
    const [row] = await database.db
      .select()
      .from(testBitpayInvoices)
      .where(eq(testBitpayInvoices.id, id))
    return row!
  }

  it('makes an invoice, whose test page pays it; the webhook reads it back and the order is paid', async () => {
    const { order, caller } = await accountWithOrder()
    const key = newKey()
    const res = await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key })
    const made = await answerOf(res.clone())
    expect(made).toMatchObject({
      status: 'submitted',
      payment: { provider: 'bitpay', status: 'pending' },
    })
    const url = made.payment.invoice_url!
    expect(url).toMatch(/^\/dev\/test-bitpay\/invoice\/tbp_/)
    // A replay gives the same invoice.
    const replay = await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key })
    expect(await replay.text()).toBe(await res.text())
    // While the invoice is open it holds the balance against another invoice.
    expect(
      (
        await errorsOf(
          await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key: newKey() }),
        )
      ).errors,
    ).toEqual({
      order_id: [paymentMessages.inProgress],
    })
    const page = await app.request(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('This is a test invoice: no money moves.')
    expect(html).toContain('459.00 USD')
    const paid = await app.request(`${url}/pay`, { method: 'POST' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/checkout/${order.id}`)
    expect((await invoiceOf(url)).status).toBe('confirmed')
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['settled'])
    expect((await orderOf(order.id)).status).toBe('paid')
  })

  it('believes no notification: a forged “confirmed” for an unpaid invoice changes nothing', async () => {
    const { order, caller } = await accountWithOrder()
    const made = await answerOf(
      await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key: newKey() }),
    )
    const invoice = await invoiceOf(made.payment.invoice_url!)
    const forged = await app.request('/api/payment/bitpay/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: invoice.id,
        status: 'confirmed',
        data: { id: invoice.id, status: 'complete' },
      }),
    })
    expect(forged.status).toBe(200)
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['pending'])
    const unknown = await app.request('/api/payment/bitpay/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'tbp_nosuchinvoice000' }),
    })
    expect(unknown.status).toBe(404)
  })

  it('an invoice left to expire fails its attempt and frees the balance for a card', async () => {
    const { order, caller } = await accountWithOrder()
    const made = await answerOf(
      await call(
        'POST',
        `/payment/bitpay/${order.paymentCode}`,
        {},
        {
          body: { return_path: `/checkout/${order.paymentCode}` },
          key: newKey(),
        },
      ),
    )
    const expired = await app.request(`${made.payment.invoice_url!}/expire`, { method: 'POST' })
    expect(expired.headers.get('location')).toBe(`/checkout/${order.paymentCode}`)
    const [row] = await paymentsOf(order.id)
    expect(row).toMatchObject({
      status: 'failed',
      message: 'The BitPay invoice expired before it was paid.',
    })
    await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
  })

  it('lets a card pay while an invoice is open: the order is paid once and the invoice voided', async () => {
    const { order, caller } = await accountWithOrder()
    const made = await answerOf(
      await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key: newKey() }),
    )
    const url = made.payment.invoice_url!
    const card = await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
    expect(card).toMatchObject({ status: 'paid', paid: 45900, balance: 0 })
    const rows = await paymentsOf(order.id)
    expect(rows.map((row) => [row.provider, row.status, row.message]).sort()).toEqual([
      ['bitpay', 'failed', paymentMessages.invoiceVoided],
      ['test', 'settled', null],
    ])
    // The test BitPay's invoice is expired: its page no longer offers to pay it.
    expect((await invoiceOf(url)).status).toBe('expired')
    expect(await (await app.request(url)).text()).not.toContain('Pay this invoice')
    await app.request(`${url}/pay`, { method: 'POST' })
    expect((await invoiceOf(url)).status).toBe('expired')
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
    expect(events.map((event) => event.note)).toEqual([
      'Paid 459.00 USD by card (test gateway).',
      'BitPay invoice for 459.00 USD voided: the order was paid by card.',
    ])
  })

  it('an invoice paid after the card anyway is not credited: it is flagged for refund, once', async () => {
    const { order, caller } = await accountWithOrder()
    const made = await answerOf(
      await call('POST', `/payment/bitpay/${order.id}`, caller, { body: {}, key: newKey() }),
    )
    await answerOf(await pay(order.id, caller, { nonce: 'fake-valid-nonce' }))
    // Live BitPay cannot be told to cancel it: the customer pays it all the same.
    const invoice = await invoiceOf(made.payment.invoice_url!)
    await database.db
      .update(testBitpayInvoices)
      .set({ status: 'confirmed' })
      .where(eq(testBitpayInvoices.id, invoice.id))
    for (let notice = 0; notice < 2; notice++) {
      const res = await app.request('/api/payment/bitpay/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { id: invoice.id } }),
      })
      expect(res.status).toBe(200)
    }
    expect(await moneyOf(database.db, order.id)).toEqual({ paid: 45900, refunded: 0, held: 0 })
    expect((await orderOf(order.id)).status).toBe('paid')
    const rows = await paymentsOf(order.id)
    expect(rows.find((row) => row.provider === 'bitpay')).toMatchObject({
      status: 'failed',
      message: paymentMessages.paidAfterVoid,
    })
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
    expect(events.map((event) => event.note).filter((note) => note.includes('after'))).toEqual([
      'BitPay invoice for 459.00 USD paid after it was voided: not counted toward the order, to be refunded.',
    ])
  })

  it('refuses a return path that leaves the site', async () => {
    const { order, caller } = await accountWithOrder()
    for (const return_path of ['https://evil.example/', '//evil.example/x', '/\\evil.example'])
      expect(
        Object.keys(
          (
            await errorsOf(
              await call('POST', `/payment/bitpay/${order.id}`, caller, {
                body: { return_path },
                key: newKey(),
              }),
            )
          ).errors!,
        ),
      ).toEqual(['return_path'])
  })
})
