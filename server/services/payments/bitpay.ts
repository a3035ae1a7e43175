import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { testBitpayInvoices } from '../../db/schema.ts'
import {
  ProviderUnavailable,
  type Invoice,
  type InvoiceProvider,
  type InvoiceRequest,
  type InvoiceStatus,
} from './gateway.ts'
import { fromDecimal, toDecimal } from '../../../contract/money.ts'

/*
 * BitPay invoices: the customer pays on BitPay's invoice page, and BitPay posts a notification to
 * our webhook, which reads the invoice back from BitPay before it changes anything (a notification
 * proves nothing by itself). With BITPAY_TOKEN the REST API (a POS-facade token: create and read
 * invoices); without it, the built-in test BitPay: invoices kept in `test_bitpay_invoices`, paid or
 * left to expire on the test invoice page (routes/test-bitpay-page.ts), which then calls the same
 * webhook handling.
 */

const statuses: readonly InvoiceStatus[] = [
  'new',
  'paid',
  'confirmed',
  'complete',
  'expired',
  'invalid',
]
const asStatus = (value: unknown): InvoiceStatus =>
  statuses.includes(value as InvoiceStatus) ? (value as InvoiceStatus) : 'invalid'

/** How long an invoice waits to be paid, as BitPay's do. */
export const invoiceLifetimeMs = 15 * 60 * 1000

/** The guid of an attempt's invoice: unique per order and attempt key. */
export const invoiceGuid = (orderId: string, attemptKey: string) => `${orderId}/${attemptKey}`

export interface BitpaySettings {
  token: string
  environment: 'test' | 'prod'
  /** Tests hand in their own fetch. */
  fetch?: typeof fetch
}

interface BitpayInvoiceJson {
  id?: unknown
  url?: unknown
  status?: unknown
  guid?: unknown
  price?: unknown
  currency?: unknown
  orderId?: unknown
}

