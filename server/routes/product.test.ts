import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Product, ProductContent, ProductList } from '../../contract/catalog.ts'
import { drawingRegions } from '../../contract/configurator.ts'
import type { OpenDatabase } from '../db/index.ts'
import { products } from '../db/schema.ts'
import { defaultContentDir } from '../content/load.ts'
import { seedCatalog } from '../services/seed.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

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

  it("carries a configurable product's configurator, as its content file has it", async () => {
    const res = await app.request('/api/product/corvid-2?active=1')
    expect(res.status).toBe(200)
    const body = await res.json()
    const product = Product.parse(body)
    expect(product.configurable).toBe(true)
    const file = path.join(defaultContentDir, 'products', 'wingsuits', 'corvid-2.json')
    const content = ProductContent.parse(JSON.parse(await readFile(file, 'utf8')))
    expect(product.configurator).toEqual(content.configurator)
    expect(product.configurator).toMatchObject({
      drawing: 'wingsuit',
      super_custom: { sku: 'SUPERCUSTOM-WS', price: 35000 },
      super_duper_custom: { sku: 'SUPERDUPERCUSTOM-WS', price: 90000 },
    })
    expect(product.configurator?.regions.map((region) => region.id)).toEqual(
      drawingRegions.wingsuit,
    )
    // snake_case inside the configurator too (the app camelizes every key).
    expect(body.configurator.regions[0]).toHaveProperty('default_color')
    expect(body.configurator.cloud_lite).toHaveProperty('lead_time_weeks')
    expect(body.configurator).toHaveProperty('color_type_prices')
  })

  it('answers configurator null for a product that is not configurable', async () => {
    for (const slug of ['corvid', 'mission-bag']) {
      const body = await (await app.request(`/api/product/${slug}?active=1`)).json()
      expect(body, slug).toHaveProperty('configurator', null)
      expect(body.configurable, slug).toBe(false)
    }
    // Across the catalogue: a configurator exactly when configurable.
    for (const family of ['wingsuits', 'trackingsuits', 'base-equipment', 'skydiving-equipment']) {
      const list = ProductList.parse(await (await app.request(`/api/product/${family}`)).json())
      for (const product of list) {
        expect(product.configurator !== null, product.slug).toBe(product.configurable)
      }
    }
  })

  it('serves a stored product whose data predates configurators as not configurable', async () => {
    const old = await openTestDatabase()
    try {
      await old.db
        .update(products)
        .set({ data: sql`${products.data} - 'configurator'` })
        .where(eq(products.slug, 'corvid-2'))
      const res = await createTestApp(old.db).request('/api/product/corvid-2')
      const product = Product.parse(await res.json())
      expect(product).toMatchObject({ configurable: false, configurator: null })
    } finally {
      await old.close()
    }
  })

  it('describes the configurator in the OpenAPI product schema', async () => {
    const doc = await (await app.request('/api/openapi.json')).json()
    const schema = doc.components.schemas.Product
    expect(schema.required).toContain('configurator')
    expect(schema.properties.configurator.type).toEqual(['object', 'null'])
    expect(Object.keys(schema.properties.configurator.properties)).toEqual(
      expect.arrayContaining(['drawing', 'regions', 'options', 'super_custom', 'cloud_lite']),
    )
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
    const corvid2 = ProductContent.parse(
      JSON.parse(
        await readFile(
          path.join(defaultContentDir, 'products', 'wingsuits', 'corvid-2.json'),
          'utf8',
        ),
      ),
    )
    const small = await openTestDatabase()
    try {
      await seedCatalog(small.db, [corvid2])
      const res = await createTestApp(small.db).request('/api/product/accessories')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([])
    } finally {
      await small.close()
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

  it('reads every form of the query as the documented schema does', async () => {
    const plain = await (await app.request('/api/product/corvid-2?active=1')).text()
    // An escaped slug, other parameters and an empty query are the same request.
    for (const path of [
      '/api/product/%63orvid-2?active=1',
      '/api/product/corvid-2?active=1&utm_source=mail',
      '/api/product/corvid-2?',
    ]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toBe(plain)
    }
    for (const query of ['active=1&active=0', 'active=', 'active=1%00']) {
      const res = await app.request(`/api/product/corvid-2?${query}`)
      expect(res.status, query).toBe(422)
      expect(Object.keys((await res.json()).errors), query).toEqual(['active'])
    }
  })

  it('does not match a trailing slash or redirect it', async () => {
    const res = await app.request('/api/product/corvid-2/')
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toEqual({ message: 'Not found.' })
  })
})

describe('catalog answers over HTTP', () => {
  const url = '/api/product/wingsuits?active=1'

  async function decoded(res: Response, coding: 'br' | 'gzip'): Promise<string> {
    const bytes = Buffer.from(await res.arrayBuffer())
    return (coding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()
  }

  it('lets browsers and shared caches keep them for a minute, keyed by encoding', async () => {
    for (const path of [url, '/api/product/corvid-2?active=1', '/api/product/retro-1?active=0']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=60')
      expect(res.headers.get('vary'), path).toMatch(/accept-encoding/i)
      expect(res.headers.get('etag'), path).toMatch(/^"[\w-]+"$/)
    }
  })

  it('leaves Cache-Control off a 404, so a product added later is not hidden', async () => {
    const res = await app.request('/api/product/no-such-suit')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/max-age/)
  })

  it('sends brotli or gzip as asked, decoding to the same JSON as the plain answer', async () => {
    const plain = await app.request(url)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const identity = await plain.text()
    expect(ProductList.parse(JSON.parse(identity)).length).toBeGreaterThan(3)

    for (const coding of ['br', 'gzip'] as const) {
      const res = await app.request(url, { headers: { 'accept-encoding': coding } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(coding)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(Number(res.headers.get('content-length'))).toBeLessThan(identity.length / 3)
      expect(await decoded(res, coding)).toBe(identity)
    }
    // q-values rule: gzip preferred over brotli here; nothing acceptable means identity.
    const gzipFirst = await app.request(url, { headers: { 'accept-encoding': 'br;q=0.5, gzip' } })
    expect(gzipFirst.headers.get('content-encoding')).toBe('gzip')
    const none = await app.request(url, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })
    expect(none.headers.get('content-encoding')).toBeNull()
    expect(await none.text()).toBe(identity)
  })

  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await app.request(url, { headers: { 'accept-encoding': 'br' } })
    const etag = first.headers.get('etag')!
    const again = await app.request(url, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=60')
    // The brotli form's tag does not stand for the plain bytes.
    const plain = await app.request(url, { headers: { 'if-none-match': etag } })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('etag')).not.toBe(etag)
  })

  it('gives a new ETag once the product changes', async () => {
    const path = '/api/product/corvid?active=1'
    const before = (await app.request(path)).headers.get('etag')!
    await database.db.update(products).set({ price: 99_900 }).where(eq(products.slug, 'corvid'))
    const res = await app.request(path, { headers: { 'if-none-match': before } })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).not.toBe(before)
    expect(Product.parse(await res.json()).price).toBe(99_900)
  })
})
