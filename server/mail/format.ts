import type { ShippingAddress } from '../../contract/address.ts'

/*
 * How mail writes money, addresses and order references: plain functions the template builders
 * use, so the templates only place text.
 */

/** The locale mail is written in (the shop's mail is English). */
const mailLocale = 'en-US'

const currencyFormats = new Map<string, Intl.NumberFormat>()

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(mailLocale, { style: 'currency', currency })
    currencyFormats.set(currency, format)
  }
  return format
}

/**
 * An amount given in the currency's minor units (cents; yen have none), as a customer reads it:
 * 189000 USD → "$1,890.00", 1890 JPY → "¥1,890". The minor unit's size is the currency's own
 * (ISO 4217, as Intl knows it).
 */
export function formatMoney(minor: number, currency: string): string {
  const format = currencyFormat(currency)
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

const regionNames = new Intl.DisplayNames([mailLocale], { type: 'region' })

/** A country's name from its ISO 3166-1 alpha-2 code ("DE" → "Germany"). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** Countries whose post writes "City, REGION postal-code" on one line. */
const cityRegionPostal = new Set(['US', 'CA', 'AU'])

/** The lines of an address as a parcel's label prints them. */
export function addressLines(address: ShippingAddress): string[] {
  const place = cityRegionPostal.has(address.country)
    ? [`${address.city},`, address.region, address.postal_code]
    : [address.postal_code, address.city, address.region]
  return [
    address.name,
    address.line1,
    address.line2,
    place.filter(Boolean).join(' '),
    countryName(address.country),
  ].filter((line): line is string => Boolean(line))
}
