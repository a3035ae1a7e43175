import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { familyKeys } from '../../../contract/families.ts'
import { db } from '../../lib/db.ts'
import { productFixture } from '../../test/products.ts'
import { familyQuery, loadPalette, productQuery } from './api.ts'
import { CATALOG_MAX_AGE_MS } from '../../../store-db/catalog-snapshot.ts'
import { syncCatalog } from './offline.ts'

const wire = (slug: string, family = 'wingsuits') => ({
  slug,
  family,
  path: `/${family}/${slug}`,
  lead_time_weeks: 8,
  variants: [{ sku: `${slug}-CUSTOM`, in_stock: false }],
})

const palette = [{ id: 'n4D', name: 'Night', hex: '#101820', type: 'standard' }]

function serveCatalog() {
  const fetch = vi.fn(async (input: Request | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.href)
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
    if (url.pathname === '/page-data/store/page-data.json')
      return json({ result: { data: { palette } } })
    const family = url.pathname.split('/').at(-1)!
    return json(family === 'wingsuits' ? [wire('corvid-2'), wire('a5')] : [])
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** One request per family, and one for the palette. */
const syncRequests = familyKeys.length + 1

function goOffline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }),
  )
}

beforeEach(async () => {
  await db.products.clear()
  await db.meta.clear()
})

afterEach(() => vi.unstubAllGlobals())

describe('syncCatalog', () => {
  it('stores every family of the catalog and the palette in IndexedDB', async () => {
    const fetch = serveCatalog()
    expect(await syncCatalog({ now: 1000 })).toBe('synced')
    expect(fetch).toHaveBeenCalledTimes(syncRequests)
    expect(await db.catalogPalette()).toEqual(palette)
    const saved = await db.catalogFamily('wingsuits')
    expect(saved.map((p) => p.slug).sort()).toEqual(['a5', 'corvid-2'])
    expect(saved[0]!.leadTimeWeeks).toBe(8)
    // The file's first sync loads the database's code and opens it: past 5 s once, with the
    // whole suite loading both cores.
  }, 20_000)

  it('does not refetch a fresh snapshot, and refreshes a stale one', async () => {
    const fetch = serveCatalog()
    await syncCatalog({ now: 1000 })
    expect(await syncCatalog({ now: 1000 + CATALOG_MAX_AGE_MS - 1 })).toBe('fresh')
    expect(fetch).toHaveBeenCalledTimes(syncRequests)
    expect(await syncCatalog({ now: 1000 + CATALOG_MAX_AGE_MS })).toBe('synced')
  })

  it('keeps the last snapshot when the network is gone', async () => {
    await db.replaceCatalog([productFixture()], 1)
    goOffline()
    await expect(syncCatalog({ now: 1 + CATALOG_MAX_AGE_MS })).rejects.toThrow()
    expect(await db.catalogProduct('corvid-2')).toBeDefined()
  })
})

describe('product queries offline', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

  it('answer from the snapshot when there is no network', async () => {
    await db.replaceCatalog([productFixture(), productFixture({ slug: 'a5' })], 1)
    goOffline()
    const product = await client().fetchQuery(productQuery('a5'))
    expect(product.slug).toBe('a5')
    const family = await client().fetchQuery(familyQuery('wingsuits'))
    expect(family.map((p) => p.slug).sort()).toEqual(['a5', 'corvid-2'])
  })

  it('name colours from the snapshot palette when there is no network', async () => {
    await db.replaceCatalog([productFixture()], 1, palette)
    goOffline()
    expect(await loadPalette()).toEqual(palette)
  })

  it('still fail offline for a product the snapshot does not have', async () => {
    goOffline()
    await expect(client().fetchQuery(productQuery('nope'))).rejects.toThrow(/network/i)
  })

  it('never hide an answer of the API behind the snapshot', async () => {
    await db.replaceCatalog([productFixture({ slug: 'retired' })], 1)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not found."}', { status: 404 })),
    )
    await expect(client().fetchQuery(productQuery('retired'))).rejects.toMatchObject({
      status: 404,
    })
  })
})
