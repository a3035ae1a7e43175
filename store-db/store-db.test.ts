import { afterEach, describe, expect, it } from 'vitest'
import type { CartIntent } from './cart-outbox-model.ts'
import { StoreDB, type CatalogProduct } from './store-db.ts'

function productFixture({ slug = 'corvid-2', family = 'wingsuits' } = {}): CatalogProduct {
  return {
    slug,
    family,
    discipline: null,
    path: `/${family}/${slug}`,
    sku: slug.toUpperCase(),
    name: slug,
    summary: '',
    description: '',
    price: 100000,
    currency: 'USD',
    leadTimeWeeks: 8,
    weightGrams: 3400,
    requiresWaiver: true,
    active: true,
    configurable: false,
    sizes: [],
    colors: [],
    specifications: [],
    images: [],
    manual: null,
    configurator: null,
    variants: [],
  } as CatalogProduct
}

let opened: StoreDB | undefined

afterEach(async () => {
  if (opened) {
    opened.close()
    await opened.delete()
  }
})

describe('StoreDB', () => {
  it('keeps a draft by its order key across reopening the database', async () => {
    opened = new StoreDB('test-drafts')
    await opened.drafts.put({
      id: 'order_corvid-2',
      productKey: 'corvid-2',
      updatedAt: 1,
      data: { qty: 1, pccolrId: 'n4D' },
    })
    opened.close()
    await opened.open()
    expect(await opened.drafts.get('order_corvid-2')).toMatchObject({
      productKey: 'corvid-2',
      data: { qty: 1, pccolrId: 'n4D' },
    })
  })

  it('replaces the catalog snapshot as a whole and finds products by family', async () => {
    opened = new StoreDB('test-catalog')
    await opened.replaceCatalog([productFixture({ slug: 'retired' })], 1)
    await opened.replaceCatalog(
      [productFixture(), productFixture({ slug: 'flux', family: 'trackingsuits' })],
      2,
    )
    expect(await opened.catalogSyncedAt()).toBe(2)
    expect(await opened.catalogProduct('retired')).toBeUndefined()
    expect((await opened.catalogProduct('flux'))?.family).toBe('trackingsuits')
    expect((await opened.catalogFamily('wingsuits')).map((p) => p.slug)).toEqual(['corvid-2'])
  })

  it('writes a large catalog in slices, pausing between them, and keeps no retired product', async () => {
    opened = new StoreDB('test-catalog-slices')
    await opened.replaceCatalog([productFixture({ slug: 'retired' })], 1)
    const products = Array.from({ length: 60 }, (_, i) => productFixture({ slug: `suit-${i}` }))
    const seenBetweenSlices: number[] = []
    const db = opened
    await db.replaceCatalog(products, 2, [], {
      sliceSize: 25,
      pause: async () => {
        seenBetweenSlices.push(await db.products.count())
      },
    })
    // 25 and 50 new products, and the retired one still there until the last step.
    expect(seenBetweenSlices).toEqual([26, 51, 61])
    expect(await db.products.count()).toBe(60)
    expect(await db.catalogProduct('retired')).toBeUndefined()
    expect(await db.catalogSyncedAt()).toBe(2)
  })

  it('keeps the answers to cart changes synced with no page open, and hands them over once', async () => {
    opened = new StoreDB('test-unheard-syncs')
    expect(await opened.takeUnheardCartSyncs()).toEqual([])
    await opened.keepUnheardCartSync({ key: 'k1', cart: { items: [{ sku: 'A' }] } })
    await opened.keepUnheardCartSync({ key: 'k2', cart: { items: [{ sku: 'A' }, { sku: 'B' }] } })
    opened.close()
    // A worker that was stopped in between finds them where it left them.
    opened = new StoreDB('test-unheard-syncs')
    expect((await opened.takeUnheardCartSyncs()).map((sync) => sync.key)).toEqual(['k1', 'k2'])
    expect(await opened.takeUnheardCartSyncs()).toEqual([])
  })

  it('gives the changes made signed out to the account signed in to, and keeps the others’', async () => {
    opened = new StoreDB('test-adopt')
    const bag = (sku: string): CartIntent => ({
      kind: 'add',
      request: { sku, qty: 1, meta: [], child: [] },
      line: {
        name: sku,
        productSlug: sku,
        productPath: `/equipment/${sku}`,
        variantName: null,
        image: null,
        unitPrice: 100,
        currency: 'USD',
        summary: [],
      },
    })
    await opened.addCartIntent(bag('A'), 'key-a')
    await opened.addCartIntent(bag('B'), 'key-b', { by: 'first@example.com' })
    await opened.adoptCartOutbox('second@example.com')
    expect((await opened.cartOutboxEntries()).map((entry) => [entry.key, entry.by])).toEqual([
      ['key-a', 'second@example.com'],
      ['key-b', 'first@example.com'],
    ])
    // Nobody signed in: an entry made signed in is held, not claimed.
    expect(await opened.claimNextCartEntry({ signedIn: false })).toBe('held')
    expect((await opened.cartOutboxEntries())[0]!.claimed).toBe(false)
  })
  it('after an ended session, shows the visitor only the device’s cart; the account’s changes wait, held', async () => {
    opened = new StoreDB('test-ended-session')
    const bag = (sku: string): CartIntent => ({
      kind: 'add',
      request: { sku, qty: 1, meta: [], child: [] },
      line: {
        name: sku,
        productSlug: sku,
        productPath: `/equipment/${sku}`,
        variantName: null,
        image: null,
        unitPrice: 100,
        currency: 'USD',
        summary: [],
      },
    })
    const line = { ...bag('SERVER'), id: '00000000-0000-4000-8000-000000000001' }
    const accountCart = {
      id: '00000000-0000-4000-8000-0000000000aa',
      status: 'open' as const,
      currency: 'USD',
      items: [
        {
          id: line.id,
          sku: 'SERVER',
          qty: 2,
          meta: [],
          child: [],
        },
      ],
      item_count: 2,
      subtotal: 0,
      discounts: [],
      discount_total: 0,
      total: 0,
      merge_notice: null,
    } as unknown as Parameters<StoreDB['keepCartRead']>[0]
    await opened.adoptCartOutbox('pilot@example.com')
    // A read sent before the sign-in answers with the device's cart, which the sign-in's merge
    // emptied into the account's: it is not kept. One sent after it is.
    expect(await opened.keepCartRead(accountCart, 'account', 0)).toBe(false)
    expect(
      await opened.keepCartRead(accountCart, 'account', (await opened.cartServer()).version),
    ).toBe(true)
    await opened.addCartIntent(bag('HELD'), 'key-held', { by: 'pilot@example.com' })
    expect((await opened.visibleCart()).visible.held).toBe(0)

    await opened.forgetEndedSession()
    await opened.addCartIntent(bag('VISITOR'), 'key-visitor')
    const { visible } = await opened.visibleCart()
    expect(visible.server).toBeNull()
    expect(visible.outbox.map((entry) => entry.key)).toEqual(['key-visitor'])
    expect(visible.held).toBe(1)
    // The visitor removes their own line: it folds into their add, the account's stays as made.
    await opened.addCartIntent(
      { kind: 'update-qty', lineId: 'key-visitor', qty: 0, name: 'VISITOR' },
      'key-remove',
    )
    expect((await opened.cartOutboxEntries()).map((entry) => entry.key)).toEqual(['key-held'])
    // Signed out, the visitor's next change is claimed past the held one.
    await opened.addCartIntent(bag('NEXT'), 'key-next')
    expect(await opened.claimNextCartEntry({ signedIn: false })).toMatchObject({ key: 'key-next' })
  })

  it('keeps what the checkout typed and the submitted order until sign-out forgets them', async () => {
    opened = new StoreDB('test-checkout')
    await opened.keepCheckoutDraft({ notes: 'Blue stitching' }, 5)
    expect(await opened.checkoutDraft()).toEqual({
      updatedAt: 5,
      data: { notes: 'Blue stitching' },
    })
    await opened.addCartIntent(
      {
        kind: 'submit',
        request: { notes: 'Blue stitching', optIn: false },
        order: { itemCount: 1, total: 224000, currency: 'USD', names: ['Corvid 2'] },
      },
      'key-submit',
    )
    const entry = await opened.claimNextCartEntry()
    if (!entry || entry === 'held') throw new Error('the submit was not claimed')
    const order = {
      id: 'order-1',
      status: 'submitted',
      currency: 'USD',
      total: 224000,
      payment_due_today: false,
    }
    await opened.settleCartEntry(entry, { submitted: order, at: 7 })
    expect(await opened.submittedOrder()).toEqual({ key: 'key-submit', order, at: 7 })
    expect(await opened.checkoutDraft()).toBeUndefined()
    expect((await opened.cartServer()).cart).toMatchObject({ items: [], total: 0 })
    // Told once: another key's leaving does not forget it, its own does.
    await opened.forgetSubmittedOrder('another-key')
    expect(await opened.submittedOrder()).toBeDefined()
    await opened.keepCheckoutDraft({ notes: 'Next order' })
    await opened.forgetCart()
    expect(await opened.submittedOrder()).toBeUndefined()
    expect(await opened.checkoutDraft()).toBeUndefined()
  })
})
