import { describe, expect, it } from 'vitest'
import { AdminOrdersQuery, maxSearchLength } from '../../../contract/admin.ts'
import {
  ordersPerPage,
  ordersRequest,
  validateOrderPageSearch,
  validateOrdersSearch,
} from './order-search.ts'

/*
 * The list's URL search is checked without zod (it loads with the app), by the contract's rules:
 * what it keeps, the contract takes; what it drops, the contract refuses.
 */

const uuid = '5e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'

describe('validateOrdersSearch', () => {
  it('keeps well-formed filters as the router parses them (numbers, booleans)', () => {
    expect(
      validateOrdersSearch({
        status: 'in_production',
        payment: 'part_paid',
        made_to_order: true,
        dealer: uuid.toUpperCase(),
        from: '2026-11-01',
        to: '2026-11-30',
        q: '  #78FC ',
        page: 3,
      }),
    ).toEqual({
      status: 'in_production',
      payment: 'part_paid',
      made_to_order: true,
      dealer: uuid.toUpperCase(),
      from: '2026-11-01',
      to: '2026-11-30',
      q: '#78FC',
      page: 3,
    })
    expect(validateOrdersSearch({ made_to_order: 'false', q: 1234, page: '2' })).toEqual({
      made_to_order: false,
      q: '1234',
      page: 2,
    })
  })

  it.each([
    ['status', 'open'],
    ['status', 'merged'],
    ['payment', 'partly_paid'],
    ['made_to_order', 'yes'],
    ['dealer', '42'],
    ['from', '2026-02-30'],
    ['to', '26-11-01'],
    ['q', '   '],
    ['q', 'x'.repeat(maxSearchLength + 1)],
    ['q', 'Dana\u202e'],
  ])('drops %s=%j, which the contract refuses', (field, value) => {
    expect(validateOrdersSearch({ [field]: value })).toEqual({})
    expect(AdminOrdersQuery.safeParse({ [field]: value }).success).toBe(false)
  })

  it('drops a first page, a page 0 and one past the contract’s last', () => {
    expect(validateOrdersSearch({ page: 1 })).toEqual({})
    expect(validateOrdersSearch({ page: 0 })).toEqual({})
    expect(validateOrdersSearch({ page: 10_001 })).toEqual({})
    expect(AdminOrdersQuery.safeParse({ page: '10001' }).success).toBe(false)
  })

  it('keeps the range’s start when its end comes before it', () => {
    expect(validateOrdersSearch({ from: '2026-11-30', to: '2026-11-01' })).toEqual({
      from: '2026-11-30',
    })
    expect(AdminOrdersQuery.safeParse({ from: '2026-11-30', to: '2026-11-01' }).success).toBe(false)
  })

  it('asks for what it kept in the contract’s names, 20 a page', () => {
    const request = ordersRequest(
      validateOrdersSearch({ status: 'paid', made_to_order: false, q: 'kari', page: 2 }),
    )
    expect(request).toEqual({
      status: 'paid',
      made_to_order: 'false',
      q: 'kari',
      page: 2,
      per_page: ordersPerPage,
    })
    const parsed = AdminOrdersQuery.parse(
      Object.fromEntries(Object.entries(request).map(([key, value]) => [key, String(value)])),
    )
    expect(parsed).toMatchObject({ status: 'paid', made_to_order: 'false', page: 2, per_page: 20 })
  })
})

describe('validateOrderPageSearch', () => {
  it('keeps a slip or an invoice, nothing else', () => {
    expect(validateOrderPageSearch({ print: 'slip' })).toEqual({ print: 'slip' })
    expect(validateOrderPageSearch({ print: 'invoice' })).toEqual({ print: 'invoice' })
    expect(validateOrderPageSearch({ print: 'label' })).toEqual({})
  })
})
