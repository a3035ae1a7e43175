import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { families, familyKeys } from '../../contract/families.ts'
import {
  ProductionTime,
  ProductionTimeForCategory,
  type ProductionTimeCategory,
} from '../../contract/production-time.ts'
import type { OpenDatabase } from '../db/index.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

async function getList() {
  const res = await app.request('/api/order/production-time')
  expect(res.status).toBe(200)
  return ProductionTime.parse(await res.json())
}

describe('GET /api/order/production-time', () => {
  it('returns every category with its weeks, in the contract shape with snake_case keys', async () => {
    const res = await app.request('/api/order/production-time')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    // Public, so the service worker keeps it for the production time page offline.
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const body = await res.json()
    const list = ProductionTime.parse(body)
    expect(list.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(list.categories.length).toBeGreaterThan(0)
    expect(Object.keys(body.categories[0]).sort()).toEqual([
      'category',
      'note',
      'title',
      'weeks_max',
      'weeks_min',
    ])
    expect(JSON.stringify(body)).not.toMatch(/"[a-z]+[A-Z]\w*":/)
  })

  it("gives each category its family's title, once, with weeks in order", async () => {
    const { categories } = await getList()
    expect(new Set(categories.map((entry) => entry.category)).size).toBe(categories.length)
    for (const entry of categories) {
      expect(entry.title).toBe(families[entry.category].title)
      expect(entry.weeks_min).toBeLessThanOrEqual(entry.weeks_max)
    }
    expect(categories.map((entry) => entry.category)).toContain('wingsuits')
  })
})

describe('GET /api/product/production-time/category/{category}', () => {
  it('returns one category with the revision day, the same as in the list', async () => {
    const list = await getList()
    for (const entry of list.categories) {
      const res = await app.request(`/api/product/production-time/category/${entry.category}`)
      expect(res.status).toBe(200)
      const one = ProductionTimeForCategory.parse(await res.json())
      expect(one).toEqual({ ...entry, updated_at: list.updated_at })
    }
  })

  it('answers 404 JSON for an unknown category', async () => {
    const res = await app.request('/api/product/production-time/category/hang-gliders')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found.' })
  })

  it('answers 404 JSON for a family that has no production time, or a product slug', async () => {
    const listed = new Set(
      (await getList()).categories.map((e: ProductionTimeCategory) => e.category),
    )
    for (const category of [...familyKeys.filter((key) => !listed.has(key)), 'corvid-2']) {
      const res = await app.request(`/api/product/production-time/category/${category}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found.' })
    }
  })

  it.each(['Wingsuits', 'wing_suits', 'wingsuits%20', 'a%00b', 'x'.repeat(101)])(
    'answers 404 for the category %s, which is not written as a key',
    async (category) => {
      const res = await app.request(`/api/product/production-time/category/${category}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found.' })
    },
  )

  it('leaves other paths under /api/product/production-time to the product route', async () => {
    for (const path of [
      '/api/product/production-time',
      '/api/product/production-time/category',
      '/api/product/production-time/category/wingsuits/',
    ]) {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(res.headers.get('location')).toBeNull()
      expect(await res.json()).toEqual({ message: 'Not found.' })
    }
  })
})

describe('caching of production times', () => {
  // Public data: marked so, the service worker keeps it for product pages opened offline.
  it('marks the answers public, and a missing category not', async () => {
    for (const path of [
      '/api/order/production-time',
      '/api/product/production-time/category/wingsuits',
    ]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=60')
    }
    const missing = await app.request('/api/product/production-time/category/no-such-family')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store, private')
  })
})
