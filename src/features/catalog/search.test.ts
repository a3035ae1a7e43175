import { describe, expect, it } from 'vitest'
import { validateCatalogSearch, validateStoreSearch } from './search.ts'

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

describe('validateStoreSearch', () => {
  it('keeps the filters and the words typed, single-spaced', () => {
    expect(validateStoreSearch({ q: '  mission   bag ', color: 'n4D', inStock: 'true' })).toEqual({
      q: 'mission bag',
      color: 'n4D',
      inStock: true,
    })
  })

  it('reads a query the router parsed as a number or a boolean as the text it was', () => {
    expect(validateStoreSearch({ q: 2 })).toEqual({ q: '2' })
    expect(validateStoreSearch({ q: true })).toEqual({ q: 'true' })
  })

  it('drops an empty or malformed query, and cuts a very long one', () => {
    expect(validateStoreSearch({ q: '   ' })).toEqual({})
    expect(validateStoreSearch({ q: { $ne: '' } })).toEqual({})
    expect(validateStoreSearch({ q: 'x'.repeat(500) }).q).toHaveLength(100)
  })
})
