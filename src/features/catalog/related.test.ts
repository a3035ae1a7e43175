import { describe, expect, it } from 'vitest'
import { relatedProducts } from './related.ts'

const family = ['a4', 'a5', 'corvid-2', 'kestrel', 'swift', 'talus'].map((slug) => ({ slug }))

describe('relatedProducts', () => {
  it('leaves the product itself out and keeps at most four, in order', () => {
    expect(relatedProducts(family, 'a5').map((p) => p.slug)).toEqual([
      'a4',
      'corvid-2',
      'kestrel',
      'swift',
    ])
  })

  it('is empty for a family of one', () => {
    expect(relatedProducts([{ slug: 'a4' }], 'a4')).toEqual([])
  })
})
