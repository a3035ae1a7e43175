// The checkout part of `npm run chaos` (issue 16): what a run that submits its cart and pays must
// find, whatever the network did to the calls (answers lost and the call sent again with its
// key, a double click, a replay after the answer came). Pure: the run feeds it what it sent and
// what came back, and, once its API processes are stopped, what the database holds.
//
// The rules (README "Waiver and submit", "Payments", "Mail"):
// - One order per submit: every 200 to one submit key is the same answer, byte for byte; a
//   submit with a new key once the order went through finds no cart (422), never a second order.
// - Nothing lost: the order holds exactly the cart's lines as they stood at the submit, and the
//   cart is empty after it.
// - One settled charge per payment: every 200 to one payment key is the same answer; the order
//   is paid, nothing left to pay; the gateway holds one settled charge for it, under that key and
//   for that amount, and the order one settled payment.
// - Their mail: the confirmation and the receipt are in the outbox, once each.
import { compare, describe, type Line } from './model.ts'

/** One payment of a run's order, as the run sent it and read it back. */
export interface PaymentSeen {
  key: string
  /** Every 200's body for this key (first, replays, retries after a lost answer). */
  answers: string[]
  /** Paid by the payment link (its code in the path) rather than as the order's owner. */
  byLink: boolean
}

/** One run's checkout, as the run sent it and read it back. */
export interface CheckoutSeen {
  seed: number
  /** The cart's lines when it was submitted. */
  cart: Line[]
  /** Every 200's body for the submit key. */
  submitAnswers: string[]
  /** The status of a submit with a new key after the order went through (undefined: not sent). */
  submitAgain?: number | undefined
  /** The submitted order's lines, read back. */
  order: Line[]
  /** The cart's lines after the submit. */
  cartAfter: Line[]
  payment?: PaymentSeen | undefined
}

interface SubmitAnswer {
  id: string
  total: number
  payment_due_today: boolean
}

interface PaymentAnswer {
  order_id: string
  status: string
  total: number
  paid: number
  balance: number
  payment: { id: string; status: string; amount: number }
}

/** The order a run made, from its submit's first answer. */
export function orderOf(seen: CheckoutSeen): SubmitAnswer {
  return JSON.parse(seen.submitAnswers[0]!) as SubmitAnswer
}

/** The payment a run made, from its first answer. */
export function paymentOf(seen: CheckoutSeen): PaymentAnswer | undefined {
  const first = seen.payment?.answers[0]
  return first === undefined ? undefined : (JSON.parse(first) as PaymentAnswer)
}

/** What the run's own calls show to be wrong (empty: one order, nothing lost, one payment). */
export function checkoutProblems(seen: CheckoutSeen): string[] {
  const problems: string[] = []
  if (seen.submitAnswers.length === 0) return ['the submit never answered 200']
  if (new Set(seen.submitAnswers).size > 1)
    problems.push(`one submit key answered ${new Set(seen.submitAnswers).size} different orders`)
  if (seen.submitAgain !== undefined && seen.submitAgain !== 422)
    problems.push(`a second submit with a new key answered ${seen.submitAgain}, not 422`)
  const lines = compare({ order: seen.cart }, { order: seen.order })
  for (const d of lines.differences)
    problems.push(`order ${d.identity}: the cart had ${d.expected}, the order has ${d.found}`)
  if (seen.cartAfter.length > 0)
    problems.push(`the cart still holds ${describe(seen.cartAfter).join(', ')} after the submit`)
  if (seen.payment) {
    const answers = seen.payment.answers
    if (answers.length === 0) problems.push('the payment never answered 200')
    else {
      if (new Set(answers).size > 1)
        problems.push(`one payment key answered ${new Set(answers).size} different ways`)
      const paid = paymentOf(seen)!
      const order = orderOf(seen)
      if (paid.order_id !== order.id) problems.push(`the payment went to order ${paid.order_id}`)
      if (paid.payment.status !== 'settled' || paid.status !== 'paid' || paid.balance !== 0)
        problems.push(
          `after the payment: ${paid.payment.status}, order ${paid.status}, balance ${paid.balance}`,
        )
      if (paid.paid !== order.total || paid.payment.amount !== order.total)
        problems.push(`paid ${paid.paid} (this payment ${paid.payment.amount}) of ${order.total}`)
    }
  }
  return problems
}

/** What the database holds for the runs' orders, read once their API processes stopped. */
export interface Ledger {
  charges: { orderId: string; attemptKey: string; status: string; amount: number }[]
  payments: { orderId: string; attemptKey: string; status: string; id: string }[]
  /** The outbox's dedupe keys (`order-submitted:{orderId}`, `payment-received:{paymentId}`). */
  mail: string[]
}

/** What the database shows to be wrong for one run's checkout (empty: all there, once). */
export function ledgerProblems(seen: CheckoutSeen, ledger: Ledger): string[] {
  const problems: string[] = []
  const order = orderOf(seen)
  const count = (keys: string[], key: string) => keys.filter((k) => k === key).length
  const confirmations = count(ledger.mail, `order-submitted:${order.id}`)
  if (confirmations !== 1) problems.push(`${confirmations} confirmation mails queued`)
  const charges = ledger.charges.filter((charge) => charge.orderId === order.id)
  const payments = ledger.payments.filter((payment) => payment.orderId === order.id)
  const paid = paymentOf(seen)
  if (!seen.payment || !paid) {
    if (charges.length > 0 || payments.length > 0)
      problems.push(`${charges.length} charges and ${payments.length} payments for an unpaid order`)
    return problems
  }
  const key = seen.payment.key
  const settled = charges.filter((charge) => charge.status === 'settled')
  if (
    settled.length !== 1 ||
    charges.length !== 1 ||
    settled[0]!.attemptKey !== key ||
    settled[0]!.amount !== order.total
  )
    problems.push(
      `the gateway holds ${charges.length} charges (${settled.length} settled) for one payment`,
    )
  const rows = payments.filter((payment) => payment.status === 'settled')
  if (payments.length !== 1 || rows.length !== 1 || rows[0]!.id !== paid.payment.id)
    problems.push(`the order has ${payments.length} payments (${rows.length} settled), not 1`)
  const receipts = count(ledger.mail, `payment-received:${paid.payment.id}`)
  if (receipts !== 1) problems.push(`${receipts} receipts queued`)
  return problems
}
