import { describe, expect, it } from 'vitest'
import { queueStatuses } from '../../../../../contract/admin-queue.ts'
import {
  countByDue,
  countByStatus,
  dueOf,
  measurementsOf,
  movesOf,
  paymentText,
  sizeOf,
  sortQueue,
} from './queue-model.ts'
import { parseQueueSearch, queueFilterStates } from './queue-search.ts'
import { queueOrder, suitLine } from './queue-test-data.ts'

describe('the board’s order', () => {
  it('puts the soonest ship-by first, an order with none last, and the longest waiting first on a tie', () => {
    const sorted = sortQueue([
      queueOrder({ id: 'later', shipBy: '2026-12-20' }),
      queueOrder({ id: 'none', shipBy: null, daysLeft: null }),
      queueOrder({ id: 'tie-new', shipBy: '2026-12-02', submittedAt: '2026-11-05T10:00:00Z' }),
      queueOrder({ id: 'late', shipBy: '2026-11-27' }),
      queueOrder({ id: 'tie-old', shipBy: '2026-12-02', submittedAt: '2026-11-02T10:00:00Z' }),
    ])
    expect(sorted.map((order) => order.id)).toEqual(['late', 'tie-old', 'tie-new', 'later', 'none'])
  })

  it('counts every state, an empty one as 0, and the late and at-risk orders', () => {
    const orders = [
      queueOrder({ id: 'a', status: 'paid', shipByState: 'late' }),
      queueOrder({ id: 'b', status: 'paid', shipByState: 'at_risk' }),
      queueOrder({ id: 'c', status: 'in_production', shipByState: 'late' }),
    ]
    expect(countByStatus(orders)).toEqual({
      submitted: 0,
      partly_paid: 0,
      paid: 2,
      in_production: 1,
    })
    expect(countByDue(orders)).toEqual({ late: 2, atRisk: 1 })
  })
})

describe('an order against its ship-by day', () => {
  it('says how late, or how soon, in words', () => {
    expect(dueOf({ shipBy: '2026-11-27', daysLeft: -3, shipByState: 'late' })).toEqual({
      state: 'late',
      words: 'Late by 3 days',
    })
    expect(dueOf({ shipBy: '2026-11-29', daysLeft: -1, shipByState: 'late' }).words).toBe(
      'Late by 1 day',
    )
    expect(dueOf({ shipBy: '2026-12-02', daysLeft: 2, shipByState: 'at_risk' })).toEqual({
      state: 'at_risk',
      words: 'Ships in 2 days',
    })
    expect(dueOf({ shipBy: '2026-11-30', daysLeft: 0, shipByState: 'at_risk' }).words).toBe(
      'Ships today',
    )
    expect(dueOf({ shipBy: '2026-12-20', daysLeft: 20, shipByState: 'on_time' })).toEqual({
      state: 'on_time',
      words: 'Ships in 20 days',
    })
  })

  it('reads an order with no ship-by day (the server may send null)', () => {
    expect(dueOf({ shipBy: null, daysLeft: null, shipByState: 'on_time' })).toEqual({
      state: 'none',
      words: 'No ship-by day',
    })
    expect(dueOf({ shipBy: null, daysLeft: null, shipByState: 'late' }).words).toBe('Late')
  })
})

describe('what the card says', () => {
  it('says what was paid and what is due', () => {
    const order = { currency: 'USD', total: 228_000 }
    expect(paymentText({ ...order, payment: 'paid', balance: 0 })).toBe('Paid ($2,280.00)')
    expect(paymentText({ ...order, payment: 'part_paid', balance: 50_000 })).toBe(
      'Part paid: $500.00 of $2,280.00 due',
    )
    expect(paymentText({ ...order, payment: 'unpaid', balance: 228_000 })).toBe(
      'Unpaid: $2,280.00 of $2,280.00 due',
    )
  })

  it('lists the measurements in the configurator’s order, with their units', () => {
    expect(measurementsOf(suitLine())).toEqual([
      { label: 'Height', value: '178.5 cm' },
      { label: 'Weight', value: '76 kg' },
      { label: 'Arm span', value: '180 cm' },
    ])
    const imperial = suitLine({
      meta: [
        { key: 'measurement.weight', value: '168' },
        { key: 'measurement.units', value: 'imperial' },
        { key: 'measurement.shoulderWidth', value: ' ' },
      ],
    })
    expect(measurementsOf(imperial)).toEqual([{ label: 'Weight', value: '168 lb' }])
  })

  it('names the size, or made to measure', () => {
    expect(sizeOf(suitLine())).toBe('M')
    expect(sizeOf(suitLine({ variantName: null }))).toBe('Made to measure')
    expect(sizeOf(suitLine({ variantName: null, meta: [] }))).toBe('One size')
  })

  it('offers only the moves the order’s life allows', () => {
    expect(movesOf('submitted')).toEqual({ startProduction: true, ship: false })
    expect(movesOf('partly_paid')).toEqual({ startProduction: true, ship: false })
    expect(movesOf('paid')).toEqual({ startProduction: true, ship: false })
    expect(movesOf('in_production')).toEqual({ startProduction: false, ship: true })
  })
})

describe('the search params', () => {
  it('spells the states as the contract does', () => {
    expect([...queueFilterStates]).toEqual([...queueStatuses])
  })

  it('keeps a known state and an id, and drops the rest', () => {
    expect(parseQueueSearch({ state: 'paid', sheet: 'a1b2-c3' })).toEqual({
      state: 'paid',
      sheet: 'a1b2-c3',
    })
    expect(parseQueueSearch({ state: 'shipped', sheet: '', other: 1 })).toEqual({})
    expect(parseQueueSearch({ sheet: '<script>' })).toEqual({})
  })
})
