import { describe, expect, it } from 'vitest'
import { auditText, isLate, measurementsOf, parseAmountInput, refundParts } from './order-model.ts'

const payment = (
  id: string,
  provider: string,
  amount: number,
  refunded: number,
  createdAt: string,
  status: 'settled' | 'declined' | 'refunded' = 'settled',
) => ({ id, provider, amount, refunded, status, message: null, createdAt })

describe('parseAmountInput', () => {
  it('reads what an owner types in minor units of the order’s currency', () => {
    expect(parseAmountInput('250', 'USD', 100_000)).toEqual({ ok: true, minor: 25_000 })
    expect(parseAmountInput(' $1,000.5 ', 'USD', 200_000)).toEqual({ ok: true, minor: 100_050 })
    expect(parseAmountInput('12.', 'EUR', 100_000)).toEqual({ ok: true, minor: 1_200 })
    expect(parseAmountInput('1500', 'JPY', 2_000)).toEqual({ ok: true, minor: 1_500 })
  })

  it('refuses nothing, words, too many decimals, zero and more than can be refunded', () => {
    expect(parseAmountInput('', 'USD', 100)).toEqual({
      ok: false,
      message: 'Enter the amount to refund.',
    })
    expect(parseAmountInput('ten', 'USD', 100)).toMatchObject({ ok: false })
    expect(parseAmountInput('1.234', 'USD', 100_000)).toEqual({
      ok: false,
      message: 'At most 2 decimals, such as 250.50.',
    })
    expect(parseAmountInput('1.5', 'JPY', 100_000)).toEqual({
      ok: false,
      message: 'JPY has no decimals: enter a whole amount.',
    })
    expect(parseAmountInput('0.00', 'USD', 100)).toEqual({
      ok: false,
      message: 'Enter an amount above zero.',
    })
    expect(parseAmountInput('1000.01', 'USD', 100_000)).toEqual({
      ok: false,
      message: 'At most $1,000.00 can be refunded.',
    })
  })
})

describe('refundParts', () => {
  it('takes from the newest settled payment first, each what is left of it', () => {
    const payments = [
      payment('p1', 'braintree', 50_000, 10_000, '2026-11-01T10:00:00Z'),
      payment('p2', 'bitpay', 30_000, 0, '2026-11-05T10:00:00Z'),
      payment('p3', 'braintree', 99_000, 0, '2026-11-06T10:00:00Z', 'declined'),
    ]
    expect(refundParts(payments, 20_000)).toEqual([{ provider: 'bitpay', amount: 20_000 }])
    expect(refundParts(payments, 60_000)).toEqual([
      { provider: 'bitpay', amount: 30_000 },
      { provider: 'braintree', amount: 30_000 },
    ])
  })
})

describe('measurementsOf', () => {
  it('says the measurements with their units, and nothing else of the meta', () => {
    expect(
      measurementsOf({
        meta: [
          { key: 'color.body', value: 'n4D' },
          { key: 'measurement.units', value: 'imperial' },
          { key: 'measurement.weight', value: '176' },
          { key: 'measurement.shoulderWidth', value: '18.5' },
          { key: 'measurement.torso', value: 'long' },
        ],
      }),
    ).toEqual(['Weight: 176 lb', 'Shoulder width: 18.5 in', 'Torso: long'])
    expect(measurementsOf({ meta: [{ key: 'size', value: 'M' }] })).toEqual([])
  })
})

describe('isLate', () => {
  it('is late past the ship-by day until it ships', () => {
    expect(isLate('2026-11-30', 'in_production', '2026-12-01')).toBe(true)
    expect(isLate('2026-11-30', 'in_production', '2026-11-30')).toBe(false)
    expect(isLate('2026-11-30', 'shipped', '2026-12-01')).toBe(false)
    expect(isLate(null, 'paid', '2026-12-01')).toBe(false)
  })
})

describe('auditText', () => {
  it('says a move, a refund, a refused refund and any other action in words', () => {
    expect(
      auditText(
        { action: 'order.move', details: { from: 'paid', to: 'shipped', note: '1Z999' } },
        'USD',
      ),
    ).toBe('Moved from Paid to Shipped: “1Z999”')
    expect(
      auditText(
        {
          action: 'order.refund',
          details: { asked: 25_000, refunded: 25_000, currency: 'USD', status: 'paid' },
        },
        'USD',
      ),
    ).toBe('Refunded $250.00 (asked $250.00)')
    expect(
      auditText(
        {
          action: 'order.refund',
          details: { asked: 'all', refunded: 0, currency: 'USD', refused: 'Declined.' },
        },
        'USD',
      ),
    ).toBe('Refund of all refused: Declined.')
    expect(auditText({ action: 'user.login_link', details: { expiresAt: 'soon' } }, 'USD')).toBe(
      'user.login_link (expiresAt: soon)',
    )
  })
})