export function createBitpay(settings: BitpaySettings): InvoiceProvider {
  const origin = settings.environment === 'prod' ? 'https://bitpay.com' : 'https://test.bitpay.com'
  const send = settings.fetch ?? fetch

  async function call(
    path: string,
    init: RequestInit = {},
  ): Promise<BitpayInvoiceJson | undefined> {
    let response: Response
    try {
      response = await send(`${origin}${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', 'X-Accept-Version': '2.0.0' },
        signal: AbortSignal.timeout(20_000),
      })
    } catch (error) {
      throw new ProviderUnavailable('BitPay did not answer.', { cause: error })
    }
    if (response.status === 404) return undefined
    if (response.status >= 500) throw new ProviderUnavailable(`BitPay answered ${response.status}.`)
    const body = (await response.json().catch(() => undefined)) as
      { data?: BitpayInvoiceJson; error?: string } | undefined
    if (!response.ok || !body?.data) {
      if (response.status >= 400 && response.status < 500 && !body?.data) return undefined
      throw new ProviderUnavailable('BitPay answered without an invoice.')
    }
    return body.data
  }

  const invoiceOf = (json: BitpayInvoiceJson | undefined): Invoice | undefined => {
    if (!json || typeof json.id !== 'string' || typeof json.currency !== 'string') return undefined
    const amount = fromDecimal(
      typeof json.price === 'number' || typeof json.price === 'string' ? json.price : 'x',
      json.currency,
    )
    const guid = typeof json.guid === 'string' ? json.guid : ''
    return {
      id: json.id,
      url: typeof json.url === 'string' ? json.url : '',
      status: asStatus(json.status),
      guid,
      amount,
      currency: json.currency,
      orderId: typeof json.orderId === 'string' ? json.orderId : '',
    }
  }
  const token = encodeURIComponent(settings.token)

  return {
    mode: 'live',
    async createInvoice(request: InvoiceRequest) {
      const created = invoiceOf(
        await call('/invoices', {
          method: 'POST',
          body: JSON.stringify({
            token: settings.token,
            price: Number(toDecimal(request.amount, request.currency)),
            currency: request.currency,
            orderId: request.orderId,
            guid: invoiceGuid(request.orderId, request.attemptKey),
            notificationURL: request.notificationUrl,
            redirectURL: request.redirectUrl,
            extendedNotifications: true,
          }),
        }),
      )
      if (!created) throw new ProviderUnavailable('BitPay made no invoice.')
      return created
    },
    async findInvoice({ orderId, attemptKey }) {
      const guid = encodeURIComponent(invoiceGuid(orderId, attemptKey))
      return invoiceOf(await call(`/invoices/guid/${guid}?token=${token}`))
    },
    async readInvoice(id) {
      return invoiceOf(await call(`/invoices/${encodeURIComponent(id)}?token=${token}`))
    },
    async refund() {
      // Refunds need BitPay's signed merchant facade, which this shop does not hold.
      return { ok: false, message: 'Refund BitPay invoices from the BitPay dashboard.' }
    },
    async voidInvoice() {
      // Cancelling an invoice (DELETE /invoices/{id}) takes the merchant facade too: the invoice
      // stays open at BitPay until it expires, and the shop counts a payment of it as none.
      return false
    },
  }
}

export interface TestBitpay extends InvoiceProvider {
  /** The test invoice page's buttons. */
  pay(id: string): Promise<Invoice | undefined>
  expire(id: string): Promise<Invoice | undefined>
}

type TestInvoiceRow = typeof testBitpayInvoices.$inferSelect

/** The built-in test BitPay: its invoice page lives at `/dev/test-bitpay/invoice/{id}`. */
export function createTestBitpay(db: Database, now: () => Date = () => new Date()): TestBitpay {
  const invoiceOf = (row: TestInvoiceRow): Invoice => ({
    id: row.id,
    url: `/dev/test-bitpay/invoice/${row.id}`,
    status: asStatus(row.status),
    guid: row.guid,
    amount: row.amount,
    currency: row.currency,
    orderId: row.orderId,
  })

  async function read(where: ReturnType<typeof eq>) {
    const [row] = await db.select().from(testBitpayInvoices).where(where)
    if (!row) return undefined
    if (row.status === 'new' && row.expiresAt.getTime() <= now().getTime()) {
      const [expired] = await db
        .update(testBitpayInvoices)
        .set({ status: 'expired' })
        .where(sql`${testBitpayInvoices.id} = ${row.id} and ${testBitpayInvoices.status} = 'new'`)
        .returning()
      return invoiceOf(expired ?? row)
    }
    return invoiceOf(row)
  }

  async function move(id: string, status: InvoiceStatus) {
    const current = await read(eq(testBitpayInvoices.id, id))
    if (current?.status !== 'new') return current
    await db
      .update(testBitpayInvoices)
      .set({ status })
      .where(sql`${testBitpayInvoices.id} = ${id} and ${testBitpayInvoices.status} = 'new'`)
    return read(eq(testBitpayInvoices.id, id))
  }

  return {
    mode: 'test',
    async createInvoice(request) {
      const guid = invoiceGuid(request.orderId, request.attemptKey)
      await db
        .insert(testBitpayInvoices)
        .values({
          id: `tbp_${randomBytes(12).toString('base64url')}`,
          guid,
          orderId: request.orderId,
          amount: request.amount,
          currency: request.currency,
          notificationUrl: request.notificationUrl,
          redirectUrl: request.redirectUrl,
          expiresAt: new Date(now().getTime() + invoiceLifetimeMs),
        })
        .onConflictDoNothing()
      const invoice = await read(eq(testBitpayInvoices.guid, guid))
      if (!invoice) throw new ProviderUnavailable('The test BitPay lost an invoice.')
      return invoice
    },
    findInvoice: ({ orderId, attemptKey }) =>
      read(eq(testBitpayInvoices.guid, invoiceGuid(orderId, attemptKey))),
    readInvoice: (id) => read(eq(testBitpayInvoices.id, id)),
    async refund(id, amount) {
      const [row] = await db
        .update(testBitpayInvoices)
        .set({ refundedAmount: sql`${testBitpayInvoices.refundedAmount} + ${amount}` })
        .where(
          sql`${testBitpayInvoices.id} = ${id} and ${testBitpayInvoices.status} in ('confirmed', 'complete') and ${testBitpayInvoices.refundedAmount} + ${amount} <= ${testBitpayInvoices.amount}`,
        )
        .returning({ id: testBitpayInvoices.id })
      return row
        ? { ok: true }
        : { ok: false, message: 'No paid test invoice with that much left.' }
    },
    async voidInvoice(id) {
      return (await move(id, 'expired'))?.status === 'expired'
    },
    pay: (id) => move(id, 'confirmed'),
    expire: (id) => move(id, 'expired'),
  }
}

/** The test invoice's page data: where to send the customer back, how much. */
export async function testInvoicePage(db: Database, id: string) {
  const [row] = await db.select().from(testBitpayInvoices).where(eq(testBitpayInvoices.id, id))
  return row
}
