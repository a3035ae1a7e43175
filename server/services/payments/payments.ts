import { and, desc, eq, sql } from 'drizzle-orm'
import type { PaymentAnswer, PaymentAttempt, PaymentConfig } from '../../../contract/payment.ts'
import type { Database } from '../../db/index.ts'
import { orderEvents, orders, payments, type OrderStatus } from '../../db/schema.ts'
import { loggableError, type Logger } from '../../log.ts'
import {
  keyReusedAnswer,
  requestHash,
  runIdempotent,
  type Transaction,
  type WorkAnswer,
} from '../idempotency.ts'
import { paymentReceivedMail } from '../../mail/templates.ts'
import { queueMail } from '../../mail/outbox.ts'
import { accrueCommission, reverseCommission } from '../commission.ts'
import { orderMailData } from '../orders/mail-data.ts'
import {
  ProviderUnavailable,
  type ChargeOutcome,
  type Invoice,
  type PaymentProviders,
} from './gateway.ts'
import { formatAmount } from '../../../contract/money.ts'
import { payableStatuses } from '../../../contract/orders.ts'
import { moneyOf } from './order-money.ts'

/*
 * Paying a submitted order, whatever the provider (gateway.ts). One attempt is one payments row,
 * named by the client's Idempotency-Key, and goes through three steps:
 *
 * 1. In a transaction holding the order's row: the attempt's row is found (a repeat) or made
 *    `pending` for an amount within what is left to pay, less what other pending attempts hold
 *    (two attempts racing for the last of the balance: one gets it, the other a 422). The row
 *    takes a short lease, so no two requests talk to the provider about one attempt at once.
 * 2. Outside any transaction: the provider is asked (a new attempt is charged; an attempt whose
 *    answer was lost is first looked for with `find`, and charged only if the provider has
 *    nothing). A provider that does not answer leaves the row `pending` and the lease given
 *    back: 503, and the same key tried again resolves it, never a second charge.
 * 3. Through the one idempotency module (runIdempotent): the row takes the outcome, a settled
 *    payment moves the order to partly_paid or paid with an order_events row, and the answer is
 *    kept with the key, so every repeat of the attempt gets it byte for byte. An order in
 *    production or shipped with a balance open (a made-to-order suit) takes it and keeps its status.
 *
 * A declined or failed attempt is final for its key (422 with the provider's message); the
 * customer tries again with a new key. Duplicates of one attempt in this process wait for the
 * first; in another process they find the lease and are asked to try again shortly (409).
 */

type OrderRow = typeof orders.$inferSelect
type PaymentRow = typeof payments.$inferSelect
export type CardProvider = 'test' | 'braintree' | 'apple_pay'

/**
 * Why no provider takes this kind of payment (none configured for it), or undefined when one
 * does. Checked before any row is made: nothing is held or recorded for a payment nobody takes.
 */
function refusalOf(providers: PaymentProviders, attempt: AttemptInput): string | undefined {
  if (attempt.kind === 'invoice') return providers.invoices ? undefined : paymentMessages.bitpayOff
  if (attempt.provider === 'apple_pay' && (!providers.cards || !providers.applePay))
    return paymentMessages.applePayOff
  return providers.cards ? undefined : paymentMessages.cardsOff
}

/** How long one request may talk to the provider about an attempt before another may. */
export const chargeLeaseMs = 90_000

/** Where a balance may be paid: until the order is cancelled or refunded (contract/orders.ts). */
const payable: ReadonlySet<OrderStatus> = new Set(payableStatuses)
/** Where a payment moves the order to partly_paid or paid; later, the order's life is the shop's. */
const awaitingPayment: ReadonlySet<OrderStatus> = new Set(['submitted', 'partly_paid'])

/** How the mail and the order's history name a provider. */
export const providerLabel: Record<string, string> = {
  test: 'card (test gateway)',
  braintree: 'card',
  apple_pay: 'Apple Pay',
  bitpay: 'BitPay',
}

