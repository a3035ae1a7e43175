import { describe, expect, it } from 'vitest'
import { formatLeadTime } from './format-lead-time.ts'

describe('formatLeadTime', () => {
  it('says when an item ships from stock or is made to order', () => {
    expect(formatLeadTime(0)).toBe('Ships from stock')
    expect(formatLeadTime(1)).toBe('Made to order in 1 week')
    expect(formatLeadTime(6)).toBe('Made to order in 6 weeks')
  })
})
