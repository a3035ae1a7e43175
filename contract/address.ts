import { z } from 'zod'
import { Address } from './auth.ts'
import { plainText, plainTextMessage } from './plain-text.ts'
import { regionRequiredCountries } from './address-regions.ts'

export { regionRequiredCountries } from './address-regions.ts'

/*
 * A shipping address as the customer types it (validate-address, save-shipping-address,
 * shipping-options-by-address) and as an order keeps it. The schema holds the shape, with a
 * message per field; `checkAddress` then holds what depends on the country: that we ship there
 * (the rate table's countries), that the region is given where the country's post needs it, and
 * that the postal code has the country's format (a checker the caller passes in: the server
 * uses a postal-code library, which contract/, importing only zod, cannot). It also normalises:
 * trimmed fields, empty optional ones as null, the country and the postal code upper-cased, and
 * a few countries' postal codes in the form their post prints.
 */

/**
 * A UTF-16 surrogate without its partner: not a character at all (no one types it, and
 * PostgreSQL refuses it in JSON), refused with plain text's message.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** `plainText`, and whole characters only. */
const wholeText = <T extends z.ZodType<string, string>>(schema: T): T =>
  plainText(schema).refine((value) => !loneSurrogate.test(value), plainTextMessage) as unknown as T

const text = (field: string, max: number) =>
  wholeText(
    z
      .string({ error: `Enter the ${field}.` })
      .trim()
      .min(1, `Enter the ${field}.`)
      .max(max, `The ${field} is at most ${max} characters.`),
  )

const optionalText = (field: string, max: number) =>
  wholeText(
    z
      .string({ error: `The ${field} is text.` })
      .trim()
      .max(max, `The ${field} is at most ${max} characters.`),
  )
    .nullable()
    .optional()

export const AddressInput = z.object({
  /** Who receives the parcel. */
  name: text('name of the person receiving the parcel', 100),
  line1: text('street address', 100),
  /** Apartment, suite, building: optional. */
  line2: optionalText('second address line', 100),
  city: text('city or town', 60),
  /** State, province or prefecture: required where the country's post needs it. */
  region: optionalText('state, province or region', 60),
  postal_code: text('postal code', 16),
  /** ISO 3166-1 alpha-2 (upper or lower case). */
  country: z
    .string({ error: 'Choose a country.' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country (its two-letter ISO code, such as US or DE).'),
  /** For the carrier, should it need to call; optional. */
  phone: z
    .string({ error: 'The phone number is text.' })
    .trim()
    .max(25, 'The phone number is at most 25 characters.')
    .regex(
      /^$|^\+?[0-9][0-9 ().-]{3,23}$/,
      'Enter a phone number with digits, spaces, ( ) - . and a leading + only.',
    )
    .nullable()
    .optional(),
})
export type AddressInput = z.infer<typeof AddressInput>

/**
 * An address as an order keeps it and the API answers it: normalised, absent parts null; a saved
 * address's fields without its id and default mark.
 */
export const ShippingAddress = Address.omit({ id: true, is_default: true })
export type ShippingAddress = z.infer<typeof ShippingAddress>

/** Countries whose regions are usually written as a short upper-case code (CA, NSW, ON). */
const regionCodeCountries: ReadonlySet<string> = new Set(['AU', 'CA', 'US'])

export interface AddressRules {
  /** The countries we ship to (the rate table's). */
  countries: ReadonlySet<string>
  /** Whether `postalCode` has `country`'s format. */
  postalCodeValid: (postalCode: string, country: string) => boolean
  /** The country's name, for messages (Intl.DisplayNames does it); the code if not given. */
  countryName?: (country: string) => string
}

/** A postal code in the form the country's post prints it, once its format is known good. */
function printedPostalCode(country: string, code: string): string {
  const compact = code.replace(/\s+/g, '')
  if (country === 'GB' && /^[A-Z0-9]{5,7}$/.test(compact))
    return `${compact.slice(0, -3)} ${compact.slice(-3)}`
  if (country === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact))
    return `${compact.slice(0, 3)} ${compact.slice(3)}`
  if (country === 'NL' && /^\d{4}[A-Z]{2}$/.test(compact))
    return `${compact.slice(0, 4)} ${compact.slice(4)}`
  if (country === 'IE' && /^[A-Z0-9]{7}$/.test(compact))
    return `${compact.slice(0, 3)} ${compact.slice(3)}`
  return code.replace(/\s+/g, ' ')
}

export type AddressCheck =
  { ok: true; address: ShippingAddress } | { ok: false; errors: Record<string, string[]> }

/**
 * The country rules and the normalisation, after the schema has passed. `prefix` is put before
 * each field's name in the errors (`address.` when the address is a field of the body).
 */
export function checkAddress(input: AddressInput, rules: AddressRules, prefix = ''): AddressCheck {
  const blankToNull = (value: string | null | undefined) =>
    value === undefined || value === null || value.trim() === '' ? null : value.trim()
  const country = input.country.trim().toUpperCase()
  const postalCode = input.postal_code.trim().toUpperCase().replace(/\s+/g, ' ')
  let region = blankToNull(input.region)
  if (region !== null && regionCodeCountries.has(country) && /^[A-Za-z]{2,3}$/.test(region))
    region = region.toUpperCase()
  const errors: Record<string, string[]> = {}
  const name = rules.countryName?.(country) ?? country
  if (!rules.countries.has(country)) {
    errors[`${prefix}country`] = [`We do not ship to ${name} (${country}).`]
  } else {
    if (region === null && regionRequiredCountries.has(country))
      errors[`${prefix}region`] = [
        `Enter the state, province or region: the post in ${name} needs it.`,
      ]
    if (!rules.postalCodeValid(postalCode, country))
      errors[`${prefix}postal_code`] = [`“${postalCode}” is not a postal code in ${name}.`]
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    address: {
      name: input.name.trim(),
      line1: input.line1.trim(),
      line2: blankToNull(input.line2),
      city: input.city.trim(),
      region,
      postal_code: printedPostalCode(country, postalCode),
      country,
      phone: blankToNull(input.phone),
    },
  }
}
