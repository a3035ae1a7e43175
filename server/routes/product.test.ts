import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Product, ProductList } from '../../contract/catalog.ts'
import type { OpenDatabase } from '../db/index.ts'
import { defaultContentDir, seedCatalog } from '../db/seed.ts'
import { createTempDir, createTestApp, openTestDatabase } from '../test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

describe('GET /api/product/{slug}', () => {
  it('returns a product by slug, in the contract shape with snake_case keys', async () => {
    const res = await app.request('/api/product/corvid-2?active=1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await res.json()
    const product = Product.parse(body)
    expect(product).toMatchObject({
      slug: 'corvid-2',
      family: 'wingsuits',
      discipline: null,
      sku: 'CORVID2',
      currency: 'USD',
      path: '/wingsuits/corvid-2',
    })
    expect(body).toHaveProperty('lead_time_weeks')
    expect(body.variants[0]).toHaveProperty('in_stock')
    expect(JSON.stringify(body)).not.toMatch(/"[a-z]+[A-Z]\w*":/)
  })

  it('lists variants in content order, each with a sku, one of them -CUSTOM', async () => {
    const product = Product.parse(await (await app.request('/api/product/corvid-2')).json())
    expect(product.variants.map((variant) => variant.sku)).toEqual([
      'CORVID2-S',
      'CORVID2-M',
      'CORVID2-L',
      'CORVID2-XL',
      'CORVID2-CUSTOM',
    ])
    expect(product.variants.some((variant) => variant.sku.includes('-CUSTOM'))).toBe(true)
  })

  it('returns the active products of a family key as an array, each with a sku', async () => {
    const res = await app.request('/api/product/wingsuits?active=1')
    expect(res.status).toBe(200)
    const list = ProductList.parse(await res.json())
    const slugs = list.map((product) => product.slug)
    expect(slugs).toEqual(expect.arrayContaining(['a4', 'a5', 'corvid', 'corvid-2']))
    expect(slugs).not.toContain('retro-1')
    for (const product of list) {
      expect(product.sku).toBeTruthy()
      expect(product.active).toBe(true)
      expect(product.family).toBe('wingsuits')
    }
  })

  it('answers an empty array for a family with no products yet', async () => {
    // Every family has products in content/, so seed a catalogue that leaves one empty.
    const content = await createTempDir({
      'wingsuits/corvid-2.json': await readFile(
        path.join(defaultContentDir, 'wingsuits', 'corvid-2.json'),
        'utf8',
      ),
    })
    const small = await openTestDatabase()
    try {
      await seedCatalog(small.db, content.dir)
      const res = await createTestApp(small.db).request('/api/product/accessories')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([])
    } finally {
      await small.close()
      await content.cleanup()
    }
  })

  it('gives the path of a bag and of an apparel item', async () => {
    const bag = Product.parse(await (await app.request('/api/product/mission-bag')).json())
    expect(bag.path).toBe('/equipment/mission-bag')
    const list = ProductList.parse(await (await app.request('/api/product/apparel')).json())
    expect(list[0]?.path).toMatch(/^\/products\//)
  })

  it('answers 404 for an unknown slug', async () => {
    const res = await app.request('/api/product/no-such-suit?active=1')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found.' })
  })

  it('answers 404 for a retired product unless active=0', async () => {
    expect((await app.request('/api/product/retro-1?active=1')).status).toBe(404)
    expect((await app.request('/api/product/retro-1')).status).toBe(404)
    const res = await app.request('/api/product/retro-1?active=0')
    expect(res.status).toBe(200)
    expect(Product.parse(await res.json()).active).toBe(false)
    const all = ProductList.parse(
      await (await app.request('/api/product/wingsuits?active=0')).json(),
    )
    expect(all.map((product) => product.slug)).toContain('retro-1')
  })

  it('rejects an active value other than 0 or 1 with the 422 body', async () => {
    const res = await app.request('/api/product/corvid-2?active=yes')
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.message).toBe('The given data was invalid.')
    expect(Object.keys(body.errors)).toEqual(['active'])
    expect(body.errors.active).toEqual([expect.any(String)])
  })

  it('does not match a trailing slash or redirect it', async () => {
    const res = await app.request('/api/product/corvid-2/')
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toEqual({ message: 'Not found.' })
  })
})
