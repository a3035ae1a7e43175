import { placeLine } from '../../../contract/address-lines.ts'
import { lineAvailabilityText } from '../../../contract/availability.ts'
import { OrderStatus } from '../../../contract/order-status.ts'
import { payableStatuses, statusLabels } from '../../../contract/orders.ts'

/*
 * What the order screens say, as plain functions of the order (unit tested in model.test.ts):
 * its number, its state in the customer's words, where it is on its way, each item's production
 * time, what happens next after submit, whether to offer paying, and the order as a payment's
 * answer leaves it.
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

/** The words of the product page (contract/availability.ts), with the order's dates. */
export function productionText(time: ProductionTimeLike | null, inStock: boolean): string {
  return lineAvailabilityText(time, inStock)
}

export interface ConfirmationFacts {
  status: OrderStatus
  isMto: boolean
  paymentDue: boolean
  balance: number
  paid: number
}

/**
 * Whether a screen offers to pay the order: a balance is open and the shop takes it. Never on a
 * zero balance, whatever a copy's `paymentDue` says (a copy kept on the device, a cache read
 * before a payment).
 */
export function offersPayment(order: { paymentDue: boolean; balance: number }): boolean {
  return order.paymentDue && order.balance > 0
}

/** What a settled payment's answer says of its order. */
export interface PaymentResult {
  status: string
  total: number
  paid: number
  balance: number
}

type Payable = { status: OrderStatus; paymentDue: boolean } & Omit<PaymentResult, 'status'>

/**
 * The order as a payment's answer leaves it, for the screens to show at once instead of the copy
 * read before the payment (its history gains the payment when the order is read again).
 * `paymentDue` as the server reckons it: a balance left, in a status that takes payments.
 */
export function afterPayment<T extends Payable>(order: T, result: PaymentResult): T {
  const status = (OrderStatus as readonly string[]).includes(result.status)
    ? (result.status as OrderStatus)
    : order.status
  return {
    ...order,
    status,
    total: result.total,
    paid: result.paid,
    balance: result.balance,
    paymentDue: result.balance > 0 && payableStatuses.includes(status),
  }
}

/** What happens next, after submit: a few sentences in order, true to what is left to pay. */
export function nextSteps(order: ConfirmationFacts): string[] {
  const steps: string[] = ['We have sent you an e-mail with this order.']
  const paidInFull = order.balance === 0
  if (order.isMto) {
    steps.push(
      paidInFull
        ? 'Your order is paid in full: nothing more is due. We start making it now.'
        : order.paid > 0
          ? 'Part of your order is paid. We start making it and let you know when the balance is due; you can also pay it from the order page at any time.'
          : 'No payment is due today. We start making your order and let you know when the balance is due; you can also pay it from the order page at any time.',
      'Each item shows its production time below: we e-mail you when it moves into production and when it ships.',
    )
  } else if (paidInFull || !order.paymentDue) {
    steps.push('Your order is paid. We pack it and e-mail you the tracking number when it ships.')
  } else if (order.paid === 0) {
    steps.push('Your order is waiting for its payment: pay the balance to send it on its way.')
  } else {
    steps.push('Part of your order is paid: pay the balance to send it on its way.')
  }
  steps.push('Until it ships, you can change where it goes from the order page.')
  return steps
}

/**
 * The parts of an address as its label shows them, one line each, the town's line as the
 * country's post writes it; `countryName` names the country (its code by default).
 */
export function addressLines(
  address: {
    name: string
    line1: string
    line2?: string | null
    city: string
    region?: string | null
    postalCode: string
    country: string
  },
  countryName: (code: string) => string = (code) => code,
): string[] {
  return [
    address.name,
    address.line1,
    address.line2 ?? '',
    placeLine(address),
    countryName(address.country),
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
