// What compressing an answer made per request costs (http/compress.ts): a 2.6 KB JSON answer like
// a cart's, served by @hono/node-server at 20 connections (autocannon, with the Accept-Encoding
// Chromium sends) for 4 s after 4 s of warm-up, in three ways: no compression, hono's compress
// middleware (a CompressionStream per answer) and the store's. Prints requests per second and the
// CPU per request of this one process, which holds the server and the load client alike: the
// differences between the rows are the compression's.
//
//   tsx scripts/bench/compress.ts
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { compressAnswers } from '../../server/http/compress.ts'

const answer = JSON.stringify({
  items: Array.from({ length: 4 }, (_, i) => ({
    id: `7d3c2a9e-1b4f-4c8e-9a51-2f0c6d8e4b1${i}`,
    sku: 'CORVID2-CUSTOM',
    name: 'Corvid 2',
    variant_name: 'Corvid 2, made to measure',
    qty: 1,
    unit_price: 189_000 + i,
    meta: [
      { key: 'color.body', value: 'y9F' },
      { key: 'color.arm-wing', value: 'm1S' },
      { key: 'measurement.height', value: String(170 + i) },
      { key: 'option.booties', value: 'on' },
    ],
    summary: [
      'Made to measure',
      'Colours: Torso Yellow, Arm wings Silver',
      'Options: Booties',
      'Accent: Neon',
      'Super custom design',
    ],
    child: [{ id: `c${i}`, sku: 'SUPERCUSTOM-WS', qty: 1, unit_price: 30_000, meta: [] }],
  })),
  subtotal: 756_006,
  total: 756_006,
  discounts: [],
})

async function measure(name: string, middleware: MiddlewareHandler | undefined) {
  const app = new Hono()
  if (middleware) app.use(middleware)
  app.post('/answer', (c) => c.body(answer, 200, { 'Content-Type': 'application/json' }))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const load = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `http://127.0.0.1:${port}/answer`,
          method: 'POST',
          connections: 20,
          duration: seconds,
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        },
        (error, result) => (error ? reject(error as Error) : resolve(result)),
      )
    })
  await load(4)
  const from = process.cpuUsage()
  const result = await load(4)
  const cpu = process.cpuUsage(from)
  server.close()
  const perRequest = (cpu.user + cpu.system) / result.requests.total
  console.log(
    `| ${name} | ${Math.round(result.requests.total / 4).toLocaleString('en-US')} | ${Math.round(perRequest)} µs |`,
  )
}

console.log(
  `A ${answer.length}-byte JSON answer, 20 connections, Accept-Encoding as Chromium sends it.\n`,
)
console.log('| compression | requests/s | CPU per request (server and load client) |')
console.log('| --- | ---: | ---: |')
await measure('none', undefined)
await measure("hono's compress (CompressionStream)", compress())
await measure("the store's (http/compress.ts)", compressAnswers())
process.exit(0)
