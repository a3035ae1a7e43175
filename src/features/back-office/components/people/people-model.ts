import { maxRateBp } from '../../../../../contract/admin-people.ts'
import type { CommissionKind, PayoutStatus } from '../../../../../contract/dealer.ts'
import type { Role } from '../../../../../contract/user.ts'
import { formatDateTime } from '../../../../lib/format-date.ts'
import type { CustomerSearch } from '../../api/people.ts'

/*
 * The people screens' pure pieces: what the roles, ledger kinds and payout states are called on
 * screen, and a rate as the owner types it (percent) against the wire's basis points.
 */

export const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  guest: 'Guest (no password)',
  dealer: 'Dealer',
  staff: 'Staff',
  admin: 'Admin',
}

export const ledgerKindLabels: Record<CommissionKind, string> = {
  accrual: 'Commission earned',
  reversal: 'Commission taken back',
  payout_request: 'Payout requested',
  payout_change: 'Payout changed',
  payout_release: 'Payout lowered',
}

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: 'Waiting for the shop',
  paid: 'Paid',
  cancelled: 'Cancelled',
}

export const linkedByLabels = {
  admin: 'linked by the shop',
  invitation: 'registered with the dealer’s invitation',
} as const

/** Basis points as the owner reads them: 1250 → "12.5 %". */
export function percentOfBp(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`
}

export const rateInputMessage = `Type the rate in percent, from 0 to ${maxRateBp / 100}, with at most two decimals (12.5).`

/**
 * A rate typed in percent ("12.5", "12,5", "12.5 %") as the wire's basis points (1250), or the
 * reason it is not one. Two decimals at most: a basis point is a hundredth of a percent.
 */
export function bpOfPercentInput(
  text: string,
): { ok: true; rateBp: number } | { ok: false; message: string } {
  const typed = text.trim().replace(/\s*%$/, '').replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(typed)) return { ok: false, message: rateInputMessage }
  const [whole = '0', fraction = ''] = typed.split('.')
  const rateBp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (rateBp > maxRateBp) return { ok: false, message: rateInputMessage }
  return { ok: true, rateBp }
}

/** A time as the screens show it, on this device's clock: "Nov 30, 2026, 2:02 PM". */
export function formatWhen(iso: string): string {
  return formatDateTime(Date.parse(iso))
}

/** An account as a heading names it: its name, else its address. */
export function personName(person: { name: string | null; email: string }): string {
  return person.name?.trim() || person.email
}

/** The customer list's search in the URL (`?q=kari&role=customer&page=2`); anything malformed is dropped. */
export function validateCustomerSearch(raw: Record<string, unknown>): CustomerSearch {
  const search: CustomerSearch = {}
  // The router parses `?q=123` as a number; a search is text either way.
  const q = typeof raw.q === 'number' ? String(raw.q) : raw.q
  if (typeof q === 'string' && q.trim() !== '') search.q = q.trim()
  if (typeof raw.role === 'string' && Object.hasOwn(roleLabels, raw.role))
    search.role = raw.role as Role
  const page = Number(raw.page)
  if (Number.isInteger(page) && page > 1 && page <= 10_000) search.page = page
  return search
}
