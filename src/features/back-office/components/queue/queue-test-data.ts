import type { AdminQueue, QueueLine, QueueOrder } from '../../api/queue.ts'

/*
 * The board's orders as the client holds them (camelCased), for the queue's tests: a Corvid 2
 * made to measure, and orders around a `today` of 2026-11-30.
 */

export const TODAY = '2026-11-30'

export function suitLine(overrides: Partial<QueueLine> = {}): QueueLine {
  return {
    id: 'line-1',
    sku: 'CORVID2-M',
    name: 'Corvid 2',
    variantName: 'M',
    productPath: '/wingsuits/corvid-2',
    image: null,
    qty: 1,
    unitAmount: 228_000,
    lineAmount: 228_000,
    meta: [
      { key: 'color.body', value: 'r7C' },
      { key: 'color.leg-wing', value: 'c9F' },
      { key: 'option.booties', value: 'on' },
      { key: 'measurement.units', value: 'metric' },
      { key: 'measurement.height', value: '178.5' },
      { key: 'measurement.weight', value: '76' },
      { key: 'measurement.armSpan', value: '180' },
    ],
    children: [],
    summary: ['Size: M', 'Colours: Body Red, Leg wing Cyan', 'Options: Booties'],
    madeToOrder: true,
    inStock: false,
    productionTime: null,
    addedAfterSubmit: false,
    ...overrides,
  }
}

export function queueOrder(overrides: Partial<QueueOrder> & { id: string }): QueueOrder {
  return {
    number: overrides.id.slice(0, 8).toUpperCase(),
    status: 'submitted',
    submittedAt: '2026-11-01T10:00:00.000Z',
    shipBy: '2026-12-20',
    daysLeft: 20,
    shipByState: 'on_time',
    email: 'kari@example.com',
    name: 'Kari Nordmann',
    country: 'NO',
    currency: 'USD',
    total: 228_000,
    balance: 228_000,
    payment: 'unpaid',
    lines: [suitLine({ id: `${overrides.id}-line` })],
    lastNote: null,
    ...overrides,
  }
}

export function queueOf(orders: QueueOrder[]): AdminQueue {
  return { orders, atRiskDays: 7, today: TODAY }
}
