import { and, asc, desc, eq, sql } from 'drizzle-orm'
import {
  commissionOf,
  ratePercent,
  type CommissionEntry,
  type DealerCommission,
  type Payout,
} from '../../contract/dealer.ts'
import { orderNumber } from '../../contract/orders.ts'
import type { Database } from '../db/index.ts'
import type { orders } from '../db/schema.ts'
import { commissionEntries, dealers, payoutRequests } from '../db/schema.ts'
import type { Transaction, WorkAnswer } from './idempotency.ts'
import { formatAmount, toDecimal } from '../../contract/money.ts'
import { uuidPattern } from '../../contract/uuid.ts'

/*
 * A dealer's commission, as an append-only ledger (commission_entries; a trigger refuses UPDATE
 * and DELETE). The balance is the sum of the dealer's entries and is kept nowhere else.
 *
 * One rule makes every movement safe against every other: a change to a dealer's money first
 * locks the dealer's row (`select … for update`), then reads the balance, then appends. Two
 * payout requests at once, a request racing a refund's reversal, a payment's accrual: they queue
 * on that one row in any API process, on PGlite and PostgreSQL alike, and each reads the balance
 * the one before left (READ COMMITTED takes a new snapshot per statement, after the lock).
 *
 * - Accrual: when an order credited to the dealer is paid (the payment's settle transaction, or
 *   the shop moving it to paid), its rate times the order less shipping; once per order.
 * - Reversal: when such an order is cancelled or refunded (in the move's or the refund's
 *   transaction): the accrual taken back, once per order.
 * - A payout request takes its amount off the balance at once; a change takes or gives back the
 *   difference, while the request is not paid. A payout never exceeds the balance.
 * - A reversal that would leave the balance below zero takes the shortfall back from payouts not
 *   yet paid, newest first (`payout_release` entries; a request taken to 0 is cancelled). Only
 *   commission already paid out can leave a balance below zero: then the dealer owes it, and
 *   later accruals make it up.
 */

type Executor = Database | Transaction
type OrderRow = typeof orders.$inferSelect
type PayoutRow = typeof payoutRequests.$inferSelect

export const commissionMessages = {
  notDealer: 'This account is not tied to a dealer directory entry yet. Ask the shop to set it up.',
  overBalance: (available: number, currency: string) =>
    `The amount is more than your available balance (${formatAmount(available, currency)}).`,
  payoutGone: 'No such payout request, or it is not yours.',
  payoutFinal: (status: string) => `This payout request is ${status}: it can no longer change.`,
  notYourCustomer: 'This is not one of your customers.',
  noCart: 'Your cart is empty: add what the customer orders first.',
} as const

/** Locks the dealer's row: every change to its money goes through here first. */
async function lockDealer(tx: Transaction, dealerId: string) {
  const [dealer] = await tx.select().from(dealers).where(eq(dealers.userId, dealerId)).for('update')
  return dealer
}