export const paymentMessages = {
  orderGone: 'No such order, or it is not yours to pay.',
  notPayable: 'This order is not waiting for a payment.',
  nothingDue: 'This order has nothing left to pay.',
  inProgress:
    'Another payment of this order is still being processed, and it holds the rest of the balance. Try again in a minute.',
  pending:
    'The payment provider did not answer in time. Try again: this attempt will be checked with the provider, never charged twice.',
  charging: 'This payment is being processed. Try again in a moment.',
  keyRequired: 'Send an Idempotency-Key made for this payment attempt.',
  invoiceVoided: 'This BitPay invoice was voided: the order was paid by card.',
  paidAfterVoid:
    'This BitPay invoice was paid after it was voided: it is not counted toward the order, and the shop will refund it.',
  signatureNeeded:
    'An item added to this order needs the waiver: sign it again before paying (the order’s payment link asks for it).',
  cardsOff:
    'Paying by card is off in this store right now. Your order is kept: the shop will tell you how to pay.',
  applePayOff:
    'Apple Pay is off in this store right now. Your order is kept: the shop will tell you how to pay.',
  bitpayOff:
    'Paying with BitPay is off in this store right now. Your order is kept: the shop will tell you how to pay.',
  tooMuch: (available: number, currency: string) =>
    `The amount is more than is left to pay (${formatAmount(available, currency)}).`,
} as const

/** A payment call's answer as sent: status, JSON text, and Retry-After for 409 and 503. */
export interface PayAnswer {
  status: number
  text: string
  retryAfter?: number
}

export interface PaymentDeps {
  db: Database
  providers: PaymentProviders
  /** The store's public origin: links in mail, BitPay's notification and return addresses. */
  siteUrl: string
  logger?: Logger | undefined
}

/** The order a payment link's code names, if any (the link pays it whoever holds it). */
export async function orderOfPaymentCode(db: Database, code: string) {
  const [order] = await db.select().from(orders).where(eq(orders.paymentCode, code))
  return order
}

/** The idempotency scope of an order's payment attempts: whoever pays it, owner or link holder. */
export const paymentScope = (orderId: string) => `payment:${orderId}`

export type AttemptInput =
  | { kind: 'card'; provider: CardProvider; nonce: string; deviceData?: string | undefined }
  | { kind: 'invoice'; returnPath: string }

export interface PayRequest {
  order: OrderRow
  key: string
  /** The call and its body as sent, for the idempotency hash. */
  call: string
  body: unknown
  amount?: number | undefined
  attempt: AttemptInput
}

export function attemptOf(row: PaymentRow): PaymentAttempt {
  return {
    id: row.id,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    message: row.message,
    invoice_url: row.invoiceUrl,
    created_at: row.createdAt.toISOString(),
  }
}

async function answerFor(tx: Transaction, order: OrderRow, row: PaymentRow): Promise<WorkAnswer> {
  if (row.status === 'declined' || row.status === 'failed') {
    const message = row.message ?? 'The payment was refused.'
    return {
      status: 422,
      body: { message, errors: { payment: [message] }, payment: attemptOf(row) },
    }
  }
  const { paid } = await moneyOf(tx, order.id)
  const total = order.totalAmount ?? 0
  const body: PaymentAnswer = {
    order_id: order.id,
    status: order.status,
    currency: order.currency,
    total,
    paid,
    balance: Math.max(0, total - paid),
    payment: attemptOf(row),
  }
  return { status: 200, body }
}

const fieldError = (field: string, message: string): WorkAnswer => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
})

const sentOf = (answer: WorkAnswer, retryAfter?: number): PayAnswer => ({
  status: answer.status,
  text: JSON.stringify(answer.body),
  ...(retryAfter === undefined ? {} : { retryAfter }),
})

/** What the provider said, as a change to the attempt's row. */
type RowChange = Partial<Pick<PaymentRow, 'status' | 'providerRef' | 'message' | 'invoiceUrl'>>

