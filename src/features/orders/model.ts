import type { OrderStatus } from '../../../contract/order-status.ts'
import { statusLabels } from '../../../contract/orders.ts'
import { formatDate } from '../../lib/format-date.ts'

/*
 * What the order screens say, as plain functions of the order (unit tested in model.test.ts):
 * its number, its state in the customer's words, where it is on its way, each item's production
 * time, and what happens next after submit.
 */

export function statusText(status: OrderStatus): string {
  return statusLabels[status]
}

/** The way an order goes, for the progress list on its page. */
const way = ['submitted', 'paid', 'in_production', 'shipped', 'delivered'] as const
const wayLabels: Record<(typeof way)[number], string> = {
  submitted: 'Submitted',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
}

export type StepState = 'done' | 'current' | 'to-come'

/**
 * The steps of an order's way and where it is: a partly paid order is at "Paid" (current), a
 * made-to-order order goes into production before it is paid in full, so its steps follow its
 * status. A cancelled or refunded order has no way ahead: none (the page says so instead).
 */
export function progressOf(status: OrderStatus): { label: string; state: StepState }[] {
  if (status === 'cancelled' || status === 'refunded' || status === 'open' || status === 'merged')
    return []
  const at = status === 'partly_paid' ? way.indexOf('paid') : way.indexOf(status)
  return way.map((step, index) => ({
    label: step === 'paid' && status === 'partly_paid' ? 'Partly paid' : wayLabels[step],
    state:
      index < at || (index === at && status === 'delivered')
        ? 'done'
        : index === at
          ? 'current'
          : 'to-come',
  }))
}

export interface ProductionTimeLike {
  weeksMin: number
  weeksMax: number
  note: string | null
  readyFrom: string
  readyBy: string
}

/** "Made to order in 6–8 weeks: ready between April 13, 2027 and April 27, 2027." */
export function productionText(time: ProductionTimeLike | null): string {
  if (!time) return 'Ships from stock.'
  const weeks =
    time.weeksMin === time.weeksMax
      ? `${time.weeksMin} ${time.weeksMin === 1 ? 'week' : 'weeks'}`
      : `${time.weeksMin}–${time.weeksMax} weeks`
  const ready =
    time.readyFrom === time.readyBy
      ? `ready around ${formatDate(time.readyFrom)}`
      : `ready between ${formatDate(time.readyFrom)} and ${formatDate(time.readyBy)}`
  return `Made to order in ${weeks}: ${ready}.`
}

export interface ConfirmationFacts {
  status: OrderStatus
  isMto: boolean
  paymentDue: boolean
  balance: number
  paid: number
}

/** What happens next, after submit: a few sentences in order. */
export function nextSteps(order: ConfirmationFacts): string[] {
  const steps: string[] = ['We have sent you an e-mail with this order.']
  if (order.isMto) {
    steps.push(
      'No payment is due today. We start making your order and let you know when the balance is due; you can also pay it from the order page at any time.',
      'Each item shows its production time below: we e-mail you when it moves into production and when it ships.',
    )
  } else if (order.paymentDue && order.paid === 0) {
    steps.push('Your order is waiting for its payment: pay the balance to send it on its way.')
  } else if (order.paymentDue) {
    steps.push('Part of your order is paid: pay the balance to send it on its way.')
  } else {
    steps.push('Your order is paid. We pack it and e-mail you the tracking number when it ships.')
  }
  steps.push('Until it ships, you can change where it goes from the order page.')
  return steps
}

/** The parts of an address as its label shows them, one line each. */
export function addressLines(address: {
  name: string
  line1: string
  line2?: string | null
  city: string
  region?: string | null
  postalCode: string
  country: string
}): string[] {
  return [
    address.name,
    address.line1,
    address.line2 ?? '',
    [address.postalCode, address.city, address.region ?? ''].filter(Boolean).join(' '),
    address.country,
  ].filter(Boolean)
}

/** A 422's messages by field, for the address form: `address.postal_code` → `postalCode`. */
export function addressFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, messages] of Object.entries(errors)) {
    const field = key
      .replace(/^address\./, '')
      .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
    if (messages[0]) out[field] = messages[0]
  }
  return out
}
