import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OpenDatabase } from '../db/index.ts'
import { createTempDir, createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

const script = `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `part-${i}`))}\n`
const aboutHtml = `<!doctype html><title>About</title><h1>About us</h1>${'<p>We make wingsuits.</p>'.repeat(80)}`
const shellHtml = '<!doctype html><title>Glidecraft</title><div id="root"></div>'
// Past the in-memory size limit: streamed from disk.
const bigText = 'x'.repeat(3 * 1024 * 1024)
const clip = '0123456789abcdefghij'

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
    'videos/clip.mp4': clip,
  })
  // Files exactly as built: no test store's notice (payment-providers.test.ts covers it).
  app = createTestApp(database.db, { staticDir: site.dir, env: { TEST_PAYMENTS: 'false' } })
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
    // The folder's watcher reports the change; the next request after that reads the new file.
    await vi.waitFor(async () => {
      const second = await get('/sw.js', {
        'accept-encoding': 'gzip',
        'if-none-match': first.res.headers.get('etag')!,
      })
      expect(second.res.status).toBe(200)
      expect(second.text).toBe('self.version = 22')
      expect(second.res.headers.get('etag')).not.toBe(first.res.headers.get('etag'))
    })
  })
})

describe('byte ranges (Safari asks for video in parts)', () => {
  async function part(path: string, headers: Record<string, string>, method = 'GET') {
    const res = await app.request(path, { method, headers })
    return { res, text: Buffer.from(await res.arrayBuffer()).toString() }
  }

  it('answers bytes=a-b, bytes=a- and bytes=-n with 206 and the bytes asked for', async () => {
    for (const [range, bytes, contentRange] of [
      ['bytes=0-1', '01', 'bytes 0-1/20'],
      ['bytes=5-9', '56789', 'bytes 5-9/20'],
      ['bytes=15-', 'fghij', 'bytes 15-19/20'],
      ['bytes=-3', 'hij', 'bytes 17-19/20'],
      ['bytes=18-400', 'ij', 'bytes 18-19/20'],
    ]) {
      const { res, text } = await part('/videos/clip.mp4', { range: range! })
      expect(res.status, range).toBe(206)
      expect(text, range).toBe(bytes)
      expect(res.headers.get('content-range'), range).toBe(contentRange)
      expect(res.headers.get('content-length'), range).toBe(String(bytes!.length))
      expect(res.headers.get('accept-ranges')).toBe('bytes')
      expect(res.headers.get('content-type')).toBe('video/mp4')
    }
  })

  it('says it takes ranges on a whole answer, and sends all of it without Range', async () => {
    const { res, text } = await part('/videos/clip.mp4', {})
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(text).toBe(clip)
  })

  it('answers 416 with the size for a range past the end', async () => {
    const { res, text } = await part('/videos/clip.mp4', { range: 'bytes=20-' })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe('bytes */20')
    expect(text).toBe('')
  })

  it('sends the whole file for several ranges, or a range of a version the client no longer has', async () => {
    const several = await part('/videos/clip.mp4', { range: 'bytes=0-1,4-5' })
    expect(several.res.status).toBe(200)
    expect(several.text).toBe(clip)
    const stale = await part('/videos/clip.mp4', { range: 'bytes=0-1', 'if-range': '"old"' })
    expect(stale.res.status).toBe(200)
    expect(stale.text).toBe(clip)
    const etag = several.res.headers.get('etag')!
    const current = await part('/videos/clip.mp4', { range: 'bytes=0-1', 'if-range': etag })
    expect(current.res.status).toBe(206)
    expect(current.text).toBe('01')
  })

  it('sends a range of a compressible file as its plain bytes', async () => {
    const { res, text } = await part('/assets/index-3f9a1c.js', {
      range: 'bytes=0-5',
      'accept-encoding': 'br, gzip',
    })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(text).toBe(script.slice(0, 6))
  })

  it('streams a range of a file too big to keep in memory', async () => {
    const { res, text } = await part('/big.txt', { range: 'bytes=-10' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(
      `bytes ${bigText.length - 10}-${bigText.length - 1}/${bigText.length}`,
    )
    expect(text).toBe('x'.repeat(10))
    const past = await part('/big.txt', { range: `bytes=${bigText.length}-` })
    expect(past.res.status).toBe(416)
  })

  it("answers HEAD with a range with the part's headers and no body", async () => {
    const { res, text } = await part('/videos/clip.mp4', { range: 'bytes=2-4' }, 'HEAD')
    expect(res.status).toBe(206)
    expect(res.headers.get('content-length')).toBe('3')
    expect(text).toBe('')
  })
})
