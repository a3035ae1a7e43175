import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../lib/api-client.ts'
import { amountInputOf, parseAmountInput, placedForText, placeForProblem } from './model.ts'

describe('parseAmountInput', () => {
  it('reads what a dealer types as minor units', () => {
    expect(parseAmountInput('250')).toEqual({ ok: true, minor: 25_000 })
    expect(parseAmountInput(' 250.5 ')).toEqual({ ok: true, minor: 25_050 })
    expect(parseAmountInput('$1,250.00')).toEqual({ ok: true, minor: 125_000 })
    expect(parseAmountInput('0.01')).toEqual({ ok: true, minor: 1 })
    expect(parseAmountInput('7.', 2)).toEqual({ ok: true, minor: 700 })
  })

  it('refuses what is not an amount, with a message', () => {
    for (const text of ['', 'ten', '-5', '1e3', '1.234', '0', '0.00', '99999999999'])
      expect(parseAmountInput(text).ok, text).toBe(false)
    expect(parseAmountInput('1.234')).toEqual({
      ok: false,
      message: 'At most 2 decimals, such as 250.50.',
    })
  })

  it('writes minor units back for editing', () => {
    expect(amountInputOf(12_500)).toBe('125.00')
    expect(amountInputOf(5)).toBe('0.05')
    expect(parseAmountInput(amountInputOf(98_765))).toEqual({ ok: true, minor: 98_765 })
  })
})

describe('whom a dealer’s order is for', () => {
  const kari = { email: 'kari@example.com', name: 'Kari Nordmann' }
  it('names the customer with its e-mail, or yourself', () => {
    expect(placedForText(null)).toBe('yourself')
    expect(placedForText(kari)).toBe('Kari Nordmann (kari@example.com)')
  })

  it('says offline plainly, and that the choice stayed as it was', () => {
    for (const error of ['offline', new NetworkError('Failed to fetch')])
      expect(placeForProblem(error, 'yourself')).toBe(
        'No network: whom this order is for was not changed. It is still for yourself; choose again once you are online.',
      )
  })

  it('gives the server’s reason for a refusal', () => {
    const refused = new ApiError(422, {
      message: 'Not your customer',
      errors: { customerId: ['That account is not one of your customers.'] },
    })
    expect(placeForProblem(refused, 'yourself')).toBe(
      'That account is not one of your customers. It is still for yourself.',
    )
    expect(placeForProblem(new ApiError(401, {}), 'yourself')).toBe(
      'Your session has ended: sign in again.',
    )
  })
})
