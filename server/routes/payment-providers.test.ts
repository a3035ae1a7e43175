import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentConfig } from '../../contract/payment.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { orders, payments } from '../db/schema.ts'
import { loadEnv } from '../env.ts'
import { createTestBitpay } from '../services/payments/bitpay.ts'
import { paymentMessages } from '../services/payments/payments.ts'
import { paymentProviders } from '../services/payments/providers.ts'
import { testStoreNoticeText } from '../site/test-store-notice.ts'
import {
  cartCaller,
  createTempDir,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import {
  cartOf,
  customSuit,
  orderAwaitingPayment,
  testAccount,
  testOrders,
} from '../testing/test-orders.ts'

/*
 * Which payment providers a start offers: the built-in test gateways only with TEST_PAYMENTS=true
 * (and then a notice on every page), otherwise only providers with credentials; with none the
 * store takes no payment online, and says so, while orders are still submitted.
 */

let database: TestDatabase
let site: Awaited<ReturnType<typeof createTempDir>>

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({
    'index.html':
      '<!doctype html><html><head><title>shop</title></head><body><div id="app"></div></body></html>',
    'pages/cart/index.html':
      '<!doctype html><html><head><title>Cart</title></head><body class="page"><div id="app"><h1>Cart</h1></div></body></html>',
    '404.html': '<!doctype html><title>x</title>',
    'assets/app.js': 'console.log("<body>")',
  })
})
afterAll(async () => {
  await site.cleanup()
  await database.close()
})

const braintree = {
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_ENVIRONMENT: 'sandbox',
}

const appWith = (env: Record<string, string>) =>
  createTestApp(database.db, { staticDir: site.dir, env })

/** A test BitPay invoice on an order waiting for money, as one made while test payments were on. */
async function testInvoice() {
  const account = await testAccount(database.db)
  const order = await orderAwaitingPayment(database.db, { userId: account.id })
  const invoice = await createTestBitpay(database.db).createInvoice({
    orderId: order.id,
    attemptKey: newKey(),
    amount: order.total,
    currency: order.currency,
    notificationUrl: 'https://shop.example/api/payment/bitpay/webhook',
    redirectUrl: 'https://shop.example/',
  })
  return { order, invoice }
}

async function orderStatus(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id))
  return row?.status
}

