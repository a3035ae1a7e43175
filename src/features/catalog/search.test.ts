import { describe, expect, it } from 'vitest'
import { validateCatalogSearch } from './search.ts'

describe('validateCatalogSearch', () => {
  it('keeps well-formed values', () => {
    expect(
      validateCatalogSearch({ size: 'M', color: 'n4D', min: 100, max: '2000', inStock: true }),
    ).toEqual({ size: 'M', color: 'n4D', min: 100, max: 2000, inStock: true })
  })

  it('reads a numeric size as the text it is', () => {
    expect(validateCatalogSearch({ size: 170 })).toEqual({ size: '170' })
  })

  it('drops malformed values instead of failing the page', () => {
    expect(
      validateCatalogSearch({
        size: '  ',
        color: 'navy',
        min: -5,
        max: 'lots',
        inStock: 'yes',
        sort: 'price',
      }),
    ).toEqual({})
  })

  it('accepts "true" for in stock, as a hand-typed URL has it', () => {
    expect(validateCatalogSearch({ inStock: 'true' })).toEqual({ inStock: true })
  })
})