function changeOfCharge(outcome: ChargeOutcome): RowChange {
  return outcome.status === 'settled'
    ? { status: 'settled', providerRef: outcome.providerRef, message: null }
    : { status: outcome.status, providerRef: outcome.providerRef, message: outcome.message }
}

export function changeOfInvoice(invoice: Invoice): RowChange {
  const known = { providerRef: invoice.id, invoiceUrl: invoice.url || null }
  if (invoice.status === 'confirmed' || invoice.status === 'complete')
    return { ...known, status: 'settled', message: null }
  if (invoice.status === 'expired')
    return { ...known, status: 'failed', message: 'The BitPay invoice expired before it was paid.' }
  if (invoice.status === 'invalid')
    return { ...known, status: 'failed', message: 'BitPay marked the invoice invalid.' }
  return known
}

/** The order's BitPay invoices still open (made, or being made, and not yet paid). */
function openInvoices(tx: Transaction, orderId: string) {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, 'bitpay'),
        eq(payments.status, 'pending'),
      ),
    )
}

const sumOf = (rows: readonly { amount: number }[]) =>
  rows.reduce((sum, row) => sum + row.amount, 0)

type Begun =
  | { kind: 'answer'; answer: PayAnswer }
  | { kind: 'final'; row: PaymentRow }
  | { kind: 'ask'; row: PaymentRow; resolve: boolean }

