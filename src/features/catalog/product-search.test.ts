import { describe, expect, it } from 'vitest'
import { contentCatalog } from '../../test/products.ts'
import { createProductIndex, searchProducts } from './product-search.ts'

const { products, palette } = contentCatalog()
const index = createProductIndex(products, palette)
const names = (query: string) => searchProducts(index, query).map((product) => product.name)

describe('product search', () => {
  it('finds a product by its name, best match first', () => {
    expect(names('corvid')).toEqual(expect.arrayContaining(['Corvid 2', 'Corvid']))
    expect(names('mission bag')[0]).toBe('Mission bag')
  })

  it('forgives a typo and answers as the shopper types', () => {
    expect(names('mision bag')[0]).toBe('Mission bag')
    expect(names('corvd')).toContain('Corvid 2')
    expect(names('beani')).toEqual(['Ridge beanie'])
  })

  it('finds a product by its SKU or a variant’s SKU', () => {
    expect(names('CORVID2')).toContain('Corvid 2')
    expect(names('MISSION-BAG-NAVY')[0]).toBe('Mission bag')
  })

  it('finds products by a variant’s name and by a colour’s name', () => {
    const navy = palette.find((swatch) => swatch.id === 'n4D')!.name
    expect(names(`bag ${navy}`)).toContain('Mission bag')
    expect(names('size M').length).toBeGreaterThan(0)
  })

  it('finds a family’s products by the family’s name', () => {
    const tracking = names('tracking suits')
    expect(tracking).toEqual(expect.arrayContaining(['Drift', 'Flux', 'Vector']))
  })

  it('answers nothing for words no product has', () => {
    expect(names('zzzzqqq')).toEqual([])
  })
})
