import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database, OpenDatabase } from '../db/index.ts'
import type { MemoryRequest } from '../http/memory-answers.ts'
import { createCatalogCache } from '../services/catalog-cache.ts'
import { createTempDir, createTestApp, openTestDatabase } from '../testing/test-helpers.ts'
import { createSite } from './pages.ts'

const indexHtml = '<!doctype html><title>Flight store</title><div id="root"></div>'
const errorHtml = '<!doctype html><title>Server error</title>'

/** Pages exactly as built: no test store's notice (payment-providers.test.ts covers it). */
const pagesAsBuilt = { TEST_PAYMENTS: 'false' }
let database: OpenDatabase
let site: Awaited<ReturnType<typeof createTempDir>>
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({
    'index.html': indexHtml,
    '500.html': errorHtml,
    'assets/index-3f9a1c.js': 'console.log("app")',
    'assets/vendor-9c2e1b.js': `export const big = ${JSON.stringify('x'.repeat(4096))}\n`,
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'manifest.webmanifest': '{"name":"Flight store"}',
    'robots.txt': 'User-agent: *',
    '.env': 'SECRET=1',
    'page-data/news/view/some-race/page-data.json': '{"result":{"data":{}}}',
    'page-data/people/corvid-2/page-data.json': '{"result":{"data":{}}}',
    'pages/about/index.html': '<!doctype html><title>About</title><h1>About us</h1>',
  })
  app = createTestApp(database.db, { staticDir: site.dir, env: pagesAsBuilt })
})
afterAll(async () => {
  await database.close()
  await site.cleanup()
})

async function expectIndex(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  expect(res.headers.get('cache-control')).toBe('no-cache')
  expect(await res.text()).toBe(indexHtml)
}

