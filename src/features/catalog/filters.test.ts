import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  catalogFacets,
  filterProducts,
  hasFilters,
  isInStock,
  type FilterableProduct,
} from './filters.ts'

function product(
  slug: string,
  fields: Partial<FilterableProduct> & { stock?: boolean } = {},
): FilterableProduct & { slug: string } {
  const { stock = false, ...rest } = fields
  return {
    slug,
    sizes: [],
    colors: [],
    price: 10_000,
    variants: [{ sku: slug, name: slug, price: 10_000, inStock: stock }],
    ...rest,
  }
}

const corvid = product('corvid-2', {
  sizes: ['S', 'M', 'L'],
  colors: ['n4D', 'k1A'],
  price: 189_000,
  stock: true,
})
const flux = product('flux', { sizes: ['M', 'L'], colors: ['k1A', 'r7C'], price: 79_000 })
const cap = product('trucker-cap', { colors: ['n4D'], price: 2_500, stock: true })
const all = [corvid, flux, cap]

describe('activeFilterCount', () => {
  it('counts each filter in use once, a price range as one', () => {
    expect(activeFilterCount({})).toBe(0)
    expect(activeFilterCount({ size: undefined, inStock: undefined })).toBe(0)
    expect(activeFilterCount({ size: 'M' })).toBe(1)
    expect(activeFilterCount({ min: 0 })).toBe(1)
    expect(activeFilterCount({ min: 500, max: 2000 })).toBe(1)
    expect(activeFilterCount({ size: 'M', color: 'n4D', max: 2000, inStock: true })).toBe(4)
  })
})

describe('hasFilters', () => {
  it('is false for no values and for values cleared to undefined', () => {
    expect(hasFilters({})).toBe(false)
    expect(hasFilters({ size: undefined })).toBe(false)
    expect(hasFilters({ min: 0 })).toBe(true)
  })
})

describe('isInStock', () => {
  it('is true when any variant is', () => {
    expect(isInStock(corvid)).toBe(true)
    expect(isInStock(flux)).toBe(false)
  })
})

describe('filterProducts', () => {
  it('shows everything without filters', () => {
    expect(filterProducts(all, {})).toEqual(all)
  })

  it('filters by size, colour and stock', () => {
    expect(filterProducts(all, { size: 'L' })).toEqual([corvid, flux])
    expect(filterProducts(all, { color: 'n4D' })).toEqual([corvid, cap])
    expect(filterProducts(all, { inStock: true })).toEqual([corvid, cap])
    expect(filterProducts(all, { size: 'M', color: 'r7C' })).toEqual([flux])
  })

  it('compares whole-unit prices with minor-unit prices, both ends included', () => {
    expect(filterProducts(all, { min: 790 })).toEqual([corvid, flux])
    expect(filterProducts(all, { max: 790 })).toEqual([flux, cap])
    expect(filterProducts(all, { min: 25, max: 25 })).toEqual([cap])
  })

  it('shows nothing for a range that is upside down', () => {
    expect(filterProducts(all, { min: 2000, max: 100 })).toEqual([])
  })
})

describe('catalogFacets', () => {
  it('counts every value in the order products list them', () => {
    expect(catalogFacets(all, {})).toEqual({
      sizes: [
        { value: 'S', count: 1 },
        { value: 'M', count: 2 },
        { value: 'L', count: 2 },
      ],
      colors: [
        { value: 'n4D', count: 2 },
        { value: 'k1A', count: 2 },
        { value: 'r7C', count: 1 },
      ],
      inStock: 2,
    })
  })

  it('counts each filter against the others, not against itself', () => {
    const facets = catalogFacets(all, { size: 'S', inStock: true })
    // Switching to size M would show corvid only (flux is not in stock).
    expect(facets.sizes).toContainEqual({ value: 'M', count: 1 })
    expect(facets.sizes).toContainEqual({ value: 'S', count: 1 })
    expect(facets.colors).toEqual([
      { value: 'n4D', count: 1 },
      { value: 'k1A', count: 1 },
      { value: 'r7C', count: 0 },
    ])
    expect(facets.inStock).toBe(1)
  })

  it('keeps a chosen value that no product has, so it can be seen and undone', () => {
    expect(catalogFacets(all, { size: 'XXL' }).sizes).toContainEqual({ value: 'XXL', count: 0 })
  })
})
