import { z } from 'zod'

/*
 * Shipping (docs/checkout.md; an option is carrier, service_code, service_name): the option a
 * customer picks, the quote the server gives for it, and the rate table an owner keeps in
 * content/shipping-rates.json. Money is in integer minor units of the table's currency.
 */

const code = (what: string) =>
  z
    .string({ error: `Choose a ${what}.` })
    .min(1, `Choose a ${what}.`)
    .max(64, `A ${what} is at most 64 characters.`)

/** A shipping option as the customer picks it (POST /api/order/save-shipping-option). */
export const ShippingOption = z.object({
  carrier: code('carrier'),
  service_code: code('shipping service'),
  service_name: z
    .string({ error: 'Choose a shipping service.' })
    .min(1, 'Choose a shipping service.')
    .max(200, 'A service name is at most 200 characters.'),
})
export type ShippingOption = z.infer<typeof ShippingOption>

/** An option with its price for one order's address and weight. */
export const ShippingQuote = ShippingOption.extend({
  /** Minor units of the order's currency. */
  amount: z.number().int().nonnegative(),
})
export type ShippingQuote = z.infer<typeof ShippingQuote>

/** The options for an order's address and weight (shipping-options calls). */
export const ShippingOptions = z.object({
  /** The order quoted; null for a device without a cart yet (an empty parcel). */
  order_id: z.string().nullable(),
  /** The parcel's weight in grams: each line's product weight times its quantity. */
  weight_grams: z.number().int().nonnegative(),
  currency: z.string(),
  /** Cheapest first; empty when no service takes a parcel this heavy. */
  options: z.array(ShippingQuote),
})
export type ShippingOptions = z.infer<typeof ShippingOptions>

/** Up to how many grams (inclusive) a price holds; brackets rise through the list. */
const Bracket = z.object({
  up_to_grams: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
})

const Service = z.object({
  carrier: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'lower-case letters, digits, - and _'),
  service_code: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'lower-case letters, digits, - and _'),
  service_name: z.string().min(1).max(200),
  /** A parcel heavier than the last bracket is not offered this service. */
  brackets: z.array(Bracket).min(1),
})

const Zone = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'lower-case letters, digits and -'),
  name: z.string().min(1),
  /** ISO 3166-1 alpha-2 codes; a country is in at most one zone. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code (US, DE)')).min(1),
  services: z.array(Service).min(1),
})

/** content/shipping-rates.json: who we ship to, by zone, and what each service costs by weight. */
export const ShippingRateTable = z.object({
  currency: z.string().length(3),
  zones: z.array(Zone).min(1),
})
export type ShippingRateTable = z.infer<typeof ShippingRateTable>

/** The countries a rate table ships to, in the table's order. */
export function shippingCountries(table: ShippingRateTable): string[] {
  return table.zones.flatMap((zone) => zone.countries)
}

/** A quote and the weights it holds for: a cart that changes within them keeps its price. */
export interface RatedOption extends ShippingQuote {
  /** The parcel weighs more than this (grams)… */
  above_grams: number
  /** …and at most this. */
  up_to_grams: number
}

/**
 * What the table offers a country for a parcel's weight: each service of the country's zone
 * whose brackets reach the weight, at the first bracket that does. No zone, no options.
 */
export function quoteFromTable(
  table: ShippingRateTable,
  country: string,
  weightGrams: number,
): RatedOption[] {
  const zone = table.zones.find((candidate) => candidate.countries.includes(country))
  if (!zone) return []
  return zone.services.flatMap((service) => {
    const index = service.brackets.findIndex((bracket) => weightGrams <= bracket.up_to_grams)
    const bracket = service.brackets[index]
    if (!bracket) return []
    return [
      {
        carrier: service.carrier,
        service_code: service.service_code,
        service_name: service.service_name,
        amount: bracket.amount,
        above_grams: index === 0 ? 0 : service.brackets[index - 1]!.up_to_grams,
        up_to_grams: bracket.up_to_grams,
      },
    ]
  })
}

/** Whether a rated option's price still holds for a parcel of this weight. */
export function holdsFor(option: RatedOption, weightGrams: number): boolean {
  return (
    weightGrams <= option.up_to_grams &&
    (weightGrams > option.above_grams || option.above_grams === 0)
  )
}

/** Whether a picked option is this quote: carrier, code and name all as offered. */
export function sameOption(a: ShippingOption, b: ShippingOption): boolean {
  return (
    a.carrier === b.carrier &&
    a.service_code === b.service_code &&
    a.service_name === b.service_name
  )
}
