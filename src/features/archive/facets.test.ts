import { describe, expect, it } from 'vitest'
import { archiveFacets } from './facets.ts'

const image = (
  category: 'wingsuits' | 'trackingsuits',
  productSlug: string,
  productName: string,
) => ({
  category,
  productSlug,
  productName,
})

describe('archiveFacets', () => {
  it('groups products under their category with counts, in first-seen order', () => {
    expect(
      archiveFacets([
        image('wingsuits', 'corvid-2', 'Corvid 2'),
        image('trackingsuits', 'flux', 'Flux'),
        image('wingsuits', 'a5', 'A5'),
        image('wingsuits', 'corvid-2', 'Corvid 2'),
      ]),
    ).toEqual([
      {
        category: 'wingsuits',
        count: 3,
        products: [
          { slug: 'corvid-2', name: 'Corvid 2', count: 2 },
          { slug: 'a5', name: 'A5', count: 1 },
        ],
      },
      { category: 'trackingsuits', count: 1, products: [{ slug: 'flux', name: 'Flux', count: 1 }] },
    ])
  })

  it('is empty for an empty archive', () => {
    expect(archiveFacets([])).toEqual([])
  })
})
