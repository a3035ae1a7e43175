import { describe, expect, it } from 'vitest'
import {
  badgeLabel,
  emptyCart,
  keepLiveChanges,
  newIdempotencyKey,
  shownCart,
  waitingText,
  type Cart,
  type CartChange,
  type CartState,
} from './model.ts'

const bagAdd: CartChange = {
  key: 'add-bag-0001',
  kind: 'add',
  request: { sku: 'BAG-1', qty: 2, meta: [], child: [] },
  line: {
    name: 'Gear bag',
    productSlug: 'gear-bag',
    productPath: '/equipment/gear-bag',
    variantName: null,
    image: null,
    unitPrice: 5000,
    currency: 'USD',
    summary: [],
  },
}

const server: Cart = {
  ...emptyCart(),
  id: 'cart-1',
  items: [
    {
      id: 'line-1',
      sku: 'A5-M',
      productSlug: 'a5',
      productPath: '/wingsuits/a5',
      name: 'A5',
      variantName: 'M',
      image: null,
      qty: 1,
      unitPrice: 100000,
      linePrice: 100000,
      meta: [],
      child: [],
      summary: [],
    },
  ],
  itemCount: 1,
  subtotal: 100000,
  total: 100000,
}

describe('the cart as shown', () => {
  it('shows the server’s cart as it is when nothing waits', () => {
    expect(shownCart({ server, changes: [] })).toEqual({ ...server, estimated: false })
  })

  it('shows an added line at once, priced as the page priced it, with estimated totals', () => {
    const shown = shownCart({ server, changes: [bagAdd] })
    expect(shown.items.map((line) => [line.id, line.qty, line.linePrice, !!line.pending])).toEqual([
      ['line-1', 1, 100000, false],
      ['add-bag-0001', 2, 10000, true],
    ])
    expect(shown.itemCount).toBe(3)
    expect(shown.subtotal).toBe(110000)
    expect(shown.estimated).toBe(true)
  })

  it('changes and removes a line not yet synced by its add’s key', () => {
    const more: CartChange = {
      key: 'qty-00001',
      kind: 'update-qty',
      lineId: 'add-bag-0001',
      qty: 5,
    }
    expect(shownCart({ server, changes: [bagAdd, more] }).items[1]!.qty).toBe(5)
    const gone: CartChange = {
      key: 'qty-00002',
      kind: 'update-qty',
      lineId: 'add-bag-0001',
      qty: 0,
    }
    expect(shownCart({ server, changes: [bagAdd, gone] }).items.map((l) => l.id)).toEqual([
      'line-1',
    ])
  })

  it('hides the merge notice as soon as it has been told', () => {
    const merged: Cart = { ...server, mergeNotice: { linesAdded: 1, linesSummed: 0 } }
    const told: CartChange = { key: 'told-0001', kind: 'set-merged-notified' }
    expect(shownCart({ server: merged, changes: [told] }).mergeNotice).toBeNull()
  })

  it('starts from an empty cart in the added product’s currency before the server answered', () => {
    const shown = shownCart({ server: null, changes: [bagAdd] })
    expect(shown.currency).toBe('USD')
    expect(shown.items).toHaveLength(1)
  })
})

describe('keeping the changes that can still arrive', () => {
  it('drops changes neither the worker nor this page holds any more', () => {
    const other: CartChange = { ...bagAdd, key: 'add-bag-0002' }
    const state: CartState = { server, changes: [bagAdd, other] }
    expect(keepLiveChanges(state, new Set(['add-bag-0002'])).changes).toEqual([other])
    expect(keepLiveChanges(state, new Set(['add-bag-0001', 'add-bag-0002']))).toBe(state)
  })
})

describe('keys and words', () => {
  it('makes keys the server accepts, a new one each time', () => {
    const a = newIdempotencyKey()
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(newIdempotencyKey()).not.toBe(a)
  })

  it('counts the changes waiting', () => {
    expect(waitingText(1)).toBe('1 change waiting to sync')
    expect(waitingText(2)).toBe('2 changes waiting to sync')
  })
})

describe('badgeLabel', () => {
  it('says what the count is, then what needs attention', () => {
    expect(badgeLabel(false, 0)).toBe('in the cart')
    expect(badgeLabel(true, 0)).toBe('in the cart, changes waiting to sync')
    expect(badgeLabel(false, 1)).toBe('in the cart, 1 change refused')
    expect(badgeLabel(true, 3)).toBe('in the cart, changes waiting to sync, 3 changes refused')
  })
})
