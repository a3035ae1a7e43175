import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import {
  amountInputOf,
  amountProblem,
  notesProblem,
  parseAmountInput,
  payoutRefusal,
  placedForText,
  placeForProblem,
} from './model.ts'

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

describe('a payout field’s message for what it holds now', () => {
  it('has none for a good amount, nor for an empty one until it is sent', () => {
    expect(amountProblem('250.50')).toBeUndefined()
    expect(amountProblem('')).toBeUndefined()
    expect(amountProblem('  ')).toBeUndefined()
    expect(amountProblem('', true)).toBe('Enter an amount.')
    expect(amountProblem('1.234')).toBe('At most 2 decimals, such as 250.50.')
  })

  it('counts the notes against the shop’s limit', () => {
    expect(notesProblem('x'.repeat(500))).toBeUndefined()
    expect(notesProblem('x'.repeat(501))).toBe('Notes are at most 500 characters.')
  })
})

describe('a payout call that did not go through', () => {
  it('puts the shop’s reason under its field, and the result points to it', () => {
    const refused = new ValidationError({ errors: { notes: ['Notes are too long.'] } })
    expect(payoutRefusal(refused)).toEqual({
      fields: { amount: undefined, notes: 'Notes are too long.' },
      result: { tone: 'refused', text: 'Not sent: see why under the notes above.' },
    })
  })

  it('gives a reason about no field (a paid request) in the result itself', () => {
    const paid = new ValidationError({ errors: { id: ['This payout has been paid.'] } })
    expect(payoutRefusal(paid)).toEqual({
      fields: {},
      result: { tone: 'refused', text: 'Not sent. This payout has been paid.' },
    })
  })

  it('does not claim a request with no answer was never sent', () => {
    const { result } = payoutRefusal(new NetworkError(new TypeError('fetch failed')))
    expect(result.tone).toBe('offline')
    expect(result.text).not.toContain('nothing was sent')
    expect(result.text).toContain('never asked twice')
    expect(payoutRefusal(new ApiError(401, {})).result.text).toBe(
      'Not sent: your session has ended. Sign in again.',
    )
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
