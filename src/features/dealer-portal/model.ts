import type { CommissionKind, CommissionState, PayoutStatus } from '../../../contract/dealer.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import { customerLabel } from '../../lib/customer-label.ts'
import { maxPayoutAmount, maxPayoutNotesLength } from '../../../contract/dealer.ts'

/*
 * The dealer portal's pure parts: what each ledger entry and state is called, and the amount a
 * dealer types ("250", "250.5", "1,250.00") in minor units, checked before it is sent.
 */

export const kindLabels: Record<CommissionKind, string> = {
  accrual: 'Commission earned',
  reversal: 'Commission taken back',
  payout_request: 'Payout requested',
  payout_change: 'Payout changed',
  payout_release: 'Payout lowered',
}

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: 'Requested: waiting for the shop',
  paid: 'Paid',
  cancelled: 'Cancelled',
}

export const commissionStateLabels: Record<CommissionState, string> = {
  pending: 'due when paid',
  accrued: 'earned',
  reversed: 'taken back',
}

export type AmountInput = { ok: true; minor: number } | { ok: false; message: string }

/**
 * An amount typed in the currency's major unit (two decimals at most) as minor units. Thousands
 * separators (,) and a currency sign are allowed; anything else is refused with a message.
 */
export function parseAmountInput(text: string, decimals = 2): AmountInput {
  const cleaned = text
    .trim()
    .replace(/^[$€£]/, '')
    .replaceAll(',', '')
    .trim()
  if (cleaned === '') return { ok: false, message: 'Enter an amount.' }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned)
  if (!match) return { ok: false, message: 'Enter an amount such as 250 or 250.50.' }
  const fraction = match[2] ?? ''
  if (fraction.length > decimals)
    return { ok: false, message: `At most ${decimals} decimals, such as 250.50.` }
  const minor = Number(`${match[1]}${fraction.padEnd(decimals, '0')}`)
  if (!Number.isSafeInteger(minor) || minor > maxPayoutAmount)
    return { ok: false, message: 'That is more than one payout can be.' }
  if (minor < 1) return { ok: false, message: 'Enter an amount above zero.' }
  return { ok: true, minor }
}

/**
 * The amount field's message for what it holds now. An empty field has none while the dealer is
 * still typing (clearing it must not scold); only sending an empty one does.
 */
export function amountProblem(text: string, sending = false): string | undefined {
  if (!sending && text.trim() === '') return undefined
  const parsed = parseAmountInput(text)
  return parsed.ok ? undefined : parsed.message
}

/** The notes field's message for what it holds now. */
export function notesProblem(text: string): string | undefined {
  return text.length > maxPayoutNotesLength
    ? `Notes are at most ${maxPayoutNotesLength} characters.`
    : undefined
}

/** What became of a payout request or change, as the dealer is told it. */
export type PayoutResult = { tone: 'sent' | 'refused' | 'offline'; text: string }

export type PayoutRefusal = {
  /** The shop's reasons under their fields. */
  fields: { amount?: string; notes?: string }
  result: PayoutResult
}

/**
 * A payout call that did not go through, in the dealer's words. A field's reason shows under the
 * field, and the result only points to it (the same sentence twice reads as two problems). No
 * answer at all may mean the request never left or that its answer was lost: the dealer sends it
 * again with the same key, which the shop answers without asking twice.
 */
export function payoutRefusal(error: unknown): PayoutRefusal {
  if (error instanceof ValidationError) {
    const amount = error.errors.amount?.[0]
    const notes = error.errors.notes?.[0]
    if (amount || notes)
      return {
        fields: { amount, notes },
        result: {
          tone: 'refused',
          text: `Not sent: see why under the ${amount ? 'amount' : 'notes'} above.`,
        },
      }
    return {
      fields: {},
      result: {
        tone: 'refused',
        text: `Not sent. ${Object.values(error.errors)[0]?.[0] ?? error.message}`,
      },
    }
  }
  if (error instanceof NetworkError)
    return {
      fields: {},
      result: {
        tone: 'offline',
        text: 'No answer: this device seems to be offline. Press the button again once you are online: the same request is never asked twice.',
      },
    }
  if (error instanceof ApiError && error.status === 401)
    return {
      fields: {},
      result: { tone: 'refused', text: 'Not sent: your session has ended. Sign in again.' },
    }
  return {
    fields: {},
    result: {
      tone: 'refused',
      text: `Not sent. ${(error as Error | undefined)?.message ?? 'Unknown error.'}`,
    },
  }
}

/** Minor units as the amount field shows them to edit: 12500 → "125.00". */
export function amountInputOf(minor: number, decimals = 2): string {
  const digits = String(minor).padStart(decimals + 1, '0')
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}

/** Why a portal section could not be read, in the dealer's words. */
export function readProblem(error: unknown, what: string): string {
  if (error instanceof NetworkError)
    return `This device is offline and has not saved ${what} yet. They show once it has been online.`
  if (error instanceof ApiError && error.status === 403)
    return 'This account is not set up as a dealer yet. Ask the shop to tie it to your directory entry.'
  if (error instanceof ApiError && error.status === 401)
    return 'Your session has ended: sign in again.'
  return `${what[0]!.toUpperCase()}${what.slice(1)} could not be read: ${(error as Error | undefined)?.message ?? 'unknown error'}.`
}

/** Whom the order is for, in a sentence's words. */
export function placedForText(customer: { email: string; name: string | null } | null): string {
  return customer ? customerLabel(customer) : 'yourself'
}

/**
 * Why choosing whom an order is for did not take. The choice shown stays the server's: nothing
 * is kept on the device to send later (a dealer must know which customer an order goes to).
 * `'offline'`: not sent, the device knew it had no network.
 */
export function placeForProblem(error: unknown, was: string): string {
  if (error === 'offline' || error instanceof NetworkError)
    return `No network: whom this order is for was not changed. It is still for ${was}; choose again once you are online.`
  if (error instanceof ApiError && error.status === 401)
    return 'Your session has ended: sign in again.'
  if (error instanceof ApiError && error.status === 422) {
    const body = error.body as { errors?: Record<string, string[]>; message?: string } | undefined
    const reason = body?.errors?.customerId?.[0] ?? body?.errors?.cart?.[0] ?? body?.message
    if (reason) return `${reason} It is still for ${was}.`
  }
  return `Whom this order is for could not be changed: ${(error as Error | undefined)?.message ?? 'unknown error'}. It is still for ${was}.`
}
