import { describe, expect, it } from 'vitest'
import { parseDealerSearch } from './search.ts'

describe('parseDealerSearch', () => {
  it('keeps a query and a country code', () => {
    expect(parseDealerSearch({ q: 'oslo', country: 'NO' })).toEqual({ q: 'oslo', country: 'NO' })
  })

  it('reads a numeric query as text and drops empty or malformed values', () => {
    expect(parseDealerSearch({ q: 5700 })).toEqual({ q: '5700' })
    expect(parseDealerSearch({ q: '', country: 'Norway' })).toEqual({})
    expect(parseDealerSearch({ q: ['a'], country: 'no' })).toEqual({})
  })
})
