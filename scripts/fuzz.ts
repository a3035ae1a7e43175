// Fuzzes every operation of the API's OpenAPI document, and the site's pages, with random and
// hostile input, signed out and in real guest, customer and admin sessions, and tries every
// documented body field with hostile values; fails on any 5xx or any answer slower than 1 s.
//
//   npm run fuzz [-- --seed 42] [--runs 5000] [--http [--port 4370]] [--static dist]
//
// The store runs in-process on a throwaway database seeded from content/ (in-memory PGlite, or
// a new database on TEST_DATABASE_URL's server). Pages come from --static, else dist/ when there
// is a build, else a tiny fixture site. `--http` starts the real HTTP server on 127.0.0.1 and sends
// raw request lines over sockets instead of calling the app in-process; that server trusts
// loopback as its proxy (TRUST_PROXY), so the fuzz's sign-ins come from addresses of their own
// and forwarded-for headers are fuzzed too. The database has the demo accounts
// (DEMO_ACCOUNTS), which the sessions sign in as. The seed is printed: the same seed sends the
// same requests again.
import { existsSync } from 'node:fs'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { listen } from '../server/http/node-server.ts'
import { createTestApp, openTestDatabase } from '../server/testing/test-helpers.ts'
import type { OpenApiDocument } from './fuzz/requests.ts'
import {
  describeRequest,
  runFuzz,
  sendInProcess,
  sendOverHttp,
  signInInProcess,
  signInOverHttp,
  type Send,
  type SignIn,
} from './fuzz/run.ts'
import { createSiteFixture } from './fuzz/site-fixture.ts'

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '5000' },
    http: { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    static: { type: 'string' },
  },
})

function integer(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`)
  return value
}

async function main(): Promise<number> {
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : integer('seed', values.seed)
  const runs = integer('runs', values.runs)
  const dist = path.resolve('dist')
  const fixture =
    values.static === undefined && !existsSync(path.join(dist, 'index.html'))
      ? await createSiteFixture()
      : undefined
  const staticDir = values.static ?? fixture?.dir ?? dist
  const database = await openTestDatabase()
  const app = createTestApp(database.db, { staticDir })
  const server = values.http
    ? listen({
        fetch: app.fetch,
        hostname: '127.0.0.1',
        port: integer('port', values.port),
        timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
        trustProxy: { addresses: ['loopback'] },
      })
    : undefined
  try {
    let send: Send = sendInProcess(app)
    let signIn: SignIn = signInInProcess(app)
    if (server) {
      await once(server, 'listening')
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      send = sendOverHttp(origin)
      signIn = signInOverHttp(origin)
    }
    const doc = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument
    console.error(
      `fuzz: seed ${seed}, ${runs} requests, ${values.http ? 'over HTTP' : 'in-process'}, ` +
        `pages from ${fixture ? 'a fixture site' : staticDir}`,
    )
    const report = await runFuzz({ doc, send, signIn, seed, runs, pages: true })
    console.log(
      `${report.sent} requests, ${report.failures.length} failures (5xx or ≥ 1 s); seed ${seed}`,
    )
    console.log(
      `sessions: ${Object.entries(report.bySession)
        .map(([session, count]) => `${session} × ${count}`)
        .join(', ')}; ${report.signIns} sign-ins; ` +
        `${Object.keys(report.byField).length} body fields swept`,
    )
    if (report.slowest) {
      const { request, ms } = report.slowest
      console.log(`slowest: ${ms.toFixed(0)} ms, ${describeRequest(request)}`)
    }
    console.log(
      `statuses: ${Object.entries(report.byStatus)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', ')}`,
    )
    for (const { request, status, ms, previous } of report.failures.slice(0, 20)) {
      console.log(`  ${status} in ${ms.toFixed(0)} ms: ${describeRequest(request)}`)
      if (previous) console.log(`    sent just after ${describeRequest(previous)}`)
    }
    return report.failures.length === 0 ? 0 : 1
  } finally {
    server?.close()
    server?.closeAllConnections()
    await database.close()
    await fixture?.cleanup()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`fuzz: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
