import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compressAnswers, compressThreshold } from './compress.ts'

/*
 * The compression of answers made per request (compress.ts), through Hono alone: which answers
 * are gzipped, which go as they are, and that what arrives unzips to what the route answered.
 * The cart's answer over a real socket, in one piece with its length: api-answer-wire.test.ts.
 */

const json = (bytes: number) =>
  JSON.stringify({ text: 'Corvid 2, made to measure; '.repeat(Math.ceil(bytes / 27)) }).slice(
    0,
    bytes,
  )

function appAnswering(body: string, headers: Record<string, string> = {}) {
  const app = new Hono()
  app.use(compressAnswers())
  app.on(['GET', 'HEAD'], '/answer', (c) =>
    c.body(body, 200, { 'Content-Type': 'application/json', ...headers }),
  )
  // A revalidated page or file: its type and ETag, no body.
  app.get('/unchanged', (c) =>
    c.body(null, 304, { 'Content-Type': 'application/json', ETag: '"v1"' }),
  )
  app.get('/empty', (c) => c.body(null, 204, { 'Content-Type': 'application/json' }))
  app.get('/stream', (c) => {
    // A file too big to keep in memory: a stream that says its length.
    const bytes = new TextEncoder().encode(body)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes)
        controller.close()
      },
    })
    return c.body(stream, 200, {
      'Content-Type': 'text/plain',
      'Content-Length': String(bytes.byteLength),
    })
  })
  return app
}

const gzipped = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

async function unzipped(res: Response): Promise<string> {
  return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
}

describe('compressing answers made per request', () => {
  it('gzips a JSON answer, small or large, with its length, for a client that takes gzip', async () => {
    // 4 KB is a cart's answer, gzipped in the request's turn; 200 KB goes to libuv's pool.
    for (const size of [4_000, 200_000]) {
      const body = json(size)
      const res = await appAnswering(body).request('/answer', { headers: gzipped })
      expect(res.status, String(size)).toBe(200)
      expect(res.headers.get('Content-Encoding')).toBe('gzip')
      expect(res.headers.get('Vary')).toBe('Accept-Encoding')
      const bytes = Buffer.from(await res.clone().arrayBuffer())
      expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength)
      expect(bytes.byteLength).toBeLessThan(size / 4)
      expect(await unzipped(res)).toBe(body)
    }
  })

  it('sends the answer as it is to a client that does not take gzip, still varying', async () => {
    const body = json(4_000)
    for (const accept of [undefined, 'br', 'gzip;q=0, identity']) {
      const res = await appAnswering(body).request('/answer', {
        headers: accept ? { 'Accept-Encoding': accept } : {},
      })
      expect(res.headers.get('Content-Encoding'), accept).toBeNull()
      expect(res.headers.get('Vary')).toBe('Accept-Encoding')
      expect(await res.text()).toBe(body)
    }
  })

  it('sends a short answer, a HEAD and a no-transform answer as they are', async () => {
    const short = json(compressThreshold - 1)
    const res = await appAnswering(short).request('/answer', { headers: gzipped })
    expect(res.headers.get('Content-Encoding')).toBeNull()
    expect(await res.text()).toBe(short)
    const head = await appAnswering(json(4_000)).request('/answer', {
      method: 'HEAD',
      headers: gzipped,
    })
    expect(head.headers.get('Content-Encoding')).toBeNull()
    const kept = await appAnswering(json(4_000), { 'Cache-Control': 'no-transform' }).request(
      '/answer',
      { headers: gzipped },
    )
    expect(kept.headers.get('Content-Encoding')).toBeNull()
  })

  it('leaves an answer without a body alone: 304 to a revalidation, 204', async () => {
    for (const path of ['/unchanged', '/empty']) {
      const res = await appAnswering(json(4_000)).request(path, { headers: gzipped })
      expect(res.status, path).toBe(path === '/empty' ? 204 : 304)
      expect(res.headers.get('Content-Encoding')).toBeNull()
      expect(await res.text()).toBe('')
    }
    const unchanged = await appAnswering(json(4_000)).request('/unchanged', { headers: gzipped })
    expect(unchanged.headers.get('ETag')).toBe('"v1"')
  })

  it('weakens a strong ETag and keeps the route’s Vary', async () => {
    const res = await appAnswering(json(4_000), { ETag: '"v1"', Vary: 'Origin' }).request(
      '/answer',
      { headers: gzipped },
    )
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(res.headers.get('ETag')).toBe('W/"v1"')
    expect(res.headers.get('Vary')).toBe('Origin, Accept-Encoding')
  })

  it('streams the gzip of a file too big to keep in memory', async () => {
    const body = 'x'.repeat(2 * 1024 * 1024)
    const res = await appAnswering(body).request('/stream', { headers: gzipped })
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    // Its length is not known before the end: none is claimed.
    expect(res.headers.get('Content-Length')).toBeNull()
    expect(await unzipped(res)).toBe(body)
  })
})