describe('files', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await app.request('/assets/index-3f9a1c.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe('console.log("app")')
  })

  it('makes the browser revalidate index.html, the service worker and the manifest', async () => {
    for (const path of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('sends text gzipped to browsers that accept it', async () => {
    const res = await app.request('/assets/vendor-9c2e1b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = new Uint8Array(await res.arrayBuffer())
    expect(body.length).toBeLessThan(1024)
    const plain = await new Response(
      new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text()
    expect(plain).toContain('export const big')
  })

  it('caches other public files briefly', async () => {
    const res = await app.request('/robots.txt')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/sw.js')
    const etag = first.headers.get('etag')!
    const again = await app.request('/sw.js', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request('/assets/index-3f9a1c.js', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('18')
    expect(await res.text()).toBe('')
  })

  it('never serves hidden files or paths outside the site', async () => {
    for (const path of ['/.env', '/assets/../.env', '/%2e%2e/package.json', '/..%2fpackage.json']) {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toBe(indexHtml)
    }
  })
})

describe('pages', () => {
  it('serves index.html with 200 for page routes', async () => {
    for (const path of [
      '/',
      '/airfoils',
      '/news/view/some-race',
      '/checkout/shipping',
      '/wingsuits',
    ]) {
      await expectIndex(await app.request(path), 200)
    }
  })

  it('serves index.html with 200 for product pages of active products', async () => {
    for (const path of ['/wingsuits/corvid-2', '/equipment/mission-bag', '/products/logo-tee']) {
      await expectIndex(await app.request(path), 200)
    }
  })

  it('serves index.html with 404 for unknown paths', async () => {
    await expectIndex(await app.request('/no/such/page'), 404)
  })

  it('serves a content page only where the build wrote its data', async () => {
    await expectIndex(await app.request('/news/view/no-such-story'), 404)
    await expectIndex(await app.request('/learn/no-such-guide'), 404)
    await expectIndex(await app.request('/landing/no-such-campaign'), 404)
  })

  it("serves every path under a product's people page, and none under an unknown product", async () => {
    await expectIndex(await app.request('/people/corvid-2'), 200)
    await expectIndex(await app.request('/people/corvid-2/jane/photos'), 200)
    await expectIndex(await app.request('/people/no-such-suit'), 404)
    await expectIndex(await app.request('/people/no-such-suit/jane'), 404)
    await expectIndex(await app.request('/people/friends/jane'), 200)
  })

  it('serves the prerendered page where there is one', async () => {
    const res = await app.request('/about')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<h1>About us</h1>')
  })

  it('serves index.html with 404 for missing, retired or misplaced products', async () => {
    for (const path of [
      '/wingsuits/no-such-suit',
      '/wingsuits/retro-1',
      '/trackingsuits/corvid-2',
      '/equipment/corvid-2',
    ]) {
      await expectIndex(await app.request(path), 404)
    }
  })

  it('answers HEAD for a page with the page status', async () => {
    const res = await app.request('/wingsuits/no-such-suit', { method: 'HEAD' })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('')
  })

  it('carries the security headers', async () => {
    const res = await app.request('/about')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';")
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('hostile page paths', () => {
  const unreachable = new Proxy({} as Database, {
    get() {
      throw new Error('the database was asked')
    },
  })

  it('answers 404 for a product or content parameter that is not a slug, before the database is asked', async () => {
    const guarded = createTestApp(unreachable, { staticDir: site.dir, env: pagesAsBuilt })
    for (const path of [
      '/wingsuits/a%00b',
      '/equipment/%00',
      '/equipment/accessories/skydiving/%E2%80%AE',
      `/products/${'x'.repeat(101)}`,
      '/news/view/a%00b',
      '/people/a%00b/photos',
      '/learn/..%2F..%2Fetc',
    ]) {
      await expectIndex(await guarded.request(path), 404)
    }
  })

  it('answers 414 for a page path over 2 KiB, and 404 quickly for a long run of slashes under it', async () => {
    const long = await app.request(`/news/${'/'.repeat(15_000)}x`)
    expect(long.status).toBe(414)
    expect(await long.text()).toBe('The address is too long.')
    // Under the cap the trim is linear (trim-slashes.test.ts); the page has no data file.
    await expectIndex(await app.request(`/news/${'/'.repeat(2000)}x`), 404)
  })
})

describe('trailing slashes', () => {
  it('redirects a page path to the slash-less path, keeping the query', async () => {
    const res = await app.request('/about/?ref=news&x=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/about?ref=news&x=1')
  })

  it('never redirects to another host', async () => {
    for (const path of ['//evil.example/', '/\\evil.example/', '///evil.example//']) {
      const res = await app.request(`http://localhost${path}`)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe('/evil.example')
    }
  })

  it('leaves / alone and does not redirect /api paths', async () => {
    expect((await app.request('/')).status).toBe(200)
    const api = await app.request('/api/product/corvid-2/')
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toMatch(/^application\/json/)
  })
})

describe('errors', () => {
  const failing = new Proxy({} as Database, {
    get() {
      throw new Error('database is down')
    },
  })

  it('serves 500.html with 500 when a page fails', async () => {
    const res = await createTestApp(failing, { staticDir: site.dir, env: pagesAsBuilt }).request(
      '/wingsuits/corvid-2',
    )
    expect(res.status).toBe(500)
    expect(await res.text()).toBe(errorHtml)
  })

  it('falls back to built-in pages without a build', async () => {
    const empty = await createTempDir({})
    try {
      const bare = createTestApp(database.db, { staticDir: empty.dir, env: pagesAsBuilt })
      const missing = await bare.request('/about')
      expect(missing.status).toBe(404)
      expect(await missing.text()).toMatch(/<h1>Not found<\/h1>/)
      const broken = await createTestApp(failing, {
        staticDir: empty.dir,
        env: pagesAsBuilt,
      }).request('/wingsuits/a5')
      expect(broken.status).toBe(500)
      expect(await broken.text()).toMatch(/<h1>Something went wrong<\/h1>/)
    } finally {
      await empty.cleanup()
    }
  })
})

describe('the reCAPTCHA site key, a setting of the server', () => {
  const meta = '<meta name="recaptcha-site-key" content="site-key-1">'

  it('is handed to every page the server sends: the shell, a prerendered page, a 404', async () => {
    const withKey = createTestApp(database.db, {
      staticDir: site.dir,
      env: { ...pagesAsBuilt, RECAPTCHA_SITE_KEY: 'site-key-1' },
    })
    for (const [path, status] of [
      ['/', 200],
      ['/contact', 200],
      ['/about', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await withKey.request(path)
      expect(res.status, path).toBe(status)
      expect(await res.text(), path).toContain(meta)
    }
    // Only pages: scripts are sent as they are.
    expect(await (await withKey.request('/assets/index-3f9a1c.js')).text()).toBe(
      'console.log("app")',
    )
  })

  it('is not there without one: the pages are sent as built', async () => {
    for (const path of ['/', '/contact', '/about']) {
      expect(await (await app.request(path)).text(), path).not.toContain('recaptcha-site-key')
    }
  })
})

describe('the back office’s pages', () => {
  const backOffice = [
    '/admin',
    '/admin/orders',
    '/admin/orders/8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
    '/admin/queue',
    '/Admin/Codes',
    '/admin/no-such-screen',
  ]

  it('are marked noindex, nofollow, whatever their status; no other page is', async () => {
    for (const path of backOffice) {
      const res = await app.request(path)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow')
    }
    const redirect = await app.request('/admin/orders/')
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    for (const path of ['/', '/about', '/wingsuits/corvid-2', '/administrator', '/no/such/page'])
      expect((await app.request(path)).headers.get('x-robots-tag'), path).toBeNull()
  })

  it('are marked in the answers kept in memory too', async () => {
    const { answerFromMemory } = createSite({
      staticDir: site.dir,
      catalog: createCatalogCache({ db: database.db }),
    })
    const request = (path: string): MemoryRequest => ({
      method: 'GET',
      path,
      query: '',
      ifNoneMatch: undefined,
      header: () => undefined,
      security: {},
    })
    // The first answer may wait for the catalog: ask until it is in memory.
    await vi.waitFor(() => expect(answerFromMemory(request('/admin'))).toBeDefined())
    for (const path of backOffice) {
      const answer = answerFromMemory(request(path))
      expect(answer?.headers['X-Robots-Tag'], path).toBe('noindex, nofollow')
    }
    expect(answerFromMemory(request('/about'))?.headers['X-Robots-Tag']).toBeUndefined()
  })
})
