import { describe, expect, it } from 'vitest'
import { formatDate } from './format-date.ts'

describe('formatDate', () => {
  it('writes the calendar date in words', () => {
    expect(formatDate('2024-03-05')).toBe('March 5, 2024')
  })

  it('writes every day of a leap year as Intl does in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2024, 0, 1 + day))
      expect(formatDate(date.toISOString().slice(0, 10))).toBe(intl.format(date))
    }
  })

  it('refuses what is not a calendar date', () => {
    expect(() => formatDate('2024-13-01')).toThrow(RangeError)
    expect(() => formatDate('yesterday')).toThrow(RangeError)
  })

  it('keeps the day as written at the edges of the year', () => {
    expect(formatDate('2025-01-01')).toBe('January 1, 2025')
    expect(formatDate('2024-12-31')).toBe('December 31, 2024')
  })
})
