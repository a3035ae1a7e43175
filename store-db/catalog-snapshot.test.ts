import { afterEach, describe, expect, it, vi } from 'vitest'
import { familyKeys } from '../contract/families.ts'
import { CATALOG_MAX_AGE_MS, syncCatalogSnapshot } from './catalog-snapshot.ts'
import { StoreDB } from './store-db.ts'

const palette = [{ id: 'n4D', name: 'Night', hex: '#101820', type: 'standard' }]

function serve(requests: { url: string; init?: RequestInit }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      requests.push({ url: url.href, init })
      const body = url.pathname.startsWith('/page-data/')
        ? { result: { data: { palette } } }
        : url.pathname === '/api/product/wingsuits'
          ? [{ slug: 'corvid-2', family: 'wingsuits', lead_time_weeks: 8 }]
          : []
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
    }),
  )
}

let db: StoreDB | undefined

afterEach(async () => {
  vi.unstubAllGlobals()
  if (db) {
    db.close()
    await db.delete()
  }
})

describe('syncCatalogSnapshot', () => {
  it('asks the API host for every family and the site for the palette, as public calls', async () => {
    const requests: { url: string; init?: RequestInit }[] = []
    serve(requests)
    db = new StoreDB('test-snapshot')
    const pause = vi.fn(async () => {})
    const result = await syncCatalogSnapshot(db, {
      apiBase: 'https://api.example',
      siteOrigin: 'https://shop.example',
      now: 1000,
      pause,
    })
    expect(result).toBe('synced')
    expect(requests.map((r) => r.url).sort()).toEqual(
      [
        'https://shop.example/page-data/store/page-data.json',
        ...familyKeys.map((family) => `https://api.example/api/product/${family}?active=1`),
      ].sort(),
    )
    for (const { init } of requests) {
      expect(init?.credentials).toBe('omit')
      expect(new Headers(init?.headers).has('Authorization')).toBe(false)
    }
    expect(pause).toHaveBeenCalled()
    expect((await db.catalogProduct('corvid-2'))?.leadTimeWeeks).toBe(8)
    expect(await db.catalogPalette()).toEqual(palette)

    expect(
      await syncCatalogSnapshot(db, {
        apiBase: 'https://api.example',
        siteOrigin: 'https://shop.example',
        now: 1000 + CATALOG_MAX_AGE_MS - 1,
      }),
    ).toBe('fresh')
  })
})
