import { describe, expect, it } from 'vitest'
import { formatRevisionDate, formatWeeksRange } from './format.ts'

describe('formatWeeksRange', () => {
  it('writes a range with an en dash', () => {
    expect(formatWeeksRange(8, 10)).toBe('8–10 weeks')
  })
  it('writes one figure when both ends agree, singular for one week', () => {
    expect(formatWeeksRange(3, 3)).toBe('3 weeks')
    expect(formatWeeksRange(1, 1)).toBe('1 week')
  })
  it('writes "up to" from zero, and stock for nothing at all', () => {
    expect(formatWeeksRange(0, 2)).toBe('Up to 2 weeks')
    expect(formatWeeksRange(0, 1)).toBe('Up to 1 week')
    expect(formatWeeksRange(0, 0)).toBe('Ships from stock')
  })
})

describe('formatRevisionDate', () => {
  it('formats the day in US English regardless of the local time zone', () => {
    expect(formatRevisionDate('2026-11-16')).toBe('November 16, 2026')
    expect(formatRevisionDate('2026-01-01')).toBe('January 1, 2026')
  })
})