describe('with no TEST_PAYMENTS and no provider’s credentials', () => {
  const app = () => appWith({ TEST_PAYMENTS: 'false' })
  const call = cartCaller(app)

  it('says in the payment config that paying online is off', async () => {
    const res = await call('GET', '/payment/config', {})
    expect(res.status).toBe(200)
    expect(PaymentConfig.parse(await res.json())).toEqual({
      card_gateway: null,
      client_token: null,
      bitpay: null,
      apple_pay: false,
      online_payment: false,
      test_payments: false,
    })
  })

  it('takes no test card: fake-valid-nonce is refused clearly, and the order stays unpaid', async () => {
    const account = await testAccount(database.db)
    const order = await orderAwaitingPayment(database.db, { userId: account.id })
    const caller = { bearer: account.bearer }
    for (const [path, body, message] of [
      [`/payment/braintree/${order.id}`, { nonce: 'fake-valid-nonce' }, paymentMessages.cardsOff],
      [
        `/payment/braintree/${order.paymentCode}`,
        { nonce: 'fake-valid-nonce' },
        paymentMessages.cardsOff,
      ],
      [
        '/payment/apple-pay-finalize',
        { data: { order_id: order.id, nonce: 'fake-apple-pay-visa-nonce' } },
        paymentMessages.applePayOff,
      ],
      [`/payment/bitpay/${order.id}`, {}, paymentMessages.bitpayOff],
    ] as const) {
      const res = await call('POST', path, caller, { body, key: newKey() })
      expect(res.status, path).toBe(422)
      expect(await res.json(), path).toEqual({ message, errors: { payment: [message] } })
    }
    expect(await orderStatus(order.id)).toBe('submitted')
    expect(await database.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual(
      [],
    )
  })

  it('answers 404 on the test BitPay’s pages, and the invoice stays unpaid', async () => {
    const { order, invoice } = await testInvoice()
    const base = `/dev/test-bitpay/invoice/${invoice.id}`
    expect((await app().request(base)).status).toBe(404)
    for (const action of ['pay', 'expire'])
      expect((await app().request(`${base}/${action}`, { method: 'POST' })).status).toBe(404)
    const webhook = await call('POST', '/payment/bitpay/webhook', {}, { body: { id: invoice.id } })
    expect(webhook.status).toBe(404)
    expect(await orderStatus(order.id)).toBe('submitted')
  })

  it('serves pages without the test store’s notice', async () => {
    for (const path of [
      '/',
      '/wingsuits/corvid-2',
      '/cart',
      '/checkout',
      '/account',
      '/no-such-page',
    ]) {
      const html = await (await app().request(path)).text()
      expect(html, path).not.toContain(testStoreNoticeText)
    }
  })

  it('still submits a made-to-order suit, which owes nothing today', async () => {
    const off = app()
    const offCall = cartCaller(() => off)
    const { add, saveAddress, loginGuest } = testOrders(offCall, () => database.db)
    const guest = {
      token: newCartToken(),
      bearer: await loginGuest({}, `guest-${randomUUID()}@example.com`),
    }
    await add(guest, customSuit)
    await saveAddress(guest)
    await offCall('POST', '/order/create-order-signature', guest, {
      body: { checkbox: 'on', name: 'Dana Flyer' },
      key: newKey(),
    })
    const res = await offCall('POST', '/order/submit', guest, { body: {}, key: newKey() })
    expect(res.status).toBe(200)
    const answer = SubmitAnswer.parse(await res.json())
    expect(answer).toMatchObject({ status: 'submitted', payment_due_today: false })
    expect((await cartOf(await offCall('GET', '/order', guest))).items).toEqual([])
  })
})

describe('with Braintree’s credentials and no BITPAY_TOKEN', () => {
  const env = loadEnv({ NODE_ENV: 'test', ...braintree })

  it('offers Braintree for cards and Apple Pay, and no BitPay', () => {
    const providers = paymentProviders(database.db, env)
    expect(providers.cards?.name).toBe('braintree')
    expect(providers.invoices).toBeNull()
    expect(providers.testInvoices).toBeUndefined()
    expect(providers.applePay).toBe(true)
  })

  it('refuses a BitPay payment, and answers 404 on the test BitPay’s pages', async () => {
    const app = appWith({ TEST_PAYMENTS: 'false', ...braintree })
    const call = cartCaller(() => app)
    const { order, invoice } = await testInvoice()
    const res = await call(
      'POST',
      `/payment/bitpay/${order.paymentCode}`,
      {},
      { body: {}, key: newKey() },
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ errors: { payment: [paymentMessages.bitpayOff] } })
    const base = `/dev/test-bitpay/invoice/${invoice.id}`
    expect((await app.request(base)).status).toBe(404)
    expect((await app.request(`${base}/pay`, { method: 'POST' })).status).toBe(404)
    expect(await orderStatus(order.id)).toBe('submitted')
  })
})

describe('with TEST_PAYMENTS=true', () => {
  const app = () => appWith({ TEST_PAYMENTS: 'true', ...braintree })
  const call = cartCaller(app)

  it('puts the test gateways in every provider’s place, credentials or not, and pays a test card', async () => {
    const config = PaymentConfig.parse(await (await call('GET', '/payment/config', {})).json())
    expect(config).toMatchObject({ card_gateway: 'test', bitpay: 'test', test_payments: true })
    const account = await testAccount(database.db)
    const order = await orderAwaitingPayment(database.db, { userId: account.id })
    const res = await call(
      'POST',
      `/payment/braintree/${order.id}`,
      { bearer: account.bearer },
      { body: { nonce: 'fake-valid-nonce' }, key: newKey() },
    )
    expect(res.status).toBe(200)
    expect(await orderStatus(order.id)).toBe('paid')
  })

  it('serves every page with the test store’s notice right after <body>, outside the app’s root', async () => {
    for (const path of [
      '/',
      '/wingsuits/corvid-2',
      '/cart',
      '/checkout',
      '/account',
      '/product/corvid-2',
      '/no-such-page',
    ]) {
      const html = await (await app().request(path)).text()
      expect(html, path).toMatch(
        new RegExp(
          `<body[^>]*><div class="test-store-notice" role="note">${testStoreNoticeText}</div><div id="app">`,
        ),
      )
    }
    // Only pages: a script that happens to hold the text "<body>" is sent as it is.
    expect(await (await app().request('/assets/app.js')).text()).toBe('console.log("<body>")')
  })
})
