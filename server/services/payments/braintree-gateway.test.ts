import { Readable } from 'node:stream'
import type braintree from 'braintree'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { payments } from '../../db/schema.ts'
import { loadEnv } from '../../env.ts'
import { outboxMailer } from '../../testing/test-mail.ts'
import {
  cartCaller,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/test-helpers.ts'
import { createTestBitpay } from './bitpay.ts'
import { braintreeOrderId, createBraintreeGateway, type BraintreeSdk } from './braintree-gateway.ts'
import { ProviderUnavailable } from './gateway.ts'
import { orderAwaitingPayment, testAccount } from '../../testing/test-orders.ts'

/*
 * The Braintree adapter against a fake of the SDK's gateway object (the part of it the adapter
 * calls): what it sends Braintree, how it reads Braintree's answers, and that a sale whose answer
 * was lost is searched for, not sold again.
 */

type Sale = braintree.TransactionRequest
type Transaction = braintree.Transaction

/** A Braintree sandbox in memory: a sale per call, answered by nonce as the sandbox answers. */
function fakeBraintree() {
  const sales: Sale[] = []
  const transactions: Transaction[] = []
  const calls: string[] = []
  let loseNextAnswer = false
  let failNextCall = false
  const transaction = (fields: Partial<Transaction>) =>
    ({ id: `bt${transactions.length + 1}`, ...fields }) as Transaction
  const result = (txn: Transaction | undefined, success: boolean, message = '') =>
    ({ success, transaction: txn, message }) as unknown as braintree.ValidatedResponse<Transaction>

  const sdk: BraintreeSdk = {
    clientToken: {
      generate: async () => ({ success: true, clientToken: 'client-token-for-the-browser' }),
    },
    transaction: {
      async sale(request) {
        calls.push('sale')
        if (failNextCall) {
          failNextCall = false
          throw Object.assign(new Error('timeout'), { type: 'requestTimeoutError' })
        }
        sales.push(request)
        let txn: Transaction | undefined
        let success = false
        if (request.paymentMethodNonce === 'fake-valid-nonce') {
          txn = transaction({
            status: 'submitted_for_settlement',
            amount: request.amount,
            orderId: request.orderId,
          })
          success = true
        } else if (request.paymentMethodNonce === 'fake-processor-declined-visa-nonce') {
          txn = transaction({
            status: 'processor_declined',
            processorResponseCode: '2000',
            processorResponseText: 'Do Not Honor',
            amount: request.amount,
            orderId: request.orderId,
          })
        } else if (request.paymentMethodNonce === 'fake-gateway-rejected-fraud-nonce') {
          txn = transaction({
            status: 'gateway_rejected',
            gatewayRejectionReason: 'fraud',
            amount: request.amount,
            orderId: request.orderId,
          })
        }
        if (txn) transactions.push(txn)
        if (loseNextAnswer) {
          loseNextAnswer = false
          throw Object.assign(new Error('socket hang up'), { type: 'unexpectedError' })
        }
        return result(txn, success, txn ? '' : 'Unknown or expired payment_method_nonce.')
      },
      search(searchFn) {
        calls.push('search')
        let wanted = ''
        searchFn({ orderId: () => ({ is: (value: string) => void (wanted = value) }) } as never)
        return Readable.from(transactions.filter((txn) => txn.orderId === wanted))
      },
      async refund(id, amount) {
        calls.push(`refund ${id} ${amount}`)
        return result(
          transactions.find((txn) => txn.id === id),
          true,
        )
      },
      async void(id) {
        calls.push(`void ${id}`)
        return result(
          transactions.find((txn) => txn.id === id),
          true,
        )
      },
      async find(id) {
        const found = transactions.find((txn) => txn.id === id)
        if (!found) throw new Error('not found')
        return found
      },
    },
  }
  return {
    sdk,
    sales,
    transactions,
    calls,
    loseNextAnswer: () => void (loseNextAnswer = true),
    failNextCall: () => void (failNextCall = true),
  }
}

const request = {
  orderId: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
  attemptKey: 'attempt-0001',
  amount: 45900,
  currency: 'USD',
  nonce: 'fake-valid-nonce',
  deviceData: '{"correlation_id":"abc"}',
}

describe('the Braintree adapter', () => {
  it('sells the nonce for the amount in decimals, submitted for settlement, named by order and attempt', async () => {
    const fake = fakeBraintree()
    const gateway = createBraintreeGateway(fake.sdk, { merchantAccountId: 'glidecraft_usd' })
    expect(await gateway.charge(request)).toEqual({ status: 'settled', providerRef: 'bt1' })
    expect(fake.sales).toEqual([
      {
        amount: '459.00',
        paymentMethodNonce: 'fake-valid-nonce',
        deviceData: '{"correlation_id":"abc"}',
        merchantAccountId: 'glidecraft_usd',
        orderId: `${request.orderId}/attempt-0001`,
        options: { submitForSettlement: true },
      },
    ])
    expect(await gateway.clientToken()).toBe('client-token-for-the-browser')
  })

  it('reads declines, gateway rejections and validation errors as Braintree words them', async () => {
    const gateway = createBraintreeGateway(fakeBraintree().sdk)
    expect(
      await gateway.charge({ ...request, nonce: 'fake-processor-declined-visa-nonce' }),
    ).toEqual({
      status: 'declined',
      providerRef: 'bt1',
      message: 'Do Not Honor',
    })
    expect(
      await gateway.charge({ ...request, nonce: 'fake-gateway-rejected-fraud-nonce' }),
    ).toEqual({
      status: 'declined',
      providerRef: 'bt2',
      message: 'Gateway Rejected: fraud',
    })
    expect(await gateway.charge({ ...request, nonce: 'nonsense' })).toEqual({
      status: 'failed',
      providerRef: null,
      message: 'Unknown or expired payment_method_nonce.',
    })
  })

  it('takes a thrown SDK error for an unknown outcome', async () => {
    const fake = fakeBraintree()
    fake.failNextCall()
    await expect(createBraintreeGateway(fake.sdk).charge(request)).rejects.toBeInstanceOf(
      ProviderUnavailable,
    )
  })

  it('finds an attempt’s sale by its orderId', async () => {
    const fake = fakeBraintree()
    const gateway = createBraintreeGateway(fake.sdk)
    expect(await gateway.find(request)).toBeUndefined()
    await gateway.charge(request)
    expect(await gateway.find(request)).toEqual({ status: 'settled', providerRef: 'bt1' })
    expect(await gateway.find({ ...request, attemptKey: 'another-attempt' })).toBeUndefined()
    expect(braintreeOrderId(request.orderId, request.attemptKey)).toBe(
      `${request.orderId}/attempt-0001`,
    )
  })

  it('voids a sale not yet settled in whole, and refunds part of one', async () => {
    const fake = fakeBraintree()
    const gateway = createBraintreeGateway(fake.sdk)
    await gateway.charge(request)
    expect(await gateway.refund('bt1', 45900, 'USD')).toEqual({ ok: true })
    expect(await gateway.refund('bt1', 1000, 'USD')).toEqual({ ok: true })
    expect(fake.calls.filter((name) => /^(void|refund)/.test(name))).toEqual([
      'void bt1',
      'refund bt1 10.00',
    ])
  })
})

describe('paying through Braintree', () => {
  let database: TestDatabase
  let fake: ReturnType<typeof fakeBraintree>
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    database = await openTestDatabase()
    fake = fakeBraintree()
    const invoices = createTestBitpay(database.db)
    app = createApp({
      db: database.db,
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      mailer: outboxMailer(database.db),
      payments: { cards: createBraintreeGateway(fake.sdk), invoices, applePay: true },
    })
  })
  afterAll(() => database.close())
  const call = cartCaller(() => app as never)

  it('offers braintree-web its client token', async () => {
    const res = await call('GET', '/payment/config', {})
    expect(await res.json()).toMatchObject({
      card_gateway: 'braintree',
      client_token: 'client-token-for-the-browser',
    })
  })

  it('a sale whose answer was lost: the retry searches Braintree and sells nothing again', async () => {
    const account = await testAccount(database.db)
    const order = await orderAwaitingPayment(database.db, { userId: account.id })
    const key = newKey()
    fake.loseNextAnswer()
    const lost = await call(
      'POST',
      `/payment/braintree/${order.id}`,
      { bearer: account.bearer },
      {
        body: { nonce: 'fake-valid-nonce' },
        key,
      },
    )
    expect(lost.status).toBe(503)
    const retried = await call(
      'POST',
      `/payment/braintree/${order.id}`,
      { bearer: account.bearer },
      {
        body: { nonce: 'fake-valid-nonce' },
        key,
      },
    )
    expect(retried.status).toBe(200)
    expect(await retried.json()).toMatchObject({
      status: 'paid',
      payment: { provider: 'braintree', status: 'settled' },
    })
    expect(
      fake.sales.filter((sale) => sale.orderId === braintreeOrderId(order.id, key)),
    ).toHaveLength(1)
    const [row] = await database.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(row?.providerRef).toBe(fake.transactions.at(-1)?.id)
  })
})
