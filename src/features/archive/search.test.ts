import { describe, expect, it } from 'vitest'
import { archivePageSearch, validateArchiveSearch } from './search.ts'

describe('validateArchiveSearch', () => {
  it('keeps a category or product slug and a page', () => {
    expect(validateArchiveSearch({ category: 'corvid-2', page: 3 })).toEqual({
      category: 'corvid-2',
      page: 3,
    })
    expect(validateArchiveSearch({ page: '2' })).toEqual({ page: 2 })
  })

  it('leaves page 1 out, so the first page has one URL', () => {
    expect(validateArchiveSearch({ page: 1 })).toEqual({})
  })

  it('drops what is malformed', () => {
    expect(validateArchiveSearch({ category: 'Corvid 2', page: 2.5 })).toEqual({})
    expect(validateArchiveSearch({ page: -1 })).toEqual({})
    expect(validateArchiveSearch({ page: 10_001 })).toEqual({})
    expect(validateArchiveSearch({ category: 7 })).toEqual({})
  })
})

describe('archivePageSearch', () => {
  it('keeps the filter and names the page, page 1 by the bare URL', () => {
    expect(archivePageSearch({ category: 'flux', page: 2 }, 3)).toEqual({
      category: 'flux',
      page: 3,
    })
    expect(archivePageSearch({ category: 'flux', page: 2 }, 1)).toEqual({
      category: 'flux',
      page: undefined,
    })
  })
})
