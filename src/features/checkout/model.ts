import {
  checkoutSteps,
  initialCheckoutFlags,
  refreshCheckoutFlags,
  selectCheckoutStep,
  type CheckoutFlags,
  type CheckoutOrderData,
  type CheckoutStep,
} from '../../../contract/checkout-steps.ts'
import {
  addressDraftOf,
  addressFields,
  addressInput,
  addressLine,
  addressTyped,
  checkAddressDraft,
  emptyAddress,
  type AddressDraft,
  type AddressField,
} from '../../components/address-form.ts'
import { fieldMessages, type FieldMessages } from '../../components/field-messages.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'

/*
 * The checkout's logic, free of React: which step shows (the step machine is
 * contract/checkout-steps.ts; this only feeds it and lets the customer go back), which saved
 * address the address form starts from, what the device keeps of what was typed, and what a
 * failed call means to the customer. Unit tested in model.test.ts.
 */

/** The cart as the checkout reads it (camelCase; contract/cart.ts on the wire). */
export interface CheckoutCart {
  id: string | null
  currency: string
  itemCount: number
  /** Without shipping (contract/cart.ts). */
  total: number
  discountTotal?: number | undefined
  items: {
    id?: string
    name: string
    qty: number
    linePrice?: number | undefined
    variantName?: string | null | undefined
  }[]
  /** A submit waits in the outbox (store-db rebase). */
  submitting?: boolean | undefined
  isMto?: boolean | undefined
  shippingAddress?: unknown
  shipping?: unknown
  requireSignature?: boolean | undefined
  signed?: boolean | undefined
}

/**
 * What the checkout reads of the order (docs/checkout.md), from the cart answer (absent fields as
 * "none").
 */
export function orderDataOf(cart: CheckoutCart): CheckoutOrderData {
  return {
    isMto: cart.isMto ?? false,
    shippingAddress: cart.shippingAddress ?? null,
    shipping: cart.shipping ?? null,
    requireSignature: cart.requireSignature ?? false,
    signed: cart.signed ?? false,
  }
}

/**
 * The flags for this cart. `signedHere`: the customer signed the waiver on this page
 * (docs/checkout.md: hasSignedWaiver is only ever set to true, whatever a later read of the order
 * says).
 */
export function checkoutFlags(cart: CheckoutCart, signedHere: boolean): CheckoutFlags {
  return refreshCheckoutFlags(
    { ...initialCheckoutFlags, hasSignedWaiver: signedHere },
    orderDataOf(cart),
  )
}

/** The steps this order goes through, in order: the progress list the customer sees. */
export function stepsFor(flags: CheckoutFlags): CheckoutStep[] {
  const submit = flags.requierPaymentToday ? 'stepSubmitPayment' : 'stepSubmitNoPayment'
  return checkoutSteps.filter(
    (step) =>
      step === 'stepLogin' ||
      step === 'stepShippingAddress' ||
      (step === 'stepShippingMethod' && flags.requireShippingMethod) ||
      (step === 'stepWaiver' && flags.requireSignedWaiver) ||
      step === submit,
  )
}

/**
 * The step on screen: the machine's (docs/checkout.md), unless the customer went back to change an
 * earlier one. Only an earlier step of this order can be gone back to; signing in again is
 * signing out, which the account offers.
 */
export function shownStep(
  flags: CheckoutFlags,
  signedIn: boolean,
  editing: CheckoutStep | null,
): CheckoutStep {
  const machine = selectCheckoutStep(flags, signedIn)
  if (!editing || editing === 'stepLogin' || !signedIn) return machine
  const steps = stepsFor(flags)
  const at = steps.indexOf(machine)
  const wanted = steps.indexOf(editing)
  return wanted !== -1 && wanted < at ? editing : machine
}

export const stepNames: Record<CheckoutStep, string> = {
  stepLogin: 'Sign in',
  stepShippingAddress: 'Address',
  stepShippingMethod: 'Shipping',
  stepWaiver: 'Waiver',
  stepSubmitNoPayment: 'Submit',
  stepSubmitPayment: 'Submit and pay',
}

