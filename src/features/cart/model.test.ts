import { describe, expect, it } from 'vitest'
import { rebase, type OutboxEntry } from '../../../store-db/cart-outbox-model.ts'
import {
  badgeLabel,
  heldSignInText,
  heldText,
  maskedEmail,
  newIdempotencyKey,
  waitingReason,
  waitingText,
  withSnapshotAvailability,
} from './model.ts'
import { camelizeShown, wireCart } from './wire.ts'

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

  it('counts the changes waiting, one and many each in its own words', () => {
    expect(waitingText(1)).toBe(
      '1 change waiting to sync. It is kept on this device and sent when the network returns.',
    )
    expect(waitingText(2)).toBe(
      '2 changes waiting to sync. They are kept on this device and sent when the network returns.',
    )
  })
})

describe('changes held for an account that is not signed in', () => {
  it('names the account by a masked address, never in full', () => {
    expect(maskedEmail('cora@example.com')).toBe('c•••@example.com')
    expect(maskedEmail('c@example.com')).toBe('c•••@example.com')
    // The last @ splits it; a name starting with an astral letter keeps that letter whole.
    expect(maskedEmail('"a@b"@example.com')).toBe('"•••@example.com')
    expect(maskedEmail('😀pilot@example.com')).toBe('😀•••@example.com')
    expect(maskedEmail('no-at-sign')).toBe('n•••')
  })

  it('says how many wait, for which account, and how to send them, one and many each right', () => {
    expect(heldText(1, ['c•••@example.com'])).toBe(
      '1 change made while signed in as c•••@example.com waits: sign in as that account on this device to send it.',
    )
    expect(heldText(2, ['c•••@example.com'])).toBe(
      '2 changes made while signed in as c•••@example.com wait: sign in as that account on this device to send them.',
    )
    expect(heldText(3, ['c•••@example.com', 'd•••@example.org'])).toBe(
      '3 changes made while signed in as c•••@example.com or d•••@example.org wait: sign in as the account each was made in on this device to send them.',
    )
    expect(heldSignInText(1)).toBe('Sign in to send it')
    expect(heldSignInText(2)).toBe('Sign in to send them')
  })

  it('without the account’s address, says there is one to sign in to again', () => {
    expect(heldText(1)).toBe(
      '1 change made while signed in waits for that account: sign in to it again on this device to send it.',
    )
    expect(heldText(2, [])).toBe(
      '2 changes made while signed in wait for the account they were made in: sign in to it again on this device to send them.',
    )
  })
})

describe('when a line not answered yet ships', () => {
  const line = (sku: string, availability?: unknown) => ({
    sku,
    ...(availability === undefined ? {} : { availability }),
  })

  it('says what the catalog snapshot knows of its variant, and nothing it does not', () => {
    const stock: Record<string, boolean> = { 'BAG-1': true, 'SUIT-CUSTOM': false }
    const shown = withSnapshotAvailability(
      [line('BAG-1'), line('SUIT-CUSTOM'), line('UNKNOWN')],
      (l) => stock[l.sku],
    )
    expect(shown).toEqual([
      { sku: 'BAG-1', availability: { in_stock: true, weeks_min: null, weeks_max: null } },
      { sku: 'SUIT-CUSTOM', availability: { in_stock: false, weeks_min: null, weeks_max: null } },
      { sku: 'UNKNOWN' },
    ])
  })

  it('keeps the shop’s words where it answered, a product it no longer sells included', () => {
    const answered = { in_stock: false, weeks_min: 8, weeks_max: 10 }
    const shown = withSnapshotAvailability([line('A', answered), line('B', null)], () => true)
    expect(shown).toEqual([line('A', answered), line('B', null)])
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