/** The sum of the dealer's ledger. */
export async function balanceOf(db: Executor, dealerId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${commissionEntries.amount}), 0)` })
    .from(commissionEntries)
    .where(eq(commissionEntries.dealerId, dealerId))
  return Number(row?.sum ?? 0)
}

/**
 * The order was paid: its dealer earns its commission, once (the partial unique index on
 * order and kind). Nothing for an order credited to no dealer, in another currency, or earning 0.
 */
export async function accrueCommission(tx: Transaction, order: OrderRow): Promise<void> {
  if (!order.dealerId || order.totalAmount === null) return
  const dealer = await lockDealer(tx, order.dealerId)
  if (!dealer || dealer.currency !== order.currency) return
  const base = Math.max(0, order.totalAmount - (order.shippingOption?.amount ?? 0))
  const amount = commissionOf(base, dealer.rateBp)
  if (amount <= 0) return
  await tx
    .insert(commissionEntries)
    .values({
      dealerId: dealer.userId,
      kind: 'accrual',
      amount,
      currency: dealer.currency,
      orderId: order.id,
      rateBp: dealer.rateBp,
      baseAmount: base,
      note: `Order ${orderNumber(order.id)} paid: ${ratePercent(dealer.rateBp)} of ${formatAmount(base, order.currency)}.`,
    })
    .onConflictDoNothing()
}

/**
 * The order was cancelled or refunded: what it accrued is taken back, once. A shortfall below
 * zero is taken back from payouts not yet paid.
 */
export async function reverseCommission(
  tx: Transaction,
  orderId: string,
  why: 'cancelled' | 'refunded',
): Promise<void> {
  const [accrual] = await tx
    .select()
    .from(commissionEntries)
    .where(and(eq(commissionEntries.orderId, orderId), eq(commissionEntries.kind, 'accrual')))
  if (!accrual) return
  const dealer = await lockDealer(tx, accrual.dealerId)
  if (!dealer) return
  const [done] = await tx
    .select({ id: commissionEntries.id })
    .from(commissionEntries)
    .where(and(eq(commissionEntries.orderId, orderId), eq(commissionEntries.kind, 'reversal')))
  if (done) return
  // Released before the reversal is written, so no running balance of the ledger dips below 0.
  let shortfall = accrual.amount - (await balanceOf(tx, dealer.userId))
  if (shortfall > 0) {
    const open = await tx
      .select()
      .from(payoutRequests)
      .where(
        and(eq(payoutRequests.dealerId, dealer.userId), eq(payoutRequests.status, 'requested')),
      )
      .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
    for (const payout of open) {
      if (shortfall <= 0) break
      const take = Math.min(shortfall, payout.amount)
      const left = payout.amount - take
      await tx
        .update(payoutRequests)
        .set({
          amount: left,
          status: left === 0 ? 'cancelled' : 'requested',
          updatedAt: new Date(),
        })
        .where(eq(payoutRequests.id, payout.id))
      await tx.insert(commissionEntries).values({
        dealerId: dealer.userId,
        kind: 'payout_release',
        amount: take,
        currency: payout.currency,
        payoutId: payout.id,
        orderId,
        note:
          left === 0
            ? `Payout request cancelled: order ${orderNumber(orderId)} ${why} took its commission back.`
            : `Payout request lowered by ${formatAmount(take, payout.currency)}: order ${orderNumber(orderId)} ${why}.`,
      })
      shortfall -= take
    }
  }
  await tx
    .insert(commissionEntries)
    .values({
      dealerId: dealer.userId,
      kind: 'reversal',
      amount: -accrual.amount,
      currency: accrual.currency,
      orderId,
      note: `Order ${orderNumber(orderId)} ${why}: its commission is taken back.`,
    })
    .onConflictDoNothing()
}

const fieldError = (field: string, message: string): WorkAnswer => ({
  status: 422,
  body: { message, errors: { [field]: [message] } },
})

/** POST /api/payment/commission-balance: asks for `amount`, taken off the balance at once. */
export async function requestPayout(
  tx: Transaction,
  dealerId: string,
  { amount, notes }: { amount: number; notes?: string | undefined },
): Promise<WorkAnswer> {
  const dealer = await lockDealer(tx, dealerId)
  if (!dealer) return { status: 403, body: { message: commissionMessages.notDealer } }
  const balance = await balanceOf(tx, dealer.userId)
  if (amount > balance)
    return fieldError(
      'amount',
      commissionMessages.overBalance(Math.max(0, balance), dealer.currency),
    )
  const [payout] = await tx
    .insert(payoutRequests)
    .values({ dealerId: dealer.userId, amount, currency: dealer.currency, notes: notes ?? '' })
    .returning()
  await tx.insert(commissionEntries).values({
    dealerId: dealer.userId,
    kind: 'payout_request',
    amount: -amount,
    currency: dealer.currency,
    payoutId: payout!.id,
    note: `Payout requested: ${formatAmount(amount, dealer.currency)}.`,
  })
  return { status: 200, body: await commissionView(tx, dealer.userId), ref: payout!.id }
}

/** POST /api/payment/commission-balance/{id}: a request not yet paid takes a new amount and notes. */
export async function changePayout(
  tx: Transaction,
  dealerId: string,
  payoutId: string,
  { amount, notes }: { amount: number; notes?: string | undefined },
): Promise<WorkAnswer> {
  const dealer = await lockDealer(tx, dealerId)
  if (!dealer) return { status: 403, body: { message: commissionMessages.notDealer } }
  const [payout] = uuidPattern.test(payoutId)
    ? await tx
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.id, payoutId), eq(payoutRequests.dealerId, dealer.userId)))
    : []
  if (!payout) return { status: 404, body: { message: commissionMessages.payoutGone } }
  if (payout.status !== 'requested')
    return fieldError('id', commissionMessages.payoutFinal(payout.status))
  const balance = await balanceOf(tx, dealer.userId)
  const more = amount - payout.amount
  if (more > balance)
    return fieldError(
      'amount',
      commissionMessages.overBalance(Math.max(0, balance + payout.amount), dealer.currency),
    )
  if (more !== 0)
    await tx.insert(commissionEntries).values({
      dealerId: dealer.userId,
      kind: 'payout_change',
      amount: -more,
      currency: payout.currency,
      payoutId: payout.id,
      note: `Payout request changed from ${formatAmount(payout.amount, payout.currency)} to ${formatAmount(amount, payout.currency)}.`,
    })
  await tx
    .update(payoutRequests)
    .set({
      amount,
      notes: notes === undefined ? payout.notes : notes,
      updatedAt: new Date(),
    })
    .where(eq(payoutRequests.id, payout.id))
  return { status: 200, body: await commissionView(tx, dealer.userId), ref: payout.id }
}

export type MarkPaidResult = { ok: true; payout: PayoutRow } | { ok: false; reason: string }

/** The shop paid a request (admin command line): it can no longer change. */
export async function markPayoutPaid(db: Database, payoutId: string): Promise<MarkPaidResult> {
  if (!uuidPattern.test(payoutId)) return { ok: false, reason: `No payout request ${payoutId}.` }
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, payoutId))
    if (!found) return { ok: false, reason: `No payout request ${payoutId}.` }
    await lockDealer(tx, found.dealerId)
    const [payout] = await tx
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.id, payoutId))
      .for('update')
    if (payout!.status !== 'requested')
      return { ok: false, reason: `Payout request ${payoutId} is ${payout!.status}.` }
    const now = new Date()
    const [paid] = await tx
      .update(payoutRequests)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(payoutRequests.id, payoutId))
      .returning()
    return { ok: true, payout: paid! }
  })
}

/** The ledger oldest first, each entry with the balance it left. */
export async function ledgerOf(db: Executor, dealerId: string): Promise<CommissionEntry[]> {
  const rows = await db
    .select()
    .from(commissionEntries)
    .where(eq(commissionEntries.dealerId, dealerId))
    .orderBy(asc(commissionEntries.seq))
  let balance = 0
  return rows.map((row) => {
    balance += row.amount
    return {
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      balance_after: balance,
      order_id: row.orderId,
      payout_id: row.payoutId,
      note: row.note,
      at: row.createdAt.toISOString(),
    }
  })
}

export function payoutOf(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    notes: row.notes,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  }
}

/** GET /api/order/dealer-comission: the balance, the ledger newest first, and the payouts. */
export async function commissionView(db: Executor, dealerId: string): Promise<DealerCommission> {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.userId, dealerId))
  const ledger = await ledgerOf(db, dealerId)
  const payouts = await db
    .select()
    .from(payoutRequests)
    .where(eq(payoutRequests.dealerId, dealerId))
    .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
  return {
    currency: dealer?.currency ?? 'USD',
    rate_bp: dealer?.rateBp ?? 0,
    balance: ledger.at(-1)?.balance_after ?? 0,
    ledger: ledger.reverse(),
    payouts: payouts.map(payoutOf),
  }
}

/**
 * One CSV field (RFC 4180); in free text a leading =, +, - or @ is defused, so a spreadsheet
 * shows it as text instead of running it as a formula.
 */
function csvField(value: string | null, freeText = false): string {
  if (value === null) return ''
  const safe = freeText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The ledger as CSV, oldest first, amounts as decimals of the currency. */
export async function ledgerCsv(db: Executor, dealerId: string): Promise<string> {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.userId, dealerId))
  const currency = dealer?.currency ?? 'USD'
  // Plain decimals (2280.00): a thousands separator would make a spreadsheet read text.
  const decimal = (amount: number) => toDecimal(amount, currency)
  const header = ['date', 'kind', 'amount', 'balance', 'currency', 'order', 'payout', 'note']
  const lines = (await ledgerOf(db, dealerId)).map((entry) =>
    [
      entry.at,
      entry.kind,
      decimal(entry.amount),
      decimal(entry.balance_after),
      currency,
      entry.order_id,
      entry.payout_id,
    ]
      .map((field) => csvField(field))
      .concat(csvField(entry.note, true))
      .join(','),
  )
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`
}
