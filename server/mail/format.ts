import { placeLine } from '../../contract/address-lines.ts'
import type { ShippingAddress } from '../../contract/address.ts'

/*
 * How mail writes addresses: plain functions the template builders use, so the templates only
 * place text. Money is written by contract/money.ts formatMoney.
 */

/** The locale mail is written in (the shop's mail is English). */
const mailLocale = 'en-US'

const regionNames = new Intl.DisplayNames([mailLocale], { type: 'region' })

/** A country's name from its ISO 3166-1 alpha-2 code ("DE" → "Germany"). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** The lines of an address as a parcel's label prints them. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2,
    placeLine({ ...address, postalCode: address.postal_code }),
    countryName(address.country),
  ].filter((line): line is string => Boolean(line))
}
