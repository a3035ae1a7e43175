/*
 * A cart answer as it goes on the wire, through the server's own listener: a JSON text sent
 * with its length in one piece (not streamed in chunks), still marked as varying with
 * Accept-Encoding, and gzipped for a client that accepts it (also with its length: gzipped at
 * once, not through a stream); a short answer goes as it is (http/compress.ts).
 */
import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes, randomUUID } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { request } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { bag, customSuit } from '../../tests/order-fixtures.ts'
import { loadEnv } from '../env.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { listen } from './node-server.ts'

let database: TestDatabase
let server: Server
let port: number

beforeAll(async () => {
  database = await openTestDatabase()
  const app = createTestApp(database.db)
  server = listen({
    fetch: app.fetch,
    hostname: '127.0.0.1',
    port: 0,
    timeouts: loadEnv({ NODE_ENV: 'test' }).timeouts,
  })
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await database.close()
})

/** An add over a real socket: status, headers and the body's bytes as they came. */
function add(
  headers: Record<string, string>,
  body = JSON.stringify(bag),
  token = randomBytes(32).toString('base64url'),
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/order/add',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-cart-token': token,
            'idempotency-key': `wire-${randomUUID()}`,
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              bytes: Buffer.concat(chunks),
            }),
          )
        },
      )
      sent.on('error', reject)
      sent.end(body)
    },
  )
}

/** What every API answer carries, whether the route built it complete or the middlewares did. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers['x-glidecraft-api']).toBe('1')
  expect(headers['cache-control']).toBe('no-store, private')
  expect(headers['content-security-policy']).toMatch(/default-src 'self'/)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['vary']).toMatch(/accept-encoding/i)
}

it('sends a cart answer with its length, in one piece, varying with Accept-Encoding', async () => {
  const answer = await add({})
  expect(answer.status).toBe(200)
  expect(answer.headers['transfer-encoding']).toBeUndefined()
  expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
  expect(answer.headers['vary']).toMatch(/accept-encoding/i)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  expectApiHeaders(answer.headers)
  const cart = Cart.parse(JSON.parse(answer.bytes.toString('utf8')))
  expect(cart.items.map((item) => [item.sku, item.qty])).toEqual([[bag.sku, 1]])
})

it('gzips a cart answer for a client that accepts gzip, still in one piece with its length', async () => {
  // What Chromium sends, the app's service worker included; a cart of a bag and a configured
  // suit answers over a kilobyte.
  const token = randomBytes(32).toString('base64url')
  expect((await add({}, JSON.stringify(bag), token)).status).toBe(200)
  const answer = await add(
    { 'accept-encoding': 'gzip, deflate, br, zstd' },
    JSON.stringify(customSuit),
    token,
  )
  expect(answer.status).toBe(200)
  expect(answer.headers['content-encoding']).toBe('gzip')
  expect(answer.headers['vary']).toMatch(/accept-encoding/i)
  expect(answer.headers['transfer-encoding']).toBeUndefined()
  expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
  expectApiHeaders(answer.headers)
  const text = gunzipSync(answer.bytes).toString('utf8')
  expect(text.length).toBeGreaterThan(1024)
  expect(answer.bytes.length).toBeLessThan((text.length * 2) / 3)
  const cart = Cart.parse(JSON.parse(text))
  expect(cart.items.map((item) => [item.sku, item.qty])).toEqual([
    [bag.sku, 1],
    [customSuit.sku, 1],
  ])
})

it('sends a short answer as it is, even to a client that accepts gzip', async () => {
  // A refused add: a few hundred bytes of JSON, which gzip would hardly shorten.
  const answer = await add({ 'accept-encoding': 'gzip' }, JSON.stringify({ ...bag, qty: 0 }))
  expect(answer.status).toBe(422)
  expect(answer.headers['content-encoding']).toBeUndefined()
  expect(answer.headers['vary']).toMatch(/accept-encoding/i)
  expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
  expect(answer.bytes.length).toBeLessThan(1024)
  expectApiHeaders(answer.headers)
  expect(JSON.parse(answer.bytes.toString('utf8'))).toMatchObject({
    errors: { qty: [expect.any(String)] },
  })
})
