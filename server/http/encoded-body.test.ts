import { describe, expect, it } from 'vitest'
import { acceptedCodings, matchesIfNoneMatch } from './encoded-body.ts'

describe('acceptedCodings', () => {
  it('prefers brotli, then gzip, as browsers send them', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip'])
    expect(acceptedCodings('gzip')).toEqual(['gzip'])
    expect(acceptedCodings(undefined)).toEqual([])
    expect(acceptedCodings('identity')).toEqual([])
  })

  it('follows q-values, q=0 and the wildcard', () => {
    expect(acceptedCodings('br;q=0.2, gzip;q=0.8')).toEqual(['gzip', 'br'])
    expect(acceptedCodings('br;q=0, gzip')).toEqual(['gzip'])
    expect(acceptedCodings('*')).toEqual(['br', 'gzip'])
    expect(acceptedCodings('*;q=0.5, gzip;q=0')).toEqual(['br'])
    expect(acceptedCodings('BR ; Q=1 , GZip')).toEqual(['br', 'gzip'])
  })
})

describe('matchesIfNoneMatch', () => {
  it('compares entity tags weakly, in a list or as *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true)
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true)
    expect(matchesIfNoneMatch('"b"', 'W/"b"')).toBe(true)
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true)
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false)
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false)
  })
})
