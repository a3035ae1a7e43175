import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { AddressRules } from '../../contract/address.ts'

/*
 * The server's side of address checking (contract/address.ts holds the rules): postal-code
 * formats come from postcode-validator, a list of every country's formats kept up to date by
 * its many users, with no dependencies and no network (it is a table of patterns), and country
 * names from the runtime's own ICU data.
 */

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

/** The rules for the countries we ship to. */
export function addressRules(countries: ReadonlySet<string>): AddressRules {
  return { countries, postalCodeValid, countryName }
}
