import {
  addressDraftOf,
  addressFields,
  addressLine,
  sameAddress,
  type AddressDraft,
  type AddressField,
} from '../../components/address-form.ts'
import { fieldMessages, type FieldMessages } from '../../components/field-messages.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import type { Address } from './api.ts'
import { failureMessage } from './model.ts'

/*
 * The saved addresses' logic, free of React (docs/accounts-and-guests.md, "Saved addresses"):
 * what the customer is told after each change, and what a refusal means for the address form.
 * Apart from model.ts: it needs the address form's fields (and through them the countries we
 * ship to), which the sign-in screens have no use for. Unit tested in address-book.test.ts.
 */

export const addressBookMessages = {
  /** Offline, shown before anything is tried: the list is the device's copy. */
  offline:
    'Needs the network: you are offline, so your addresses cannot be changed now. They are shown as this device last saw them.',
  /** A change tried with no network: nothing reached the shop. */
  notSent:
    'Needs the network: this device is offline, so nothing was saved. Try again when it has a connection.',
  /** The form open offline, before anything is tried. */
  formOffline:
    'Needs the network: you are offline. What you type stays here; save it when you are back online.',
  /** The form tried with no network: what was typed stays. */
  formNotSent:
    'Needs the network: this device is offline, so the address was not saved. What you typed stays here; save it when you are back online.',
  checkTheFields: 'Check the fields marked below.',
  failed: 'The shop could not answer just now. Nothing was changed: try again in a moment.',
} as const

/** A refusal of the address form: messages under its fields, and one for the form's top. */
export interface AddressRefusal {
  fields: FieldMessages<AddressField>
  form: string
}

/**
 * What a refused save means for the form: the server's messages under the fields they name
 * (`address.postal_code`), a message for no field (the account keeps enough addresses, the same
 * address saved already) at the top; offline, a lost session or a fault as one sentence.
 */
export function addressRefusal(error: unknown): AddressRefusal {
  if (error instanceof ValidationError) {
    const { fields, other } = fieldMessages(error.errors, addressFields, 'address.')
    const marked = Object.keys(fields).length > 0
    return {
      fields,
      form: other[0] ?? (marked ? addressBookMessages.checkTheFields : error.message),
    }
  }
  return { fields: {}, form: changeFailure(error, addressBookMessages.formNotSent) }
}

/** What a failed delete or make-default says (it has no fields). */
export function changeFailure(error: unknown, offline: string = addressBookMessages.notSent) {
  if (error instanceof NetworkError) return offline
  // 404: the address was deleted meanwhile (another tab, another device); the server says so.
  if (error instanceof ApiError && error.status === 404) return error.message
  if (error instanceof ApiError && error.status >= 500) return addressBookMessages.failed
  return failureMessage(error)
}

/** What the device checks before asking (the form's own check is address-form.ts's). */
export function refusedFields(found: FieldMessages<AddressField>): AddressRefusal {
  return { fields: found, form: addressBookMessages.checkTheFields }
}

/** A result to say, about one address of the list (its id) or about the list. */
export interface AddressResult {
  text: string
  about?: string | undefined
}

/**
 * After an add: said beside the address, where it now stands in the list, and whether it is the
 * default. The shop keeps each address once: one it had already is said to be so.
 */
export function addedResult(
  before: Address[],
  after: Address[],
  draft: AddressDraft,
): AddressResult {
  const added = after.find((address) => !before.some((known) => known.id === address.id))
  const saved = added ?? after.find((address) => sameAddress(addressDraftOf(address), draft))
  if (!saved) return { text: 'Your addresses are saved as shown.' }
  const text = added ? 'Saved to your addresses.' : 'You had this address saved already.'
  return { about: saved.id, text: saved.isDefault ? `${text} It is your default address.` : text }
}

/** After an edit: said beside the address. */
export function editedResult(after: Address[], id: string): AddressResult {
  const saved = after.find((address) => address.id === id)
  if (!saved) return { text: 'Your addresses are saved as shown.' }
  return { about: id, text: saved.isDefault ? 'Saved. It is your default address.' : 'Saved.' }
}

/** After a delete: said above the list, with the default that took its place, if it did. */
export function deletedResult(deleted: Address, after: Address[]): AddressResult {
  const gone = `Deleted ${addressLine(deleted)}.`
  const next = after.find((address) => address.isDefault)
  if (deleted.isDefault && next)
    return { text: `${gone} Your default address is now ${addressLine(next)}.` }
  if (after.length === 0) return { text: `${gone} You have no saved addresses now.` }
  return { text: gone }
}

/** After making one the default: said beside it (now first in the list). */
export function madeDefaultResult(after: Address[], id: string): AddressResult {
  const chosen = after.find((address) => address.id === id)
  if (!chosen) return { text: 'Your addresses are saved as shown.' }
  return { about: id, text: 'This is your default address now. The checkout fills it in.' }
}
