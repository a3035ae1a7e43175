import { describe, expect, it } from 'vitest'
import { customerLabel } from './customer-label.ts'

describe('customerLabel', () => {
  it('names a customer with its e-mail, or by the e-mail alone', () => {
    expect(customerLabel({ email: 'kari@example.com', name: 'Kari Nordmann' })).toBe(
      'Kari Nordmann (kari@example.com)',
    )
    expect(customerLabel({ email: 'x@example.com', name: null })).toBe('x@example.com')
  })
})
