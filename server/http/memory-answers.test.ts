import { once } from 'node:events'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { API_MARK_HEADER, API_MARK_VALUE } from '../../contract/api-mark.ts'
import { createHttp } from '../app.ts'
import { products } from '../db/schema.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../log.ts'
import { createTempDir, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { listen } from './node-server.ts'

// The fast path (memory-answers.ts) must be invisible: every request is sent to a server with
// it and to one without it (the Hono app alone, same app, same memory), and the two answers and
// their access-log lines must be the same.

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

let database: TestDatabase
let site: Awaited<ReturnType<typeof createTempDir>>
let fast: Server
let plain: Server
let fastHits = 0
const logLines: Array<Record<string, unknown>> = []

const timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 }

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({
    'index.html': '<!doctype html><title>Flight store</title><div id="root"></div>',
    'pages/index/index.html': 'unused',
    'pages/about/index.html': `<!doctype html><title>About</title>${'<p>Wings.</p>'.repeat(200)}`,
    'assets/index-3f9a1c.js': `export const big = ${JSON.stringify('x'.repeat(4096))}\n`,
    'robots.txt': 'User-agent: *',
    'images/dot.png': 'not really a png',
    'sw.js': 'self.addEventListener("fetch", () => {})',
  })
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' })
  const logger = createLogger(env, {
    write: (line: string) => void logLines.push(JSON.parse(line)),
  })
  const { app, answeredFromMemory } = createHttp({
    db: database.db,
    env,
    logger,
    staticDir: site.dir,
  })
  const options = { fetch: app.fetch, hostname: '127.0.0.1', port: 0, timeouts }
  fast = listen({
    ...options,
    answeredFromMemory: (incoming, outgoing) => {
      const answered = answeredFromMemory(incoming, outgoing)
      if (answered) fastHits++
      return answered
    },
  })
  plain = listen(options)
  await Promise.all([once(fast, 'listening'), once(plain, 'listening')])
})
afterAll(async () => {
  await Promise.all([fast, plain].map((server) => new Promise((resolve) => server.close(resolve))))
  await database.close()
  await site.cleanup()
})

