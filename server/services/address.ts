import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { AddressRules } from '../../contract/address.ts'
import { shippingCountries, type ShippingRateTable } from '../../contract/shipping.ts'

/*
 * The server's side of address checking (contract/address.ts holds the rules): postal-code
 * formats come from postcode-validator, a list of every country's formats kept up to date by
 * its many users, with no dependencies and no network (it is a table of patterns), and country
 * names from the runtime's own ICU data.
 */

/** Whether postcode-validator knows `country`'s postal-code format. */
export function postalCodeFormatKnown(country: string): boolean {
  return postcodeValidatorExistsForCountry(country)
}

function postalCodeValid(postalCode: string, country: string): boolean {
  try {
    return postcodeValidatorExistsForCountry(country) && postcodeValidator(postalCode, country)
  } catch {
    return false
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

export function countryName(country: string): string {
  try {
    return regionNames.of(country) ?? country
  } catch {
    return country
  }
}

/** The rules for the countries a rate table ships to. */
export function addressRules(table: ShippingRateTable): AddressRules {
  return { countries: new Set(shippingCountries(table)), postalCodeValid, countryName }
}
