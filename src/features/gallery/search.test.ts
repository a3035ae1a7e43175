import { describe, expect, it } from 'vitest'
import { parseGallerySearch } from './search.ts'

describe('parseGallerySearch', () => {
  it('keeps an album slug and an item counted from 1, as number or text', () => {
    expect(parseGallerySearch({ album: 'sea-cliffs', item: 3 })).toEqual({
      album: 'sea-cliffs',
      item: 3,
    })
    expect(parseGallerySearch({ album: 'sea-cliffs', item: '2' })).toEqual({
      album: 'sea-cliffs',
      item: 2,
    })
  })

  it('drops malformed or partial values', () => {
    expect(parseGallerySearch({})).toEqual({})
    expect(parseGallerySearch({ album: 'sea-cliffs' })).toEqual({})
    expect(parseGallerySearch({ album: 'Sea Cliffs', item: 1 })).toEqual({})
    expect(parseGallerySearch({ album: 'sea-cliffs', item: 0 })).toEqual({})
    expect(parseGallerySearch({ album: 'sea-cliffs', item: 1.5 })).toEqual({})
    expect(parseGallerySearch({ album: 'sea-cliffs', item: 'x' })).toEqual({})
  })
})
