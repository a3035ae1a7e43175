import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../db/index.ts'
import { createTempDir, createTestApp, openTestDatabase } from '../testing/test-helpers.ts'
import { recaptchaOrigins } from '../../contract/contact.ts'
import { listFor, securityHeaderLists } from './security-headers.ts'

/** What every answer carries, written out here rather than read from the module under test. */
const expected = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
    "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}
const hsts = 'max-age=63072000; includeSubDomains'

let database: OpenDatabase
let site: Awaited<ReturnType<typeof createTempDir>>
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({
    'index.html': '<!doctype html><title>Glidecraft</title><div id="root"></div>',
    'assets/index-3f9a1c.js': `export const parts = ${JSON.stringify(Array(300).fill('part'))}\n`,
    'pages/about/index.html': `<!doctype html><title>About</title>${'<p>About us.</p>'.repeat(90)}`,
    'videos/clip.mp4': 'not really a video, but bytes to ask ranges of',
    'big.txt': 'x'.repeat(3 * 1024 * 1024),
  })
  app = createTestApp(database.db, { staticDir: site.dir })
})
afterAll(async () => {
  await database.close()
  await site.cleanup()
})

async function etagOf(path: string): Promise<string> {
  // Plain bytes: a compressed form may be made between two requests and change the ETag.
  const res = await app.request(path)
  return res.headers.get('etag')!
}

describe('security headers on every kind of answer', () => {
  const cases: Array<[string, string, Record<string, string>, number]> = [
    ['catalog 200', '/api/product/corvid-2?active=1', {}, 200],
    ['family list 200', '/api/product/wingsuits', {}, 200],
    ['API 404', '/api/product/no-such-wing', {}, 404],
    ['API 422', '/api/product/corvid-2?active=2', {}, 422],
    ['API 405', '/api/product/corvid-2', {}, 405],
    ['static file', '/assets/index-3f9a1c.js', { 'accept-encoding': 'br, gzip' }, 200],
    ['static file, part', '/videos/clip.mp4', { range: 'bytes=0-3' }, 206],
    ['static file, no such part', '/videos/clip.mp4', { range: 'bytes=900-' }, 416],
    ['streamed file', '/big.txt', {}, 200],
    ['prerendered page', '/about', { 'accept-encoding': 'gzip' }, 200],
    ['page 404', '/no/such/page', {}, 404],
  ]

  it.each(cases)('%s', async (_, path, headers, status) => {
    const method = status === 405 ? 'DELETE' : 'GET'
    for (const viaProxy of [false, true]) {
      const res = await app.request(path, {
        method,
        headers: viaProxy ? { ...headers, 'x-forwarded-proto': 'https' } : headers,
      })
      expect(res.status).toBe(status)
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers.get(name), name).toBe(value)
      }
      expect(res.headers.get('strict-transport-security')).toBe(viaProxy ? hsts : null)
    }
  })

  it('on a 304 for a catalog answer and for a built file', async () => {
    for (const path of ['/api/product/corvid-2?active=1', '/assets/index-3f9a1c.js', '/about']) {
      const res = await app.request(path, {
        headers: { 'if-none-match': await etagOf(path) },
      })
      expect(res.status, path).toBe(304)
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(value)
      }
    }
  })

  it('with HSTS for a request that reached us over HTTPS directly', async () => {
    const res = await app.request('https://shop.example/api/product/corvid-2?active=1')
    expect(res.status).toBe(200)
    expect(res.headers.get('strict-transport-security')).toBe(hsts)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('reCAPTCHA origins (issue 17)', () => {
  it('opens Google’s reCAPTCHA origins on the form pages only, and only with a site key', () => {
    const lists = securityHeaderLists({
      connectSources: [],
      recaptchaSources: recaptchaOrigins,
      paymentSources: {
        script: ['https://pay.example'],
        frame: ['https://pay.example'],
        connect: [],
        img: [],
      },
    })
    const policy = (path: string) => listFor(lists, path, false)['Content-Security-Policy']!
    for (const path of ['/contact', '/coaches/elin-vardal', '/login', '/checkout']) {
      expect(policy(path), path).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//)
      expect(policy(path), path).toContain('https://recaptcha.google.com/recaptcha/')
    }
    expect(policy('/checkout')).toContain('https://pay.example')
    for (const path of ['/', '/coaches', '/newsletter', '/wingsuits/corvid-2', '/cart']) {
      expect(policy(path), path).not.toContain('google')
    }
    const none = securityHeaderLists({ connectSources: [] })
    expect(listFor(none, '/contact', false)['Content-Security-Policy']).not.toContain('google')
  })
})
