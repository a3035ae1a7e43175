import {
  checkoutSteps,
  initialCheckoutFlags,
  refreshCheckoutFlags,
  selectCheckoutStep,
  type CheckoutFlags,
  type CheckoutOrderData,
  type CheckoutStep,
} from '../../../contract/checkout-steps.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'

/*
 * The checkout's logic, free of React: which step shows (the step machine is
 * contract/checkout-steps.ts; this only feeds it and lets the customer go back), the address form's
 * fields and the server's messages per field, what the device keeps of what was typed, and what a
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

/** The address form's fields, in the order they stand on screen (wire names, contract/address.ts). */
export const addressFields = [
  'name',
  'line1',
  'line2',
  'city',
  'region',
  'postal_code',
  'country',
  'phone',
] as const
export type AddressField = (typeof addressFields)[number]
export type AddressDraft = Record<AddressField, string>

export const emptyAddress: AddressDraft = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
  phone: '',
}

/** The fields an address must have, with the server's own words (contract/address.ts). */
const requiredAddressMessages: Partial<Record<AddressField, string>> = {
  name: 'Enter the name of the person receiving the parcel.',
  line1: 'Enter the street address.',
  city: 'Enter the city or town.',
  postal_code: 'Enter the postal code.',
  country: 'Choose a country.',
}

export function isRequiredAddressField(field: AddressField): boolean {
  return field in requiredAddressMessages
}

/** What the device checks before it asks the server: the required fields are there. */
export function checkAddressDraft(draft: AddressDraft): FieldMessages<AddressField> {
  const messages: FieldMessages<AddressField> = {}
  for (const field of addressFields) {
    const message = requiredAddressMessages[field]
    if (message && !draft[field].trim()) messages[field] = message
  }
  return messages
}

/** A saved or kept address (camelCase, nulls for absent parts) as the form's text. */
export function addressDraftOf(address: unknown): AddressDraft {
  const record = (address ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    name: text(record.name),
    line1: text(record.line1),
    line2: text(record.line2),
    city: text(record.city),
    region: text(record.region),
    postal_code: text(record.postalCode ?? record.postal_code),
    country: text(record.country),
    phone: text(record.phone),
  }
}

/** The address as the calls take it (snake_case, contract/address.ts AddressInput). */
export function addressInput(draft: AddressDraft): Record<AddressField, string | null> {
  const optional = (value: string) => (value.trim() === '' ? null : value)
  return {
    ...draft,
    line2: optional(draft.line2),
    region: optional(draft.region),
    phone: optional(draft.phone),
  }
}

/** "Dana Flyer, 1200 Skydive Lane, Eloy AZ 85131, US": one line for a summary. */
export function addressLine(address: unknown): string {
  const a = addressDraftOf(address)
  const place = [a.city, a.region, a.postal_code].filter(Boolean).join(' ')
  return [a.name, a.line1, a.line2, place, a.country].filter(Boolean).join(', ')
}

/** Messages per field, by the form's field names. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>

const camelToWire = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * A 422's messages under the form's fields: the server names them `address.postal_code` (the
 * client camelizes answers: `address.postalCode`); `prefix` is dropped. Messages for no field of
 * the form are returned as `other`.
 */
export function fieldMessages<F extends string>(
  errors: Record<string, string[]>,
  fields: readonly F[],
  prefix = '',
): { fields: FieldMessages<F>; other: string[] } {
  const found: FieldMessages<F> = {}
  const other: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0]
    if (!message) continue
    const bare = key.startsWith(prefix) ? key.slice(prefix.length) : key
    const name = camelToWire(bare) as F
    if (fields.includes(name) && !found[name]) found[name] = message
    else other.push(message)
  }
  return { fields: found, other }
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

/** Whether the customer has typed anything into the address form. */
export function addressTyped(draft: AddressDraft): boolean {
  return addressFields.some((field) => draft[field].trim() !== '')
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
