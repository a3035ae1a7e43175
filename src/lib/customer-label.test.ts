import { describe, expect, it } from 'vitest'
import { customerLabel, shortCustomerName } from './customer-label.ts'

describe('customerLabel', () => {
  it('names a customer with its e-mail, or by the e-mail alone', () => {
    expect(customerLabel({ email: 'kari@example.com', name: 'Kari Nordmann' })).toBe(
      'Kari Nordmann (kari@example.com)',
    )
    expect(customerLabel({ email: 'x@example.com', name: null })).toBe('x@example.com')
  })
})

describe('shortCustomerName', () => {
  it('is the first name, or the part of an e-mail before the "@"', () => {
    expect(shortCustomerName('Casey Morgan-Whitfield')).toBe('Casey')
    expect(shortCustomerName('casey.morgan@example.com')).toBe('casey.morgan')
    expect(shortCustomerName('  Kari  ')).toBe('Kari')
  })
})