export function createPayments(deps: PaymentDeps) {
  const { db, providers } = deps
  /** The built-in test gateways: the mail says no real payment was taken. */
  const testPayments = providers.cards?.name === 'test' || providers.invoices?.mode === 'test'
  /** Attempts being answered in this process: a duplicate waits for the first's answer. */
  const inFlight = new Map<string, Promise<PayAnswer>>()

  /** Step 1: the attempt's row, found or made, and whether the provider must be asked. */
  function begin(request: PayRequest, hash: string, provider: PaymentRow['provider']) {
    return db.transaction(async (tx): Promise<Begun> => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.id, request.order.id))
        .for('update')
      if (!order)
        return { kind: 'answer', answer: sentOf(fieldError('order_id', paymentMessages.orderGone)) }
      const [existing] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.attemptKey, request.key)))
      const now = Date.now()
      if (existing) {
        if (existing.requestHash !== hash)
          return { kind: 'answer', answer: sentOf(keyReusedAnswer()) }
        // An invoice made is the attempt's answer, whether or not it was paid since.
        const invoiced = existing.provider === 'bitpay' && existing.providerRef !== null
        if (existing.status !== 'pending' || invoiced) return { kind: 'final', row: existing }
        if (existing.chargingUntil && existing.chargingUntil.getTime() > now) {
          const seconds = Math.ceil((existing.chargingUntil.getTime() - now) / 1000)
          return {
            kind: 'answer',
            answer: sentOf(
              {
                status: 409,
                body: { message: paymentMessages.charging, payment: attemptOf(existing) },
              },
              Math.min(seconds, 5),
            ),
          }
        }
        const [leased] = await tx
          .update(payments)
          .set({ chargingUntil: new Date(now + chargeLeaseMs), updatedAt: new Date(now) })
          .where(eq(payments.id, existing.id))
          .returning()
        return { kind: 'ask', row: leased ?? existing, resolve: true }
      }
      if (!payable.has(order.status) || order.totalAmount === null)
        return {
          kind: 'answer',
          answer: sentOf(fieldError('order_id', paymentMessages.notPayable)),
        }
      // Nothing is charged while an added item waits for the waiver (services/orders/amendments.ts).
      if (order.signatureRequestedAt)
        return {
          kind: 'answer',
          answer: sentOf(fieldError('signature', paymentMessages.signatureNeeded)),
        }
      const { paid, held: allHeld } = await moneyOf(tx, order.id)
      // A card is not kept waiting by an open BitPay invoice (which may take 15 minutes to be
      // paid or to expire): the card may take the balance, and the invoice is voided when it does.
      const held =
        provider === 'bitpay' ? allHeld : allHeld - sumOf(await openInvoices(tx, order.id))
      const due = order.totalAmount - paid
      if (due <= 0)
        return {
          kind: 'answer',
          answer: sentOf(fieldError('order_id', paymentMessages.nothingDue)),
        }
      const available = due - held
      if (available <= 0)
        return {
          kind: 'answer',
          answer: sentOf(fieldError('order_id', paymentMessages.inProgress)),
        }
      const amount = request.amount ?? available
      if (amount > available)
        return {
          kind: 'answer',
          answer: sentOf(fieldError('amount', paymentMessages.tooMuch(available, order.currency))),
        }
      const [made] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          attemptKey: request.key,
          provider,
          amount,
          currency: order.currency,
          status: 'pending',
          requestHash: hash,
          chargingUntil: new Date(now + chargeLeaseMs),
        })
        .returning()
      if (!made) throw new Error('payment row not made')
      return { kind: 'ask', row: made, resolve: false }
    })
  }

  /**
   * Step 3's work: the row takes the provider's answer (once), the order follows, the answer. The
   * ids of invoices a card payment voided go into `voided`, to be cancelled at BitPay after.
   */
  function finish(orderId: string, paymentId: string, change: RowChange, voided: string[] = []) {
    return async (tx: Transaction): Promise<WorkAnswer> => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
      if (!order) return fieldError('order_id', paymentMessages.orderGone)
      const [changed] = await tx
        .update(payments)
        .set({ ...change, chargingUntil: null, updatedAt: new Date() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .returning()
      const [row] = changed
        ? [changed]
        : await tx.select().from(payments).where(eq(payments.id, paymentId))
      if (!row) return fieldError('order_id', paymentMessages.orderGone)
      const current = changed?.status === 'settled' ? await settle(tx, order, changed) : order
      if (changed?.status === 'settled' && changed.provider !== 'bitpay')
        voided.push(...(await voidOverreachingInvoices(tx, current)))
      return answerFor(tx, current, row)
    }
  }

  /**
   * After a card payment: the open invoices that no longer fit in what is left to pay (the older
   * kept first) are void. Their rows fail with a message saying why, the order's history says so, and
   * a payment of one that arrives later is never counted (onInvoiceNotification). Returns their
   * invoice ids.
   */
  async function voidOverreachingInvoices(tx: Transaction, order: OrderRow): Promise<string[]> {
    const open = await openInvoices(tx, order.id)
    if (open.length === 0) return []
    const { paid } = await moneyOf(tx, order.id)
    let room = Math.max(0, (order.totalAmount ?? 0) - paid)
    const voidedIds: string[] = []
    for (const row of open.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      if (row.amount <= room) {
        room -= row.amount
        continue
      }
      const [voided] = await tx
        .update(payments)
        .set({
          status: 'failed',
          message: paymentMessages.invoiceVoided,
          chargingUntil: null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
        .returning()
      if (!voided) continue
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status: order.status,
        note: `BitPay invoice for ${formatAmount(row.amount, row.currency)} voided: the order was paid by card.`,
      })
      if (voided.providerRef) voidedIds.push(voided.providerRef)
    }
    return voidedIds
  }

  /** Invoices made for `voided` are cancelled at the provider where it can; failures are logged. */
  async function cancelVoided(voided: readonly string[]) {
    for (const id of voided) {
      try {
        await providers.invoices?.voidInvoice(id)
      } catch (error) {
        deps.logger?.warn({ error: loggableError(error) }, 'could not cancel a voided invoice')
      }
    }
  }

  /** A payment just settled: the order's status by what is paid, its history, and the mail. */
  async function settle(tx: Transaction, order: OrderRow, row: PaymentRow) {
    const { paid } = await moneyOf(tx, order.id)
    const total = order.totalAmount ?? 0
    let status = order.status
    if (awaitingPayment.has(order.status)) status = paid >= total ? 'paid' : 'partly_paid'
    const [updated] = await tx
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning()
    // Paid in full: the dealer credited with the order earns its commission, in this transaction.
    if (status === 'paid' && order.status !== 'paid' && updated) await accrueCommission(tx, updated)
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status,
      note: `Paid ${formatAmount(row.amount, row.currency)} by ${providerLabel[row.provider] ?? row.provider}.`,
    })
    // The receipt, queued in this transaction: it goes out exactly when the payment is kept.
    const data = await orderMailData(tx, updated ?? { ...order, status })
    if (data) {
      await queueMail(
        tx,
        paymentReceivedMail(
          { siteUrl: deps.siteUrl, testPayments },
          { order: data, paymentId: row.id, amount: row.amount },
        ),
      )
    }
    return updated ?? { ...order, status }
  }

  /** Step 2: what the provider says about the attempt (undefined: it did not answer). */
  async function ask(row: PaymentRow, resolve: boolean, request: PayRequest): Promise<RowChange> {
    const { attempt } = request
    const ids = { orderId: row.orderId, attemptKey: row.attemptKey }
    const { cards, invoices } = providers
    // pay() refuses a kind of payment no provider takes before any row is made.
    if (attempt.kind === 'card') {
      if (!cards) throw new Error('no card gateway')
      const found = resolve ? await cards.find(ids) : undefined
      const outcome =
        found ??
        (await cards.charge({
          ...ids,
          amount: row.amount,
          currency: row.currency,
          nonce: attempt.nonce,
          deviceData: attempt.deviceData,
        }))
      return changeOfCharge(outcome)
    }
    if (!invoices) throw new Error('no invoice provider')
    const invoice =
      (resolve ? await invoices.findInvoice(ids) : undefined) ??
      (await invoices.createInvoice({
        ...ids,
        amount: row.amount,
        currency: row.currency,
        notificationUrl: `${deps.siteUrl}/api/payment/bitpay/webhook`,
        redirectUrl: new URL(attempt.returnPath, `${deps.siteUrl}/`).toString(),
      }))
    return changeOfInvoice(invoice)
  }

  async function attempt(request: PayRequest): Promise<PayAnswer> {
    const hash = requestHash(request.call, request.body)
    const provider = request.attempt.kind === 'card' ? request.attempt.provider : 'bitpay'
    const begun = await begin(request, hash, provider)
    if (begun.kind === 'answer') return begun.answer
    let change: RowChange = {}
    if (begun.kind === 'ask') {
      try {
        change = await ask(begun.row, begun.resolve, request)
      } catch (error) {
        if (!(error instanceof ProviderUnavailable))
          deps.logger?.error({ error: loggableError(error) }, 'payment provider failed')
        await db
          .update(payments)
          .set({ chargingUntil: null, updatedAt: new Date() })
          .where(eq(payments.id, begun.row.id))
        return sentOf(
          {
            status: 503,
            body: { message: paymentMessages.pending, payment: attemptOf(begun.row) },
          },
          5,
        )
      }
    }
    const voided: string[] = []
    const answer = await runIdempotent(
      db,
      {
        call: request.call,
        scopes: [paymentScope(request.order.id)],
        key: request.key,
        body: request.body,
      },
      finish(request.order.id, begun.row.id, change, voided),
    )
    await cancelVoided(voided)
    return answer
  }

  /** Pays an order (card, Apple Pay or a BitPay invoice) once per attempt key. */
  async function pay(request: PayRequest): Promise<PayAnswer> {
    const off = refusalOf(providers, request.attempt)
    if (off) return sentOf(fieldError('payment', off))
    const flight = `${request.order.id}\n${request.key}\n${requestHash(request.call, request.body)}`
    const running = inFlight.get(flight)
    if (running) return running
    const answer = attempt(request).finally(() => inFlight.delete(flight))
    inFlight.set(flight, answer)
    return answer
  }

  /**
   * A BitPay notification: the invoice is read back from BitPay (never the notification's word),
   * and its attempt takes what it says. 404 for an invoice neither BitPay nor we know.
   */
  async function onInvoiceNotification(
    invoiceId: string,
  ): Promise<{ status: 200 | 404 | 503; body: unknown }> {
    if (!providers.invoices) return { status: 404, body: { message: 'BitPay is not in use.' } }
    let invoice: Invoice | undefined
    try {
      invoice = await providers.invoices.readInvoice(invoiceId)
    } catch {
      return { status: 503, body: { message: 'BitPay could not be asked about the invoice.' } }
    }
    if (!invoice) return { status: 404, body: { message: 'No such invoice.' } }
    const [byRef] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'bitpay'), eq(payments.providerRef, invoice.id)))
    const slash = invoice.guid.indexOf('/')
    const [byGuid] =
      byRef || slash < 0
        ? []
        : await db
            .select()
            .from(payments)
            .where(
              and(
                eq(payments.provider, 'bitpay'),
                sql`${payments.orderId}::text = ${invoice.guid.slice(0, slash)}`,
                eq(payments.attemptKey, invoice.guid.slice(slash + 1)),
              ),
            )
    const row = byRef ?? byGuid
    if (!row) return { status: 404, body: { message: 'No payment is waiting for this invoice.' } }
    if (invoice.amount !== row.amount || invoice.currency !== row.currency) {
      deps.logger?.warn({ payment: row.id }, 'BitPay invoice does not match its payment')
      return { status: 404, body: { message: 'The invoice does not match its payment.' } }
    }
    const change = changeOfInvoice(invoice)
    if (row.status === 'failed' && change.status === 'settled') {
      await paidAfterFailing(row)
      return { status: 200, body: { received: true, payment_status: 'failed' } }
    }
    const answer = await db.transaction(finish(row.orderId, row.id, change))
    return {
      status: 200,
      body: {
        received: true,
        payment_status: (answer.body as PaymentAnswer).payment?.status ?? null,
      },
    }
  }

  /**
   * BitPay took the money of an invoice whose attempt had failed (voided when a card paid the
   * order, or expired): the order is not credited a second time. The payment's message and the
   * order's history say it is to be refunded, once however many notices follow, and the log warns.
   */
  async function paidAfterFailing(row: PaymentRow) {
    const flagged = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update')
      const [marked] = await tx
        .update(payments)
        .set({ message: paymentMessages.paidAfterVoid, updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, row.id),
            eq(payments.status, 'failed'),
            sql`${payments.message} is distinct from ${paymentMessages.paidAfterVoid}`,
          ),
        )
        .returning({ id: payments.id })
      if (!marked || !order) return false
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status: order.status,
        note: `BitPay invoice for ${formatAmount(row.amount, row.currency)} paid after it was voided: not counted toward the order, to be refunded.`,
      })
      return true
    })
    if (flagged)
      deps.logger?.warn(
        { payment: row.id, order: row.orderId, amount: row.amount, currency: row.currency },
        'BitPay invoice paid after it was voided; refund it from the BitPay dashboard',
      )
  }

  /**
   * Gives back `amount` (all that is paid when not given) of an order's settled payments, newest
   * first, through the provider that took each. The order becomes `refunded` when nothing paid is
   * left. Returns what was refunded, or why not.
   *
   * What is refundable is read and claimed in one transaction holding the order's row: each part
   * is added to its payment's `refunded_amount` before any provider is asked, so a second refund
   * of the same order, at once or from another process, finds it claimed and gives back only what
   * is left. A part the provider refuses is given back to the payment; a part it takes goes into
   * the order's history.
   */
  async function refund(
    orderId: string,
    amount?: number,
  ): Promise<
    | { ok: true; refunded: number; status: OrderStatus; currency: string }
    | { ok: false; message: string }
  > {
    const claim = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(sql`${orders.id}::text = ${orderId}`)
        .for('update')
      if (!order) return { ok: false as const, message: `No order ${orderId}.` }
      const rows = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'settled')))
        .orderBy(desc(payments.createdAt))
      const refundable = rows.reduce(
        (sum, row) => sum + (row.providerRef ? row.amount - row.refundedAmount : 0),
        0,
      )
      if (refundable <= 0)
        return { ok: false as const, message: 'Nothing paid on this order is left to refund.' }
      const wanted = amount ?? refundable
      if (wanted > refundable)
        return {
          ok: false as const,
          message: `Only ${formatAmount(refundable, order.currency)} of this order can be refunded.`,
        }
      const parts: { row: PaymentRow; part: number }[] = []
      let left = wanted
      for (const row of rows) {
        if (left === 0) break
        const part = Math.min(left, row.amount - row.refundedAmount)
        if (part <= 0 || !row.providerRef) continue
        await tx
          .update(payments)
          .set({ refundedAmount: sql`${payments.refundedAmount} + ${part}`, updatedAt: new Date() })
          .where(eq(payments.id, row.id))
        parts.push({ row, part })
        left -= part
      }
      return { ok: true as const, order, parts }
    })
    if (!claim.ok) return claim
    const { order, parts } = claim
    let done = 0
    const { cards, invoices } = providers
    for (const [i, { row, part }] of parts.entries()) {
      const outcome =
        row.provider === 'bitpay'
          ? invoices
            ? await invoices.refund(row.providerRef!, part, row.currency)
            : { ok: false as const, message: 'BitPay is not configured now (BITPAY_TOKEN).' }
          : cards && (row.provider === cards.name || row.provider === 'apple_pay')
            ? await cards.refund(row.providerRef!, part, row.currency)
            : {
                ok: false as const,
                message: `This payment was taken by the ${row.provider} gateway, which is not the one configured now.`,
              }
      if (!outcome.ok) {
        // The parts not refunded go back to their payments, for a later refund to take.
        for (const unclaimed of parts.slice(i)) {
          await db
            .update(payments)
            .set({
              refundedAmount: sql`${payments.refundedAmount} - ${unclaimed.part}`,
              updatedAt: new Date(),
            })
            .where(eq(payments.id, unclaimed.row.id))
        }
        return {
          ok: false,
          message: `${done > 0 ? `Refunded ${formatAmount(done, order.currency)}, then: ` : ''}${outcome.message}`,
        }
      }
      done += part
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update')
        await tx
          .update(payments)
          .set({
            status: sql`case when ${payments.refundedAmount} >= ${payments.amount} then 'refunded' else 'settled' end`,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, row.id))
        // Still paid, counting this refund's parts that are claimed but not given back yet.
        const { paid, refunded } = await moneyOf(tx, order.id)
        const comingBack = parts.slice(i + 1).reduce((sum, next) => sum + next.part, 0)
        const status: OrderStatus =
          paid - refunded + comingBack <= 0 ? 'refunded' : (locked?.status ?? order.status)
        await tx
          .update(orders)
          .set({ status, updatedAt: new Date() })
          .where(eq(orders.id, order.id))
        // Refunded in full: the dealer's commission on it is taken back, in this transaction.
        if (status === 'refunded') await reverseCommission(tx, order.id, 'refunded')
        await tx.insert(orderEvents).values({
          orderId: order.id,
          status,
          note: `Refunded ${formatAmount(part, row.currency)} of the ${providerLabel[row.provider] ?? row.provider} payment.`,
        })
      })
    }
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id))
    return {
      ok: true,
      refunded: done,
      status: after?.status ?? order.status,
      currency: order.currency,
    }
  }

  /** What the payment step offers (GET /api/payment/config). */
  async function config(): Promise<PaymentConfig> {
    const { cards, invoices } = providers
    return {
      card_gateway: cards?.name ?? null,
      client_token: cards ? await cards.clientToken() : null,
      bitpay: invoices?.mode ?? null,
      apple_pay: cards !== null && providers.applePay,
      online_payment: cards !== null || invoices !== null,
      test_payments: testPayments,
    }
  }

  return { pay, onInvoiceNotification, refund, config, cardGateway: providers.cards?.name ?? null }
}

export type Payments = ReturnType<typeof createPayments>
