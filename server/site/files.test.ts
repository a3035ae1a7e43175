import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../db/index.ts'
import { createTempDir, createTestApp, openTestDatabase } from '../test-helpers.ts'

const script = `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `part-${i}`))}\n`
const aboutHtml = `<!doctype html><title>About</title><h1>About us</h1>${'<p>We make wingsuits.</p>'.repeat(80)}`
const shellHtml = '<!doctype html><title>Glidecraft</title><div id="root"></div>'
// Past the in-memory size limit: streamed from disk.
const bigText = 'x'.repeat(3 * 1024 * 1024)

let database: OpenDatabase
let site: Awaited<ReturnType<typeof createTempDir>>
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({
    'index.html': shellHtml,
    'assets/index-3f9a1c.js': script,
    'images/logo.png': 'not really a png, but served as one',
    'pages/about/index.html': aboutHtml,
    'big.txt': bigText,
  })
  app = createTestApp(database.db, { staticDir: site.dir })
})
afterAll(async () => {
  await database.close()
  await site.cleanup()
})

function decode(bytes: Buffer, coding: string | null): string {
  if (coding === 'br') return brotliDecompressSync(bytes).toString()
  if (coding === 'gzip') return gunzipSync(bytes).toString()
  return bytes.toString()
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body, text: decode(body, res.headers.get('content-encoding')) }
}

describe('built files from memory', () => {
  it('sends a script in brotli or gzip as asked, with the same bytes underneath', async () => {
    for (const coding of ['br', 'gzip'] as const) {
      const { res, body, text } = await get('/assets/index-3f9a1c.js', {
        'accept-encoding': coding,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(coding)
      expect(res.headers.get('content-length')).toBe(String(body.length))
      expect(body.length).toBeLessThan(script.length / 3)
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(res.headers.get('last-modified')).toBeTruthy()
      expect(text).toBe(script)
    }
    const plain = await get('/assets/index-3f9a1c.js')
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.text).toBe(script)
  })

  it('gives each form its own strong ETag and answers it with 304', async () => {
    const br = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'br' })
    const plain = await get('/assets/index-3f9a1c.js')
    const brTag = br.res.headers.get('etag')!
    expect(brTag).toMatch(/^"[\w-]+"$/)
    expect(plain.res.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(plain.res.headers.get('etag')).not.toBe(brTag)

    const again = await get('/assets/index-3f9a1c.js', {
      'accept-encoding': 'br',
      'if-none-match': `"other", ${brTag}`,
    })
    expect(again.res.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves a prerendered page compressed, revalidated every time, 304 when unchanged', async () => {
    const { res, text } = await get('/about', { 'accept-encoding': 'gzip' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(text).toBe(aboutHtml)
    const again = await get('/about', {
      'accept-encoding': 'gzip',
      'if-none-match': res.headers.get('etag')!,
    })
    expect(again.res.status).toBe(304)
  })

  it('answers HEAD with the length of the form it would send, and no body', async () => {
    const full = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'br' })
    const res = await app.request('/assets/index-3f9a1c.js', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-length')).toBe(String(full.body.length))
    expect(await res.text()).toBe('')
  })

  it('sends images as they are, whatever the browser accepts', async () => {
    const { res, text } = await get('/images/logo.png', { 'accept-encoding': 'gzip, br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(text).toBe('not really a png, but served as one')
  })

  it('streams a file too big to keep in memory, with the right bytes', async () => {
    const { res, text } = await get('/big.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(bigText.length))
    expect(text).toBe(bigText)
    const again = await app.request('/big.txt', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('keeps the 404 status and the app shell for an unknown page, compressed too', async () => {
    const { res, text } = await get('/no/such/page', { 'accept-encoding': 'br' })
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(text).toBe(shellHtml)
    // A 404 is never a 304: the browser must see the status.
    const again = await app.request('/no/such/page', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(404)
  })

  it('reads a file again once it is replaced on disk, and finds a file added later', async () => {
    const file = path.join(site.dir, 'sw.js')
    await writeFile(file, 'self.version = 1')
    const first = await get('/sw.js', { 'accept-encoding': 'gzip' })
    expect(first.text).toBe('self.version = 1')
    expect(first.res.headers.get('cache-control')).toBe('no-cache')
    // A new release of the worker under the same name, as a deploy writes it.
    await writeFile(file, 'self.version = 22')
    const second = await get('/sw.js', {
      'accept-encoding': 'gzip',
      'if-none-match': first.res.headers.get('etag')!,
    })
    expect(second.res.status).toBe(200)
    expect(second.text).toBe('self.version = 22')
    expect(second.res.headers.get('etag')).not.toBe(first.res.headers.get('etag'))
  })
})
