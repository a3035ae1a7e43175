import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import { applePayAvailable, keepsKey, outcomeOf, type PaidAnswer } from './model.ts'

const answer = (payment: Partial<PaidAnswer['payment']>): PaidAnswer => ({
  orderId: 'o',
  status: 'paid',
  currency: 'USD',
  total: 100,
  paid: 100,
  balance: 0,
  payment: {
    id: 'p',
    provider: 'test',
    amount: 100,
    currency: 'USD',
    status: 'settled',
    message: null,
    invoiceUrl: null,
    createdAt: '',
    ...payment,
  },
})

describe('what an attempt’s answer means', () => {
  it('keeps the key only while the outcome is unknown', () => {
    const cases = [
      [outcomeOf({ answer: answer({}) }), 'paid', false],
      [
        outcomeOf({
          answer: answer({ provider: 'bitpay', status: 'pending', invoiceUrl: '/i/1' }),
        }),
        'invoice',
        false,
      ],
      [
        outcomeOf({
          error: new ValidationError({
            message: 'Do Not Honor',
            errors: { payment: ['Do Not Honor'] },
          }),
        }),
        'declined',
        false,
      ],
      [
        outcomeOf({
          error: new ValidationError({ message: 'Too much', errors: { amount: ['Too much'] } }),
        }),
        'refused',
        false,
      ],
      [outcomeOf({ error: new ApiError(404, { message: 'No such order' }) }), 'refused', false],
      [outcomeOf({ error: new NetworkError(new TypeError('x')) }), 'unknown', true],
      [
        outcomeOf({ error: new ApiError(503, { message: 'later' }, undefined, 5) }),
        'unknown',
        true,
      ],
      [outcomeOf({ error: new ApiError(409, { message: 'busy' }, undefined, 2) }), 'unknown', true],
      [outcomeOf({ error: new ApiError(502, 'Bad gateway') }), 'unknown', true],
      [
        outcomeOf({ error: new DOMException('Apple Pay was cancelled.', 'AbortError') }),
        'refused',
        false,
      ],
    ] as const
    for (const [outcome, kind, keep] of cases) {
      expect(outcome.kind).toBe(kind)
      expect(keepsKey(outcome)).toBe(keep)
    }
  })

  it('reads the provider’s decline message', () => {
    expect(
      outcomeOf({
        error: new ValidationError({
          message: 'x',
          errors: { payment: ['Gateway Rejected: fraud'] },
        }),
      }),
    ).toEqual({ kind: 'declined', message: 'Gateway Rejected: fraud' })
  })
})

describe('Apple Pay', () => {
  it('shows only where ApplePaySession says it can pay', () => {
    expect(applePayAvailable({})).toBe(false)
    expect(applePayAvailable({ ApplePaySession: { canMakePayments: () => false } })).toBe(false)
    expect(applePayAvailable({ ApplePaySession: { canMakePayments: () => true } })).toBe(true)
    expect(
      applePayAvailable({
        ApplePaySession: {
          canMakePayments: () => {
            throw new Error('insecure')
          },
        },
      }),
    ).toBe(false)
  })
})
