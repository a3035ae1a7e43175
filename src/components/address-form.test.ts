import { describe, expect, it } from 'vitest'
import {
  addressDraftOf,
  countryOptions,
  emptyAddress,
  isRequiredAddressField,
  regionHint,
  sameAddress,
} from './address-form.ts'

describe('the address form', () => {
  it('offers the countries we ship to by name, with the ISO code the API takes', () => {
    const options = countryOptions('')
    expect(options).toContainEqual({ value: 'NO', label: 'Norway' })
    expect(options).toContainEqual({ value: 'US', label: 'United States' })
    const labels = options.map((option) => option.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)))
    expect(options.some((option) => option.value === 'IS')).toBe(false)
  })

  it('keeps an order’s country we no longer ship to, so the form shows what the order holds', () => {
    expect(countryOptions('is')).toContainEqual({ value: 'IS', label: 'Iceland' })
    expect(countryOptions('us')).toBe(countryOptions(''))
    // Not a code (typed by hand somewhere): not offered as a country.
    expect(countryOptions('Norway')).toBe(countryOptions(''))
  })

  it('says where the region is needed until the country is chosen, then by the country', () => {
    expect(regionHint('')).toMatch(
      /^Needed for Australia, Brazil, Canada, Japan, Mexico,? and United States\.$/,
    )
    expect(regionHint('ca')).toBe('The post in Canada needs it.')
    expect(regionHint('DE')).toBeUndefined()
    expect(isRequiredAddressField('region', 'ca')).toBe(true)
    expect(isRequiredAddressField('region', '')).toBe(false)
    expect(isRequiredAddressField('line2', 'US')).toBe(false)
    expect(isRequiredAddressField('country', '')).toBe(true)
  })

  it('knows a saved address in the form, whatever the spaces or the case of its codes', () => {
    const saved = addressDraftOf({
      name: 'Dana Flyer',
      line1: '1 Lane',
      postalCode: 'k1a 0b1',
      country: 'CA',
    })
    expect(
      sameAddress(saved, { ...saved, name: ' Dana Flyer ', postal_code: 'K1A 0B1', country: 'ca' }),
    ).toBe(true)
    expect(sameAddress(saved, { ...saved, line2: 'Hangar 3' })).toBe(false)
    expect(sameAddress(emptyAddress, emptyAddress)).toBe(true)
  })
})
