import { afterEach, describe, expect, it } from 'vitest'
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

  it('finds cached catalog products by family', async () => {
    opened = new StoreDB('test-catalog')
    await opened.products.bulkPut([
      { slug: 'corvid-2', family: 'wingsuits', updatedAt: 1, data: {} },
      { slug: 'flux', family: 'trackingsuits', updatedAt: 1, data: {} },
    ])
    const wingsuits = await opened.products.where('family').equals('wingsuits').toArray()
    expect(wingsuits.map((p) => p.slug)).toEqual(['corvid-2'])
  })
})
