import { describe, expect, it } from 'vitest'
import { parseByteRange, rangeStillApplies } from './byte-range.ts'

describe('parseByteRange', () => {
  it('reads the three forms of a single range', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    // Safari's first probe of a video.
    expect(parseByteRange('bytes=0-1', 1000)).toEqual({ start: 0, end: 1 })
  })

  it('cuts a range that runs past the end, and a suffix longer than the file', () => {
    expect(parseByteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('finds nothing to send for a range that starts past the end, or the last zero bytes', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=1000-1200', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable')
  })

  it('leaves the whole file for anything else: several ranges, other units, nonsense', () => {
    for (const header of ['bytes=0-1,5-9', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b', '']) {
      expect(parseByteRange(header, 1000), header).toBeUndefined()
    }
  })
})

describe('rangeStillApplies', () => {
  const etag = '"abc"'
  const date = 'Sun, 22 Nov 2026 17:00:00 GMT'

  it('applies without If-Range, or when it names this ETag or date exactly', () => {
    expect(rangeStillApplies(undefined, etag, date)).toBe(true)
    expect(rangeStillApplies('"abc"', etag, date)).toBe(true)
    expect(rangeStillApplies(date, etag, date)).toBe(true)
  })

  it('does not apply to another version, nor to a weak ETag', () => {
    expect(rangeStillApplies('"old"', etag, date)).toBe(false)
    expect(rangeStillApplies('W/"abc"', etag, date)).toBe(false)
    expect(rangeStillApplies('Sat, 21 Nov 2026 17:00:00 GMT', etag, date)).toBe(false)
  })
})
