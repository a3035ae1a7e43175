import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canMove, isFinal, nextStatuses, paidStatus } from '../../contract/order-lifecycle.ts'
import { OrderStatus } from '../../contract/order-status.ts'

const status = fc.constantFrom(...OrderStatus)

/** Every status reachable from `from` by allowed moves (itself included). */
function reachable(from: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>([from])
  const queue = [from]
  while (queue.length > 0)
    for (const next of nextStatuses(queue.pop()!))
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
  return seen
}

describe('order lifecycle', () => {
  it('canMove and nextStatuses say the same, for every pair', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canMove(from, to)).toBe(nextStatuses(from).includes(to))
      }),
    )
  })

  it('never moves a status to itself, nor anything back to a cart', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (from === to || to === 'open') expect(canMove(from, to)).toBe(false)
      }),
    )
  })

  it('has no way back: a walk of allowed moves never meets a status twice and ends', () => {
    fc.assert(
      fc.property(status, fc.array(fc.nat(), { maxLength: 20 }), (start, picks) => {
        const seen = new Set<OrderStatus>([start])
        let current = start
        for (const pick of picks) {
          const options = nextStatuses(current)
          if (options.length === 0) break
          current = options[pick % options.length]!
          expect(seen.has(current)).toBe(false)
          seen.add(current)
        }
        // The longest life is open → submitted → partly_paid → paid → in_production → shipped →
        // delivered → refunded: at most eight statuses.
        expect(seen.size).toBeLessThanOrEqual(8)
      }),
    )
  })

  it('lets every submitted order end: from wherever it is, a final status is reachable', () => {
    for (const from of reachable('submitted')) {
      expect([...reachable(from)].some(isFinal), from).toBe(true)
    }
  })

  it('follows the issue: submitted → paid → in production → shipped → delivered, and the ends', () => {
    const path: OrderStatus[] = [
      'open',
      'submitted',
      'partly_paid',
      'paid',
      'in_production',
      'shipped',
      'delivered',
      'refunded',
    ]
    for (let i = 1; i < path.length; i += 1) expect(canMove(path[i - 1]!, path[i]!)).toBe(true)
    // A made-to-order suit goes into production unpaid; an in-stock order ships once paid.
    expect(canMove('submitted', 'in_production')).toBe(true)
    expect(canMove('paid', 'shipped')).toBe(true)
    // Money paid goes back (refunded); an order without any is cancelled.
    expect(canMove('submitted', 'cancelled')).toBe(true)
    expect(canMove('paid', 'cancelled')).toBe(false)
    expect(canMove('partly_paid', 'cancelled')).toBe(false)
    // A cart is submitted or merged, nothing else; shipping waits for the order to be paid.
    expect(nextStatuses('open')).toEqual(['submitted', 'merged'])
    expect(canMove('submitted', 'shipped')).toBe(false)
    expect(canMove('shipped', 'in_production')).toBe(false)
    for (const final of ['merged', 'cancelled', 'refunded'] as const) {
      expect(isFinal(final)).toBe(true)
    }
  })
})

describe('paidStatus', () => {
  const amount = fc.integer({ min: 0, max: 10_000_000 })

  it('is paid once the payments reach the total, partly paid below it, submitted at 0', () => {
    fc.assert(
      fc.property(amount, amount, (total, paid) => {
        const status = paidStatus(total, paid)
        if (paid >= total) expect(status).toBe('paid')
        else if (paid === 0) expect(status).toBe('submitted')
        else expect(status).toBe('partly_paid')
      }),
    )
  })

  it('never goes back as more is paid', () => {
    const rank = { submitted: 0, partly_paid: 1, paid: 2 }
    fc.assert(
      fc.property(amount, amount, amount, (total, paid, more) => {
        expect(rank[paidStatus(total, paid + more)]).toBeGreaterThanOrEqual(
          rank[paidStatus(total, paid)],
        )
      }),
    )
  })

  it('is a move the lifecycle allows from submitted whenever it changes anything', () => {
    fc.assert(
      fc.property(amount, amount, (total, paid) => {
        const status = paidStatus(total, paid)
        if (status !== 'submitted') expect(canMove('submitted', status)).toBe(true)
        if (status === 'paid') expect(canMove('partly_paid', status)).toBe(true)
      }),
    )
  })

  it('counts a fully discounted order as paid, and refuses amounts that are not minor units', () => {
    expect(paidStatus(0, 0)).toBe('paid')
    for (const [total, paid] of [
      [-1, 0],
      [100, -5],
      [100, 1.5],
      [Number.NaN, 0],
      [2 ** 53, 0],
    ])
      expect(() => paidStatus(total!, paid!)).toThrow(RangeError)
  })
})
