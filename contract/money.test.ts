import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, fromDecimal, toDecimal } from './money.ts'

describe('formatAmount', () => {
  it('groups thousands as the locale does, with the currency’s own decimals', () => {
    expect(formatAmount(228000, 'USD')).toBe('2,280.00 USD')
    expect(formatAmount(45900, 'USD')).toBe('459.00 USD')
    expect(formatAmount(5, 'EUR')).toBe('0.05 EUR')
    expect(formatAmount(1890, 'JPY')).toBe('1,890 JPY')
    expect(formatAmount(123456789, 'USD', 'de-DE')).toBe('1.234.567,89 USD')
  })
})

describe('toDecimal and fromDecimal', () => {
  it('write and read the providers’ plain decimals, with no grouping', () => {
    expect(toDecimal(228000, 'USD')).toBe('2280.00')
    expect(fromDecimal('2280.00', 'USD')).toBe(228000)
  })
})

describe('formatMoney', () => {
  it('writes an amount as a customer reads it, in the currency’s own decimals', () => {
    expect(formatMoney(189000, 'USD')).toBe('$1,890.00')
    expect(formatMoney(2550, 'EUR', 'de-DE')).toBe('25,50\u00a0€')
    expect(formatMoney(1890, 'JPY')).toBe('¥1,890')
  })

  it('writes the store’s own prices without Intl exactly as Intl does', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 105, 99_999, 100_000, 189_000, 123_456_789, -2550]
    for (let n = 0; n < 2000; n++) amounts.push(Math.round(Math.exp(n / 90)) * (n % 7 ? 1 : -1))
    for (const currency of ['USD', 'EUR', 'GBP']) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      for (const minor of amounts) {
        expect(formatMoney(minor, currency)).toBe(intl.format(minor / 100))
      }
    }
  })

  it('leaves other currencies and locales, and fractions of a cent, to Intl', () => {
    expect(formatMoney(189000, 'CHF')).toBe('CHF\u00a01,890.00')
    expect(formatMoney(189000, 'USD', 'en-GB')).toBe('US$1,890.00')
    expect(formatMoney(1234.5, 'USD')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.345),
    )
  })
})
