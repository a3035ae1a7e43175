import { describe, expect, it } from 'vitest'
import { rebase, type OutboxEntry } from '../../../store-db/cart-outbox-model.ts'
import {
  badgeLabel,
  camelizeShown,
  newIdempotencyKey,
  waitingReason,
  waitingText,
  wireCart,
} from './model.ts'

const bagAdd: OutboxEntry = {
  seq: 1,
  key: 'add-bag-0001',
  kind: 'add',
  request: { sku: 'BAG-1', qty: 2, meta: [{ key: 'color_code', value: 'red' }], child: [] },
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
  claimed: false,
  at: 0,
}

describe('the cart as shown', () => {
  it('is rebase in the app’s casing, meta left as it is', () => {
    const shown = camelizeShown(rebase(null, [bagAdd]))
    expect(shown.items[0]).toMatchObject({
      id: 'add-bag-0001',
      productSlug: 'gear-bag',
      linePrice: 10000,
      pending: true,
      meta: [{ key: 'color_code', value: 'red' }],
    })
    expect(shown.itemCount).toBe(2)
    expect(shown.estimated).toBe(true)
  })

  it('turns an answer back into the wire’s casing for IndexedDB', () => {
    const shown = camelizeShown(rebase(null, []))
    expect(wireCart(shown)).toMatchObject({ item_count: 0, discount_total: 0, merge_notice: null })
  })
})

describe('why changes wait', () => {
  it('names a portal, an ended session and a failing shop; nothing for offline', () => {
    expect(waitingReason('not-the-shop')).toMatch(/The network answered, but not the shop/)
    expect(waitingReason('signed-out')).toMatch(/sign in again/)
    expect(waitingReason('server-error')).toMatch(/could not take them/)
    expect(waitingReason('offline')).toBeNull()
    expect(waitingReason('ok')).toBeNull()
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
