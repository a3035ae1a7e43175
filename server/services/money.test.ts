import { describe, expect, it } from 'vitest'
import { formatAmount, fromDecimal, toDecimal } from '../../contract/money.ts'

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
