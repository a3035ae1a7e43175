import { afterEach, describe, expect, it } from 'vitest'
import { productFixture } from '../test/products.ts'
import { StoreDB } from './db.ts'

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
})
