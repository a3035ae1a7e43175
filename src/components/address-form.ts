import type { HTMLInputAutoCompleteAttribute } from 'react'
import { regionRequiredCountries } from '../../contract/address-regions.ts'
import rates from '../../content/shipping-rates.json'
import type { FieldMessages } from './field-messages.ts'

/*
 * The shipping address form, free of React: its fields in the order they stand, their labels and
 * autocomplete tokens, the countries it offers, and what it checks before asking the server. The
 * checkout's address step and a submitted order's new address both show it (address-fields.tsx),
 * so a customer meets one form in both places. What depends on the country follows the server's
 * own rule (contract/address.ts `checkAddress`), word for word. Unit tested in address-form.test.ts.
 */

/** The form's fields, in the order they stand on screen (wire names, contract/address.ts). */
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
/** The address as typed: every field as text, empty when not given. */
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

export const addressLabels: Record<AddressField, string> = {
  name: 'Full name of the person receiving the parcel',
  line1: 'Street address',
  line2: 'Apartment, suite, building',
  city: 'City or town',
  region: 'State, province or region',
  postal_code: 'Postal code',
  country: 'Country',
  phone: 'Phone, for the carrier',
}

/** The `shipping` section: a browser fills the shipping address, not the billing one. */
export const addressAutoComplete: Record<AddressField, HTMLInputAutoCompleteAttribute> = {
  name: 'shipping name',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  region: 'shipping address-level1',
  postal_code: 'shipping postal-code',
  country: 'shipping country',
  phone: 'shipping tel',
}

let regionNames: Intl.DisplayNames | null | undefined

/** "NO" → "Norway", in the words the server's messages use (server/services/address.ts). */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
    } catch {
      regionNames = null
    }
  }
  try {
    return regionNames?.of(code) ?? code
  } catch {
    return code
  }
}

export interface CountryOption {
  /** ISO 3166-1 alpha-2, as the API takes it. */
  value: string
  /** Its name, as the customer chooses it. */
  label: string
}

/**
 * The countries we ship to: the rate table's (content/shipping-rates.json), by name. Worked out
 * when an address form is first shown, not when its code loads: naming and sorting them is a long
 * task on a phone, and most visits to the checkout never reach its address.
 */
let shipping: CountryOption[] | undefined
function shippingCountries(): CountryOption[] {
  shipping ??= rates.zones
    .flatMap((zone) => zone.countries)
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return shipping
}

/**
 * The countries to choose from: those we ship to, and the address's own where we no longer do
 * (an order's address from before the rates changed), so the form shows what the order holds.
 */
export function countryOptions(current: string): CountryOption[] {
  const code = current.trim().toUpperCase()
  const options = shippingCountries()
  if (!/^[A-Z]{2}$/.test(code) || options.some((option) => option.value === code)) return options
  return [...options, { value: code, label: countryName(code) }].sort((a, b) =>
    a.label.localeCompare(b.label),
  )
}

/** Whether the post in `country` needs a state, province or region (the server's rule). */
export function isRegionRequired(country: string): boolean {
  return regionRequiredCountries.has(country.trim().toUpperCase())
}

/** The fields an address must have, with the server's own words (contract/address.ts). */
const requiredAddressMessages: Partial<Record<AddressField, string>> = {
  name: 'Enter the name of the person receiving the parcel.',
  line1: 'Enter the street address.',
  city: 'Enter the city or town.',
  postal_code: 'Enter the postal code.',
  country: 'Choose a country.',
}

/** Whether the field must be filled for an address in `country` (the region depends on it). */
export function isRequiredAddressField(field: AddressField, country: string): boolean {
  return field === 'region' ? isRegionRequired(country) : field in requiredAddressMessages
}

function listOf(names: string[]): string {
  try {
    return new Intl.ListFormat('en', { type: 'conjunction' }).format(names)
  } catch {
    return names.join(', ')
  }
}

/**
 * What the region field says beside its label: where it is needed while no country is chosen,
 * that this country's post needs it, or nothing (its label says "optional").
 */
export function regionHint(country: string): string | undefined {
  const code = country.trim().toUpperCase()
  if (isRegionRequired(code)) return `The post in ${countryName(code)} needs it.`
  if (code) return undefined
  const names = [...regionRequiredCountries].map(countryName).sort((a, b) => a.localeCompare(b))
  return `Needed for ${listOf(names)}.`
}

/** What the device checks before it asks the server: what the address must have, by its country. */
export function checkAddressDraft(draft: AddressDraft): FieldMessages<AddressField> {
  const messages: FieldMessages<AddressField> = {}
  for (const field of addressFields) {
    const message = requiredAddressMessages[field]
    if (message && !draft[field].trim()) messages[field] = message
  }
  const country = draft.country.trim().toUpperCase()
  if (isRegionRequired(country) && !draft.region.trim())
    messages.region = `Enter the state, province or region: the post in ${countryName(country)} needs it.`
  return messages
}

/** A saved or kept address (camelCase or snake_case, nulls for absent parts) as the form's text. */
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

/** Whether the customer has typed anything into the form. */
export function addressTyped(draft: AddressDraft): boolean {
  return addressFields.some((field) => draft[field].trim() !== '')
}

/** The same address, whatever the spaces around its parts or the case of its codes. */
export function sameAddress(a: AddressDraft, b: AddressDraft): boolean {
  const norm = (field: AddressField, value: string) => {
    const trimmed = value.trim()
    return field === 'country' || field === 'postal_code' ? trimmed.toUpperCase() : trimmed
  }
  return addressFields.every((field) => norm(field, a[field]) === norm(field, b[field]))
}
