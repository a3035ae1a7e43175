import { z } from 'zod'
import { OrderStatus } from './order-status.ts'
import { typedText } from './waiver.ts'

/*
 * Submit (`POST /api/order/submit` {notes, optIn}, docs/checkout.md): the cart
 * becomes an order. The request keeps the API's names as they are (`optIn`); the answer is
 * snake_case like every other.
 */

export const maxNotesLength = 2000

export const SubmitRequest = z.object({
  /** For the workshop: a delivery wish, a measurement remark. Optional; several lines allowed. */
  notes: typedText(
    z
      .string({ error: 'Notes are text.' })
      .trim()
      .max(maxNotesLength, `Notes are at most ${maxNotesLength} characters.`),
    { multiline: true },
  ).optional(),
  /** The customer asked for the newsletter (docs/checkout.md: false unless sent). */
  optIn: z.boolean({ error: 'optIn is true or false.' }).optional().default(false),
})
export type SubmitRequest = z.input<typeof SubmitRequest>

/** What submit answers: the order, its fixed total, and whether it is to be paid now. */
export const SubmitAnswer = z.object({
  id: z.string(),
  status: z.enum(OrderStatus),
  currency: z.string(),
  /** Minor units: lines, less discounts, plus shipping, as fixed at submit. */
  total: z.number().int(),
  /**
   * True for an order paid now (through the payment calls, with the order's id); false for a
   * made-to-order one, submitted without payment (docs/checkout.md: stepSubmitNoPayment).
   */
  payment_due_today: z.boolean(),
})
export type SubmitAnswer = z.infer<typeof SubmitAnswer>

/** A second submit (a new key after the first went through) finds no cart. */
export const emptyCartMessage =
  'Your cart is empty, so there is nothing to submit. If you have just submitted it, your order is in your orders.'
export const signInToSubmitMessage =
  'Sign in, or continue as a guest with your e-mail address, to submit your order.'
export const noAddressToSubmitMessage = 'Add a shipping address before you submit.'
export const noShippingToSubmitMessage = 'Choose a shipping method before you submit.'
export const unsignedWaiverMessage = 'Sign the waiver before you submit.'
export const resignWaiverMessage =
  'The waiver has changed since you signed it. Read the new version and sign again before you submit.'
export const shippingGoneMessage =
  'Your shipping method is no longer offered for this address and weight. Choose one again.'
export const shippingRepricedMessage =
  'The price of your shipping method has changed. Choose it again to see the new price.'
/** A code whose start the shop moved past today after it was added to the cart. */
export const codeNotStartedMessage = (code: string) =>
  `“${code}” does not apply yet, so it was taken off your cart. Check your new total and submit again.`
export const codeUsedUpMessage = (code: string) =>
  `“${code}” can no longer be used (its last use has been taken, or it has expired), so it was taken off your cart. Check your new total and submit again.`