/*
 * The address form is the one a submitted order's new address shows too
 * (components/address-form.ts): its fields and rules live there. The names the checkout's
 * screens read are passed on from here.
 */
export {
  addressDraftOf,
  addressFields,
  addressInput,
  addressLine,
  addressTyped,
  checkAddressDraft,
  emptyAddress,
  fieldMessages,
  type AddressDraft,
  type AddressField,
  type FieldMessages,
}

/**
 * The saved address the form starts from when nothing is typed yet: the account's default, or
 * its only one. The customer is not asked again for what the shop already has (WCAG 3.3.7).
 */
export function preferredSavedAddress<A extends { isDefault: boolean }>(
  saved: readonly A[] | undefined,
): A | undefined {
  if (!saved) return undefined
  return saved.find((address) => address.isDefault) ?? (saved.length === 1 ? saved[0] : undefined)
}

export const checkoutMessages = {
  offline:
    'This device is offline. What you typed is kept here; continue when you have a network connection.',
  sessionEnded: 'Your session has ended. Sign in again to go on.',
  gone: 'Your cart changed meanwhile (on another device?). It has been read again.',
  failed: 'The shop could not take this just now. Try again in a moment.',
} as const

/** What a failed checkout call means to the customer, and the messages per field. */
export function problemOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  prefix = '',
): { fields: FieldMessages<F>; form?: string } {
  if (error instanceof ValidationError) {
    const { fields: found, other } = fieldMessages(error.errors, fields, prefix)
    const form = other[0] ?? (Object.keys(found).length === 0 ? error.message : undefined)
    return form ? { fields: found, form } : { fields: found }
  }
  if (error instanceof NetworkError) return { fields: {}, form: checkoutMessages.offline }
  if (error instanceof ApiError) {
    if (error.status === 401) return { fields: {}, form: checkoutMessages.sessionEnded }
    if (error.status === 404 || error.status === 409)
      return { fields: {}, form: checkoutMessages.gone }
    if (error.status < 500 && error.message) return { fields: {}, form: error.message }
  }
  return { fields: {}, form: checkoutMessages.failed }
}

/**
 * What the checkout keeps of what was typed (store-db meta `checkoutDraft`), so that nothing is
 * lost offline or on a reload: the address, whether to save it to the account, the notes, the
 * newsletter opt-in (false unless ticked, docs/checkout.md) and the waiver's typed name.
 */
export interface CheckoutDraft {
  address: AddressDraft
  saveToAccount: boolean
  notes: string
  optIn: boolean
  waiverName: string
}

export const emptyCheckoutDraft: CheckoutDraft = {
  address: emptyAddress,
  saveToAccount: false,
  notes: '',
  optIn: false,
  waiverName: '',
}

/** A kept draft, defensively: whatever is missing or of the wrong kind is as new. */
export function reviveCheckoutDraft(data: unknown): CheckoutDraft {
  const record = (data ?? {}) as Record<string, unknown>
  const address = (record.address ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    address: Object.fromEntries(
      addressFields.map((field) => [field, text(address[field])]),
    ) as AddressDraft,
    saveToAccount: record.saveToAccount === true,
    notes: text(record.notes),
    optIn: record.optIn === true,
    waiverName: text(record.waiverName),
  }
}

/** The waiver's form, checked before it is sent (the server checks the same). */
export function checkWaiver(agreed: boolean, name: string): FieldMessages<'checkbox' | 'name'> {
  const messages: FieldMessages<'checkbox' | 'name'> = {}
  if (!agreed) messages.checkbox = 'Tick the box to say you have read and accept the waiver.'
  if (!name.trim()) messages.name = 'Type your full name to sign.'
  else if (name.trim().length > 100) messages.name = 'The name is at most 100 characters.'
  return messages
}

/** The most a note may hold (the server refuses more). */
export const maxNotesLength = 2000

export function checkNotes(notes: string): string | undefined {
  return notes.length > maxNotesLength
    ? `The notes are at most ${maxNotesLength} characters.`
    : undefined
}
