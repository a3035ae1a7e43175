import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArchiveImagePage, type ArchiveImage } from '../../contract/archive.ts'
import type { OpenDatabase } from '../db/index.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

async function getPage(query = '') {
  const res = await app.request(`/api/product/archive-image${query}`)
  expect(res.status).toBe(200)
  return ArchiveImagePage.parse(await res.json())
}

async function getAll(query: string) {
  return (await getPage(`?per_page=100&${query}`)).data
}

/** Newest year first; within a year the content's order, which the test cannot see. */
function expectNewestFirst(images: ArchiveImage[]) {
  const years = images.map((image) => image.year)
  expect(years).toEqual([...years].sort((a, b) => b - a))
}

describe('GET /api/product/archive-image', () => {
  it('returns the first page of both types, in the contract shape with snake_case keys', async () => {
    const res = await app.request('/api/product/archive-image')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await res.json()
    const page = ArchiveImagePage.parse(body)
    expect(page.meta).toMatchObject({ page: 1, per_page: 24 })
    expect(page.meta.total).toBeGreaterThanOrEqual(24)
    expect(page.meta.total_pages).toBe(Math.ceil(page.meta.total / 24))
    expect(page.data).toHaveLength(24)
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'alt',
      'category',
      'colors',
      'id',
      'pilot',
      'product_name',
      'product_slug',
      'src',
      'title',
      'type',
      'year',
    ])
    expect(JSON.stringify(body)).not.toMatch(/"[a-z]+[A-Z]\w*":/)
    expect(new Set(page.data.map((image) => image.type))).toEqual(
      new Set(['supercustom', 'superdupercustom']),
    )
    expectNewestFirst(page.data)
  })

  it('describes each picture: where it is, what it shows, the product and its family', async () => {
    const all = await getAll('')
    const families: Record<string, string> = {
      'corvid-2': 'wingsuits',
      a5: 'wingsuits',
      corvid: 'wingsuits',
      flux: 'trackingsuits',
    }
    for (const image of all) {
      expect(image.src).toMatch(/^\/images\/archive\/[a-z0-9-]+\.(svg|jpe?g|png|webp|avif)$/)
      expect(image.alt.length).toBeGreaterThan(10)
      expect(image.colors.length).toBeGreaterThan(0)
      if (families[image.product_slug]) expect(image.category).toBe(families[image.product_slug])
      expect(image.product_name).toBeTruthy()
    }
    expect(new Set(all.map((image) => image.id)).size).toBe(all.length)
    const flux = all.find((image) => image.product_slug === 'flux')
    expect(flux).toMatchObject({ category: 'trackingsuits', product_name: 'Flux' })
  })

  it('names pilots by first name or initials only', async () => {
    const pilots = (await getAll('')).map((image) => image.pilot)
    expect(pilots.some((pilot) => pilot === null)).toBe(true)
    for (const pilot of pilots.filter((p) => p !== null)) {
      expect(pilot).toMatch(/^(?:\p{Lu}[\p{L}'-]*(?: \p{Lu}\.)?|(?:\p{Lu}\.){1,3})$/u)
    }
  })

  it('filters by type, and the two types make up the whole archive', async () => {
    const all = await getPage()
    const types = { supercustom: 0, superdupercustom: 0 }
    for (const type of ['supercustom', 'superdupercustom'] as const) {
      const page = await getPage(`?type=${type}&per_page=100`)
      expect(page.data.length).toBeGreaterThan(0)
      expect(page.data.every((image) => image.type === type)).toBe(true)
      expect(page.meta.total).toBe(page.data.length)
      expectNewestFirst(page.data)
      types[type] = page.meta.total
    }
    expect(types.supercustom + types.superdupercustom).toBe(all.meta.total)
  })

  it('filters by a family key: every product of the family', async () => {
    const wingsuits = await getAll('category=wingsuits')
    expect(wingsuits.length).toBeGreaterThan(0)
    expect(wingsuits.every((image) => image.category === 'wingsuits')).toBe(true)
    expect(new Set(wingsuits.map((image) => image.product_slug))).toEqual(
      new Set(['corvid-2', 'a5', 'corvid']),
    )
    const tracking = await getAll('category=trackingsuits')
    expect(tracking.length).toBeGreaterThan(0)
    expect(tracking.every((image) => image.category === 'trackingsuits')).toBe(true)
    const all = await getPage()
    expect(wingsuits.length + tracking.length).toBe(all.meta.total)
  })

  it('filters by a product slug, alone or with a type', async () => {
    const corvid2 = await getAll('category=corvid-2')
    expect(corvid2.length).toBeGreaterThan(0)
    expect(corvid2.every((image) => image.product_slug === 'corvid-2')).toBe(true)
    const both = await getAll('category=corvid-2&type=superdupercustom')
    expect(both.length).toBeGreaterThan(0)
    expect(both.length).toBeLessThan(corvid2.length)
    expect(both).toEqual(corvid2.filter((image) => image.type === 'superdupercustom'))
  })

  it('answers an empty page for a category that names nothing or has no pictures', async () => {
    for (const category of ['no-such-suit', 'accessories', 'mission-bag']) {
      const page = await getPage(`?category=${category}`)
      expect(page).toEqual({ data: [], meta: { page: 1, per_page: 24, total: 0, total_pages: 0 } })
    }
  })

  it('pages through the archive without gaps or repeats', async () => {
    const all = await getAll('')
    const seen: string[] = []
    const perPage = 5
    const first = await getPage(`?per_page=${perPage}`)
    expect(first.meta.total_pages).toBe(Math.ceil(all.length / perPage))
    for (let page = 1; page <= first.meta.total_pages; page++) {
      const { data, meta } = await getPage(`?per_page=${perPage}&page=${page}`)
      expect(meta).toEqual({ ...first.meta, page })
      expect(data.length).toBe(page < meta.total_pages ? perPage : all.length - seen.length)
      seen.push(...data.map((image) => image.id))
    }
    expect(seen).toEqual(all.map((image) => image.id))
  })

  it('answers an empty page past the last one', async () => {
    const page = await getPage('?page=10000&per_page=100')
    expect(page.data).toEqual([])
    expect(page.meta.page).toBe(10000)
    expect(page.meta.total).toBeGreaterThan(0)
  })

  it('serves at most 100 per page, and at least 1', async () => {
    expect((await getPage('?per_page=100')).meta.per_page).toBe(100)
    expect((await getPage('?per_page=1')).data).toHaveLength(1)
  })

  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['page=10001', 'page'],
    ['type=custom', 'type'],
    ['type=SUPERCUSTOM', 'type'],
    ['category=Corvid%202', 'category'],
    ['category=', 'category'],
  ])('rejects %s with the 422 body under %s', async (query, field) => {
    const res = await app.request(`/api/product/archive-image?${query}`)
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.message).toBe('The given data was invalid.')
    expect(Object.keys(body.errors)).toEqual([field])
    expect(body.errors[field]).toEqual([expect.any(String)])
  })

  it('reports every invalid field at once', async () => {
    const res = await app.request('/api/product/archive-image?type=x&page=0&per_page=500')
    expect(res.status).toBe(422)
    expect(Object.keys((await res.json()).errors).sort()).toEqual(['page', 'per_page', 'type'])
  })

  it('is not taken for a product slug by GET /api/product/{slug}', async () => {
    const page = await getPage()
    expect(page.data.length).toBeGreaterThan(0)
    const res = await app.request('/api/product/archive-image?active=1')
    expect(res.status).toBe(200)
    expect(await res.json()).toHaveProperty('meta')
  })

  it('does not match a trailing slash or redirect it', async () => {
    const res = await app.request('/api/product/archive-image/')
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.json()).toEqual({ message: 'Not found.' })
  })
})

describe('caching of the archive', () => {
  it('marks a page of the archive public, and a refused query not', async () => {
    const res = await app.request('/api/product/archive-image?type=supercustom')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const refused = await app.request('/api/product/archive-image?page=0')
    expect(refused.status).toBe(422)
    expect(refused.headers.get('cache-control')).toBe('no-store, private')
  })
})
