import { describe, expect, it } from 'vitest'
import { formatLeadTime, formatPrice } from './format-price.ts'

describe('formatPrice', () => {
  it('formats minor units as currency', () => {
    expect(formatPrice(189000, 'USD')).toBe('$1,890.00')
    expect(formatPrice(2550, 'EUR', 'de-DE')).toBe('25,50\u00a0€')
  })
})

describe('formatLeadTime', () => {
  it('says when an item ships from stock or is made to order', () => {
    expect(formatLeadTime(0)).toBe('Ships from stock')
    expect(formatLeadTime(1)).toBe('Made to order in 1 week')
    expect(formatLeadTime(6)).toBe('Made to order in 6 weeks')
  })
})
