import type { PaymentState } from '../../../../../contract/admin.ts'
import { currencyExponent, formatMoney, fromDecimal } from '../../../../../contract/money.ts'
import { statusLabels } from '../../../../../contract/orders.ts'
import type { OrderStatus } from '../../../../../contract/order-status.ts'
import type { AdminOrderDetail } from '../../api/orders.ts'

/*
 * What the back office's order screens say, as plain functions of an order (unit tested in
 * order-model.test.ts): states and payment in words, the workshop's measurements from a line's
 * meta, the ship-by date against today, what a refund would take from which gateway, an amount as
 * typed, and an audit row in a sentence.
 */

type Payment = AdminOrderDetail['payments'][number]
type Line = AdminOrderDetail['lines'][number]
type AuditRow = AdminOrderDetail['audit'][number]

/** An order's state in the shop's words (the customer's order page says the same). */
export function statusText(status: OrderStatus): string {
  return statusLabels[status]
}

/** What the settled payments make of the total: words, never a colour alone. */
export const paymentLabels: Record<PaymentState, string> = {
  paid: 'Paid',
  part_paid: 'Part-paid',
  unpaid: 'Unpaid',
}

export const paymentStatusLabels: Record<Payment['status'], string> = {
  pending: 'Pending',
  settled: 'Settled',
  declined: 'Declined',
  failed: 'Failed',
  refunded: 'Refunded',
}

export const mailStatusLabels: Record<AdminOrderDetail['mail'][number]['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
}

/** The gateway that took a payment, as the owner knows it (server/db/schema.ts PaymentProvider). */
export function providerLabel(provider: string): string {
  const labels: Record<string, string> = {
    braintree: 'Braintree (card)',
    apple_pay: 'Apple Pay (through Braintree)',
    bitpay: 'BitPay',
    test: 'the test gateway',
  }
  return labels[provider] ?? provider
}

/** States in which the order is still the workshop's to finish: a past ship-by is late. */
const beforeShipping: readonly OrderStatus[] = ['submitted', 'partly_paid', 'paid', 'in_production']

/** Whether a made order is past its ship-by day and has not left (`today`: `YYYY-MM-DD`, UTC). */
export function isLate(shipBy: string | null, status: OrderStatus, today: string): boolean {
  return shipBy !== null && shipBy < today && beforeShipping.includes(status)
}

/** Today as the server's dates are written (UTC). */
export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10)
}

const measurementLabels: Record<string, string> = {
  height: 'Height',
  weight: 'Weight',
  chest: 'Chest',
  waist: 'Waist',
  hips: 'Hips',
  inseam: 'Inseam',
  armSpan: 'Arm span',
  shoulderWidth: 'Shoulder width',
  torso: 'Torso',
}

/**
 * The body measurements a line was ordered with (`measurement.{field}` meta; the summary does not
 * say them), with their units: "Height: 182 cm". Empty for a line with none.
 */
export function measurementsOf(line: Pick<Line, 'meta'>): string[] {
  const metric = line.meta.find((entry) => entry.key === 'measurement.units')?.value !== 'imperial'
  const unit = (field: string) =>
    field === 'weight' ? (metric ? 'kg' : 'lb') : metric ? 'cm' : 'in'
  return line.meta
    .filter((entry) => entry.key.startsWith('measurement.') && entry.key !== 'measurement.units')
    .map((entry) => {
      const field = entry.key.slice('measurement.'.length)
      const value = entry.value.trim()
      const number = /^\d+(\.\d+)?$/.test(value)
      return `${measurementLabels[field] ?? field}: ${value}${number ? ` ${unit(field)}` : ''}`
    })
}

/** One gateway's part of a refund. */
export interface RefundPart {
  provider: string
  amount: number
}

/**
 * Where a refund of `amount` goes, as the shop's refund takes it: the settled payments, newest
 * first, each through the gateway that took it, for what is left of it. The confirmation states
 * this; the server decides (a payment the gateway cannot refund is refused there).
 */
export function refundParts(payments: readonly Payment[], amount: number): RefundPart[] {
  const settled = payments
    .filter((payment) => payment.status === 'settled' && payment.amount > payment.refunded)
    .toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
  const parts: RefundPart[] = []
  let left = amount
  for (const payment of settled) {
    if (left <= 0) break
    const part = Math.min(left, payment.amount - payment.refunded)
    parts.push({ provider: payment.provider, amount: part })
    left -= part
  }
  return parts
}

export type AmountInput = { ok: true; minor: number } | { ok: false; message: string }

/**
 * An amount as the owner types it in the order's currency ("250", "250.50", "$1,250.00") in minor
 * units, from more than 0 up to `max`.
 */
export function parseAmountInput(text: string, currency: string, max: number): AmountInput {
  const decimals = currencyExponent(currency)
  const example = decimals === 0 ? '250' : `250.${'5'.padEnd(decimals, '0')}`
  const cleaned = text
    .trim()
    .replace(new RegExp(`^${currency}\\s*|\\s*${currency}$`, 'i'), '')
    .replace(/^[$€£¥]/, '')
    .replaceAll(',', '')
    .trim()
  if (cleaned === '') return { ok: false, message: 'Enter the amount to refund.' }
  if (!/^\d+(\.\d*)?$/.test(cleaned))
    return { ok: false, message: `Enter an amount such as ${example}.` }
  const minor = fromDecimal(cleaned.replace(/\.$/, ''), currency)
  if (Number.isNaN(minor))
    return {
      ok: false,
      message:
        decimals === 0
          ? `${currency} has no decimals: enter a whole amount.`
          : `At most ${decimals} decimals, such as ${example}.`,
    }
  if (minor < 1) return { ok: false, message: 'Enter an amount above zero.' }
  if (minor > max)
    return {
      ok: false,
      message: `At most ${formatMoney(max, currency)} can be refunded.`,
    }
  return { ok: true, minor }
}

/** An audit row's `details` value as text. */
function detailText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** A state name from a detail, in words when it is one. */
function stateWord(value: unknown): string {
  const text = detailText(value)
  return text in statusLabels ? statusLabels[text as OrderStatus] : text
}

/**
 * What an audit row did, in a sentence: a move says from and to and its note, a refund how much
 * was asked and given back, a mail which; any other action its details as they are.
 */
export function auditText(entry: Pick<AuditRow, 'action' | 'details'>, currency: string): string {
  const details = entry.details
  const money = (value: unknown) =>
    typeof value === 'number'
      ? formatMoney(value, typeof details.currency === 'string' ? details.currency : currency)
      : 'all'
  switch (entry.action) {
    case 'order.move': {
      const note = detailText(details.note)
      return `Moved from ${stateWord(details.from)} to ${stateWord(details.to)}${note ? `: “${note}”` : ''}`
    }
    case 'order.refund':
      return details.refused
        ? `Refund of ${money(details.asked)} refused: ${detailText(details.refused)}${
            typeof details.refunded === 'number' && details.refunded > 0
              ? ` (${money(details.refunded)} went back first)`
              : ''
          }`
        : `Refunded ${money(details.refunded)} (asked ${money(details.asked)})`
    case 'order.resend_mail':
      return `Order mail resent${details.kind ? ` (${detailText(details.kind)})` : ''}`
    case 'order.payment_link':
      return `Payment link sent${details.kind ? ` (${detailText(details.kind)})` : ''}`
    default: {
      const pairs = Object.entries(details).map(([key, value]) => `${key}: ${detailText(value)}`)
      return pairs.length > 0 ? `${entry.action} (${pairs.join(', ')})` : entry.action
    }
  }
}
