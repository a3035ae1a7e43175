/*
 * The checkout's step machine (docs/checkout.md: its flags, what it reads of the order, its step
 * values, the order in which a step is picked and how the flags follow the order), pure: the
 * checkout screen picks its step with it, and the server's submit checks an order with the same
 * functions, so the two cannot disagree. The API's names are kept, their
 * spelling too (`requierPaymentToday`).
 */

export const checkoutSteps = [
  'stepLogin',
  'stepShippingAddress',
  'stepShippingMethod',
  'stepWaiver',
  'stepSubmitNoPayment',
  'stepSubmitPayment',
] as const
export type CheckoutStep = (typeof checkoutSteps)[number]

/** The checkout's flags (docs/checkout.md). */
export interface CheckoutFlags {
  hasShippingAddress: boolean
  requireShippingMethod: boolean
  hasShippingMethod: boolean
  requireSignedWaiver: boolean
  hasSignedWaiver: boolean
  requierPaymentToday: boolean
}

/**
 * What the checkout reads of the order (docs/checkout.md), camelCase as the
 * app holds it (snake_case on the wire: is_mto, shipping_address, shipping, require_signature,
 * signed). `shipping` is the chosen shipping (its amount, or the option itself); absent, null or
 * 0 means none was chosen.
 */
export interface CheckoutOrderData {
  isMto: boolean
  shippingAddress: unknown
  shipping: unknown
  requireSignature: boolean
  signed: boolean
}

/** Before the order has been read: nothing held, everything an ordinary order needs required. */
export const initialCheckoutFlags: CheckoutFlags = {
  hasShippingAddress: false,
  requireShippingMethod: true,
  hasShippingMethod: false,
  requireSignedWaiver: false,
  hasSignedWaiver: false,
  requierPaymentToday: true,
}

const present = (value: unknown): boolean => value !== undefined && value !== null

/**
 * How the flags follow the order (docs/checkout.md):
 * - isMto true: no shipping method and no payment today are required; otherwise both are.
 * - hasShippingAddress follows whether an address exists.
 * - hasShippingMethod is true when shipping is present and not 0.
 * - requireSignedWaiver follows requireSignature.
 * - hasSignedWaiver is only ever set to true.
 */
export function refreshCheckoutFlags(
  flags: CheckoutFlags,
  order: CheckoutOrderData,
): CheckoutFlags {
  return {
    hasShippingAddress: present(order.shippingAddress),
    requireShippingMethod: !order.isMto,
    hasShippingMethod: present(order.shipping) && order.shipping !== 0,
    requireSignedWaiver: order.requireSignature,
    hasSignedWaiver: flags.hasSignedWaiver || order.signed,
    requierPaymentToday: !order.isMto,
  }
}

/**
 * The order in which a step is picked (docs/checkout.md), for a signed-in customer (a guest session
 * included); before sign-in the step is `stepLogin`, the initial one:
 * 1. No shipping address: stepShippingAddress.
 * 2. Else if a shipping method is required and not chosen: stepShippingMethod.
 * 3. Else if a signed waiver is required and not signed: stepWaiver.
 * 4. Else if payment is due today: stepSubmitPayment; otherwise stepSubmitNoPayment.
 */
export function selectCheckoutStep(flags: CheckoutFlags, signedIn = true): CheckoutStep {
  if (!signedIn) return 'stepLogin'
  if (!flags.hasShippingAddress) return 'stepShippingAddress'
  if (flags.requireShippingMethod && !flags.hasShippingMethod) return 'stepShippingMethod'
  if (flags.requireSignedWaiver && !flags.hasSignedWaiver) return 'stepWaiver'
  return flags.requierPaymentToday ? 'stepSubmitPayment' : 'stepSubmitNoPayment'
}

/** Whether an order with these flags may be submitted: its step is one of the two submits. */
export function readyToSubmit(flags: CheckoutFlags): boolean {
  const step = selectCheckoutStep(flags)
  return step === 'stepSubmitPayment' || step === 'stepSubmitNoPayment'
}
