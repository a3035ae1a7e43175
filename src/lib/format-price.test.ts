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

describe('formatPrice without Intl', () => {
  it('writes the store’s own prices exactly as Intl does', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 105, 99_999, 100_000, 189_000, 123_456_789, -2550]
    for (let n = 0; n < 2000; n++) amounts.push(Math.round(Math.exp(n / 90)) * (n % 7 ? 1 : -1))
    for (const currency of ['USD', 'EUR', 'GBP']) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      for (const minor of amounts) {
        expect(formatPrice(minor, currency)).toBe(intl.format(minor / 100))
      }
    }
  })

  it('leaves other currencies and locales, and fractions of a cent, to Intl', () => {
    expect(formatPrice(189000, 'CHF')).toBe('CHF\u00a01,890.00')
    expect(formatPrice(189000, 'USD', 'en-GB')).toBe('US$1,890.00')
    expect(formatPrice(1234.5, 'USD')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.345),
    )
  })
})