function send(
  server: Server,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The body as text, whatever its coding. */
function decoded({ headers, body }: Raw): string {
  const coding = headers['content-encoding']
  if (coding === 'br') return brotliDecompressSync(body).toString()
  if (coding === 'gzip') return gunzipSync(body).toString()
  return body.toString()
}

/** An answer without the header that differs by the clock. */
function comparable({ status, headers, body }: Raw) {
  const rest = { ...headers }
  delete rest.date
  return { status, headers: rest, body: body.toString('base64') }
}

/**
 * Asks the app alone first (which makes every compressed form), then both servers. The clock
 * stands still meanwhile: the catalog is checked again once a second has passed, a catalog read
 * due for that check is the app's to answer (the fast path rightly declines it), and on a busy
 * machine that second passed between the app's answer and the fast path's.
 */
async function both(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ fastAnswer: Raw; appAnswer: Raw; fromMemory: boolean }> {
  vi.useFakeTimers({ toFake: ['performance'] })
  try {
    for (const coding of ['br', 'gzip']) {
      await send(plain, path, { headers: { ...options.headers, 'accept-encoding': coding } })
    }
    const hitsBefore = fastHits
    const fastAnswer = await send(fast, path, options)
    const fromMemory = fastHits > hitsBefore
    const appAnswer = await send(plain, path, options)
    expect(comparable(fastAnswer)).toEqual(comparable(appAnswer))
    return { fastAnswer, appAnswer, fromMemory }
  } finally {
    vi.useRealTimers()
  }
}

const encodings = [undefined, 'gzip', 'br', 'gzip, deflate, br', 'br;q=0, gzip', 'identity', '*']

describe('answers from memory', () => {
  it('are the same as the app gives for pages, files and catalog reads, in every coding', async () => {
    const paths = [
      '/',
      '/about',
      '/assets/index-3f9a1c.js',
      '/robots.txt',
      '/images/dot.png',
      '/sw.js',
      '/api/product/corvid-2?active=1',
      '/api/product/corvid-2',
      '/api/product/corvid-2?active=0',
      '/api/product/wingsuits?active=1',
    ]
    for (const path of paths) {
      for (const encoding of encodings) {
        const headers = encoding === undefined ? undefined : { 'accept-encoding': encoding }
        const { fastAnswer, fromMemory } = await both(path, { headers })
        expect(fastAnswer.status, path).toBe(200)
        expect(fromMemory, `${path} (${encoding}) from memory`).toBe(true)
      }
    }
    const { fastAnswer } = await both('/about', { headers: { 'accept-encoding': 'br' } })
    expect(fastAnswer.headers['content-encoding']).toBe('br')
    expect(fastAnswer.headers.vary).toBe('Accept-Encoding')
  })

  it('answer HEAD with the headers of GET and no body', async () => {
    for (const path of ['/', '/about', '/robots.txt', '/api/product/corvid-2?active=1']) {
      const { fastAnswer, fromMemory } = await both(path, {
        method: 'HEAD',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(fromMemory).toBe(true)
      expect(fastAnswer.body.byteLength).toBe(0)
      expect(Number(fastAnswer.headers['content-length'])).toBeGreaterThan(0)
    }
  })

  it('answer a matching If-None-Match with 304, as the app does', async () => {
    for (const path of ['/about', '/assets/index-3f9a1c.js', '/api/product/corvid-2?active=1']) {
      const headers = { 'accept-encoding': 'gzip, deflate, br' }
      const { fastAnswer: first } = await both(path, { headers })
      const etag = String(first.headers.etag)
      const { fastAnswer, fromMemory } = await both(path, {
        headers: { ...headers, 'if-none-match': `W/${etag}, "other"` },
      })
      expect(fromMemory).toBe(true)
      expect(fastAnswer.status).toBe(304)
      expect(fastAnswer.body.byteLength).toBe(0)
    }
  })

  it('answer the 404 page for a path no page has', async () => {
    const { fastAnswer, fromMemory } = await both('/no-such-page')
    expect(fromMemory).toBe(true)
    expect(fastAnswer.status).toBe(404)
    expect(fastAnswer.headers['content-type']).toMatch(/^text\/html/)
  })

  it('carry HSTS behind a proxy that says the request came over HTTPS, and only then', async () => {
    for (const proto of ['https', 'https, http', 'http']) {
      const { fastAnswer, fromMemory } = await both('/about', {
        headers: { 'x-forwarded-proto': proto },
      })
      expect(fromMemory).toBe(true)
      expect(fastAnswer.headers['strict-transport-security'] !== undefined).toBe(
        proto.startsWith('https'),
      )
    }
  })

  it('leave to the app what it must answer itself, with the same result', async () => {
    const cases: Array<[string, { method?: string; headers?: Record<string, string> }, number]> = [
      ['/about', { headers: { range: 'bytes=0-9' } }, 206],
      ['/about', { method: 'POST' }, 404],
      ['/api/product/corvid-2?active=1', { method: 'POST' }, 405],
      ['/api/product/corvid-2?active=1', { method: 'DELETE' }, 405],
      ['/api/product/no-such-suit?active=1', {}, 404],
      ['/api/product/corvid-2?active=2', {}, 422],
      ['/api/product/archive-image', {}, 200],
      ['/about/', {}, 301],
      ['/%61bout', {}, 200],
      ['//about', {}, 200],
      ['/.env', {}, 404],
      [`/${'a'.repeat(2100)}`, {}, 414],
      // The server's own pages under /dev/ (the test BitPay's invoice page): the app's routes.
      ['/dev/test-bitpay/invoice/tbp_0123456789abcdef', {}, 404],
    ]
    for (const [path, options, status] of cases) {
      const { fastAnswer, fromMemory } = await both(path, options)
      expect(fastAnswer.status, path).toBe(status)
      expect(fromMemory, path).toBe(false)
    }
  })

  it('mark the API’s answers (from memory or not) and no page or file', async () => {
    const mark = API_MARK_HEADER.toLowerCase()
    for (const [path, method, fromMemoryExpected] of [
      ['/api/product/corvid-2?active=1', 'GET', true],
      ['/api/product/corvid-2?active=1', 'HEAD', true],
      ['/api/product/no-such-suit?active=1', 'GET', false],
      ['/api/product/corvid-2?active=1', 'POST', false],
    ] as const) {
      const { fastAnswer, fromMemory } = await both(path, { method })
      expect(fromMemory, `${method} ${path}`).toBe(fromMemoryExpected)
      expect(fastAnswer.headers[mark], `${method} ${path}`).toBe(API_MARK_VALUE)
    }
    for (const path of ['/', '/about', '/assets/index-3f9a1c.js', '/no-such-page']) {
      const { fastAnswer } = await both(path)
      expect(fastAnswer.headers[mark], path).toBeUndefined()
    }
  })

  it('given again, follow a catalog write and a rebuilt file at once', async () => {
    // Uncompressed: the form is ready at once, so the first answer is already the one kept.
    const headers = { 'accept-encoding': 'identity' }
    const nameOf = async () => {
      const answer = await send(fast, '/api/product/corvid-2?active=1', { headers })
      return (JSON.parse(decoded(answer)) as { name: string }).name
    }
    // The clock stands still: what is checked is the answers' stamp, not how long they are kept.
    vi.useFakeTimers({ toFake: ['performance'] })
    const before = await nameOf()
    expect(await nameOf()).toBe(before)
    await database.db
      .update(products)
      .set({ name: 'Corvid 2 (renamed)' })
      .where(eq(products.slug, 'corvid-2'))
    try {
      // The first read after the write waits for the catalog; the next one is given again.
      expect(await nameOf()).toBe('Corvid 2 (renamed)')
      expect(await nameOf()).toBe('Corvid 2 (renamed)')

      const worker = () => send(fast, '/sw.js', { headers }).then(decoded)
      expect(await worker()).toBe('self.addEventListener("fetch", () => {})')
      expect(await worker()).toBe('self.addEventListener("fetch", () => {})')
      await writeFile(path.join(site.dir, 'sw.js'), 'self.version = 2')
      // The folder's watcher reports the new release; from then on it is what is sent.
      await vi.waitFor(async () => expect(await worker()).toBe('self.version = 2'))
    } finally {
      vi.useRealTimers()
      await database.db.update(products).set({ name: before }).where(eq(products.slug, 'corvid-2'))
    }
  })

  it('given again, keep to the coding each client takes', async () => {
    for (const encoding of ['br', 'gzip', 'identity', 'br', 'gzip']) {
      const answer = await send(fast, '/about', { headers: { 'accept-encoding': encoding } })
      expect(answer.headers['content-encoding']).toBe(
        encoding === 'identity' ? undefined : encoding,
      )
      expect(decoded(answer)).toContain('<title>About</title>')
    }
  })

  it('write the same access-log line as the app', async () => {
    logLines.length = 0
    const hitsBefore = fastHits
    // Twice: the second is given the answer kept from the first, with its line made once.
    await send(fast, '/about?from=home')
    await send(fast, '/about?from=home')
    await send(plain, '/about?from=home')
    expect(fastHits - hitsBefore).toBe(2)
    const [fromMemory, keptFromMemory, fromApp] = logLines.map((line) => {
      expect(line).toMatchObject({ time: expect.any(Number), ms: expect.any(Number) })
      const rest = { ...line }
      delete rest.time
      delete rest.ms
      return rest
    })
    expect(fromMemory).toEqual(fromApp)
    expect(keptFromMemory).toEqual(fromApp)
    expect(fromMemory).toMatchObject({ msg: 'request', method: 'GET', path: '/about', status: 200 })
  })
})
