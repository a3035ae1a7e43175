import { describe, expect, it } from 'vitest'
import { formatDate } from './format-date.ts'

describe('formatDate', () => {
  it('writes the calendar date in words', () => {
    expect(formatDate('2024-03-05')).toBe('March 5, 2024')
  })

  it('keeps the day as written at the edges of the year', () => {
    expect(formatDate('2025-01-01')).toBe('January 1, 2025')
    expect(formatDate('2024-12-31')).toBe('December 31, 2024')
  })
})
