import type { OrderStatus } from './order-status.ts'

/*
 * Which moves between OrderStatus values are allowed (issue 16 "Lifecycle": submitted → paid,
 * partly or fully → in production → shipped → delivered, or cancelled or refunded), as pure
 * functions the server's submit, payments and admin commands all ask before moving an order.
 *
 * - A cart (`open`) is submitted, or merged into an account's cart at sign-in (then it is done).
 * - Payments move an order only while it waits for them: submitted → partly_paid → paid. A
 *   made-to-order suit goes into production before it is paid (no payment is due at submit), so
 *   in_production follows submitted too; later payments do not move it back (its paid amount is
 *   the payments').
 * - An in-stock order that is paid ships without production.
 * - Cancelled is an order ended with nothing to give back; refunded one whose money went back.
 *   An order with money paid ends refunded, so partly_paid and paid are not cancelled.
 * - Delivered may still be refunded (a return); cancelled, refunded and merged are final.
 * Nothing moves back to open, and no status moves to itself.
 */
const moves: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  open: ['submitted', 'merged'],
  merged: [],
  submitted: ['partly_paid', 'paid', 'in_production', 'cancelled'],
  partly_paid: ['paid', 'in_production', 'refunded'],
  paid: ['in_production', 'shipped', 'refunded'],
  in_production: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
}

/** The statuses an order in `from` may move to. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return moves[from]
}

/** Whether an order may move from `from` to `to`. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return moves[from].includes(to)
}

/** Whether an order's life has ended: nothing moves it on. */
export function isFinal(status: OrderStatus): boolean {
  return moves[status].length === 0
}

/**
 * What an order's payments make it, by amount (minor units): nothing settled yet, part of its
 * total, or all of it (an order whose total is 0, fully discounted, is paid). Overpayment counts
 * as paid.
 */
export function paidStatus(
  total: number,
  paidAmount: number,
): 'submitted' | 'partly_paid' | 'paid' {
  for (const [name, value] of [
    ['total', total],
    ['paidAmount', paidAmount],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a whole number of minor units, 0 or more`)
  if (paidAmount >= total) return 'paid'
  return paidAmount === 0 ? 'submitted' : 'partly_paid'
}
