import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityHeaderList } from '../http/security-headers.ts'
import {
  createTempDir,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { apiReferenceScriptPath } from './api-reference.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let site: Awaited<ReturnType<typeof createTempDir>>
const bundle = readFileSync(
  createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'),
)

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({ 'index.html': '<!doctype html><title>Shop</title>' })
  app = createTestApp(database.db, { staticDir: site.dir })
})
afterAll(async () => {
  await site.cleanup()
  await database.close()
})

const strictPolicy = securityHeaderList({ connectSources: [] })['Content-Security-Policy']

/** The page's inline scripts (those without `src`), as the browser hashes them. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
}

describe('the API reference', () => {
  it('is a page at /api/reference that draws /api/openapi.json with the script the server serves', async () => {
    const res = await app.request('/api/reference')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await res.text()
    expect(page).toContain('<title>Glidecraft store API</title>')
    expect(page).toContain(`<script src="${apiReferenceScriptPath}"></script>`)
    expect(page).toContain('"url": "/api/openapi.json"')
    expect(apiReferenceScriptPath).toMatch(/^\/api\/reference\/scalar-\d+\.\d+\.\d+\.js$/)
    // Nothing from elsewhere: no CDN, no fonts or telemetry from Scalar's servers.
    expect(page).not.toMatch(/https?:\/\//)
    expect(page).toContain('"withDefaultFonts": false')
    expect(page).toContain('"telemetry": false')
    // Kept out of search engines (robots.txt also disallows /api/).
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(res.headers.get('cache-control')).toBe('no-store, private')
  })

  it('runs only its own inline script (by hash) and inline styles, on its page alone', async () => {
    const res = await app.request('/api/reference')
    const scripts = inlineScripts(await res.text())
    expect(scripts).toHaveLength(1)
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`
    const policy = res.headers.get('content-security-policy')
    expect(policy).toBe(
      securityHeaderList({
        connectSources: [],
        inline: { script: [hash], style: ["'unsafe-inline'"] },
      })['Content-Security-Policy'],
    )
    expect(policy).toContain(`script-src 'self' ${hash};`)
    expect(policy).toContain("style-src 'self' 'unsafe-inline';")
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
    expect(policy).toContain("connect-src 'self';")
    expect(policy).toContain("frame-ancestors 'none'")

    const https = await app.request('/api/reference', { headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers.get('content-security-policy')).toBe(policy)
    expect(https.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    )
  })

  it('serves Scalar’s browser bundle from the store, gzipped for browsers, cached for a year', async () => {
    const plain = await app.request(apiReferenceScriptPath)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await plain.arrayBuffer()).equals(bundle)).toBe(true)
    expect(plain.headers.get('content-security-policy')).toBe(strictPolicy)

    const zipped = await app.request(apiReferenceScriptPath, {
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(bundle)).toBe(true)

    expect((await app.request('/api/reference/scalar-0.0.1.js')).status).toBe(404)
  })

  it('leaves the store’s pages, the API and the document under the strict policy', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/wingsuits',
      '/api/reference/',
      '/api/openapi.json',
      '/api/product/corvid-2',
      '/api/nope',
    ]) {
      const res = await app.request(path)
      expect(res.headers.get('content-security-policy'), path).toBe(strictPolicy)
    }
  })
})
