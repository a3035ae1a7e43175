// Add to order (issue 11): POST /api/order/add throughput and p99 at 50 connections, on PGlite
// and on PostgreSQL, for two adds (`addKinds`), each measured alone: a configured suit with a
// super custom design (the heaviest add the store takes: priced from the catalog with its
// options, checked against the product, a line with a child line), and a bag (the add issue 15
// measured its starting point with: a plain product, a line summed into). Each request has an
// Idempotency-Key of its own and is spread over a pool of guest cart tokens and a few distinct
// products or configurations per cart so no line reaches the 99 cap.
//
//   npm run bench -- order-add [--no-build]      (within the whole bench's report)
//   tsx scripts/bench/order-add.ts                (this part alone)
//
// The store runs as production does (`node --import tsx server/main.ts`, LOG_LEVEL=info, its
// access log written to /dev/null) and autocannon here. BENCH_ORDER_ADD_SECONDS (default 8) is the measured time per
// database, after a warm-up of BENCH_ORDER_ADD_WARMUP_SECONDS (default 10) on the same 50
// connections: the figures are the steady state, what the clients of a store that has been
// running meet. In its first seconds of load V8 is still compiling the add's path (on a busy
// 2-core machine that took a quarter of the server's CPU per add at 2 to 7 s, and had stopped by
// 10 s), so a server just started answers fewer: the adds answered in the first
// `coldSeconds` of load are reported too, as a figure of their own. Node accepts one new
// connection per turn of its event loop, so a saturated server takes a while to accept 50 at
// once, and the first add on each waits for that (on PostgreSQL ~0.8 s for the last of them on a
// busy 2-core machine); that is in the cold figure, not in the measured seconds' p99.
//
// Every request asks for a compressed answer, as the app's service worker does (Chromium's
// Accept-Encoding): the store gzips the answer (http/compress.ts). Until 2026-11-28 the bench
// asked for none, and so left out what compressing cost (then most of an add's CPU on the server).
//
// Beside each database's figures stands bare node:http (bare-server.ts) in the same run: it
// reads the same requests' bodies and answers each with the bytes the store answered an add to a
// cart in its steady state (four lines, gzipped), on the same 50 connections, after
// `bareWarmupSeconds` of warm-up: the ceiling of HTTP alone on this machine. PostgreSQL's own
// ceiling, pgbench's TPC-B-like mix on the same cluster, is measured after both, the store and
// the bare server stopped.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { bareAnswerOf, rawRequest, startBare, type RawAnswer } from './bare.ts'
import { startPostgres } from './postgres.ts'
import {
  freePort,
  installCleanup,
  makeTempDir,
  removeTempDir,
  stopGroup,
  type Spawned,
} from './processes.ts'
import { toMarkdown } from './report.ts'
import { readyPath, spawnServer, waitForStatus } from './server.ts'
import type { BenchContext, Measurement, Row } from './types.ts'

/** The load's shape, shared with order-add-profile.ts. */
export const connections = 50
/**
 * What the app's service worker sends as Accept-Encoding (Chromium, over HTTPS): every real add
 * asks for a compressed answer, so the bench does too (the answer is gzipped, http/compress.ts).
 */
export const acceptEncoding = 'gzip, deflate, br, zstd'
export const seconds = Number(process.env.BENCH_ORDER_ADD_SECONDS ?? 8)
export const warmupSeconds = Number(process.env.BENCH_ORDER_ADD_WARMUP_SECONDS ?? 10)
/** The bare server's warm-up on the same connections: it has no code to compile but its own. */
const bareWarmupSeconds = 2
/** The first seconds of load after the server's start, reported apart (see above). */
const coldSeconds = Math.min(5, warmupSeconds)
/** API_PROCESSES for the PostgreSQL part (PGlite runs in one process): BENCH_API_PROCESSES. */
const postgresProcesses = Number(process.env.BENCH_API_PROCESSES ?? 1)
/**
 * Guest carts the load spreads over. A line holds at most 99 (maxLineQty), so the carts and their
 * configurations leave room for 200 × 4 × 99 = 79,200 adds: 4,400 adds/s over the 18 s of a run.
 * (With 50 carts, a fast hour of this machine ran past the 19,800 adds they held, and the adds
 * after the 99th of a line answered 422.)
 */
export const cartTokens = 200
/** Distinct configurations per cart. */
export const variantsPerCart = 4

interface Load {
  requestsPerSecond: number
  p99: number
  total: number
  /** Adds answered per second in the first `coldSeconds` of load, the server just started. */
  coldPerSecond: number
}

/** The adds the bench measures, each in a load of its own. */
export const addKinds = ['suit', 'bag'] as const
export type AddKind = (typeof addKinds)[number]

/** Four bags, a line each in a cart of the load (issue 15's Mission, Uratul and Weekend bags). */
const bagSkus = ['MISSION-BAG-BLACK', 'URATUL-BAG-ORANGE', 'WEEKEND-BAG-NAVY', 'MISSION-BAG-NAVY']

/**
 * The bench's add, `variant` of `variantsPerCart`: a Corvid 2 with a super custom design, its
 * height varied per configuration; or one of four bags.
 */
export function body(variant: number, kind: AddKind = 'suit') {
  if (kind === 'bag')
    return JSON.stringify({ sku: bagSkus[variant % bagSkus.length], qty: 1, meta: [], child: [] })
  return JSON.stringify({
    sku: 'CORVID2-CUSTOM',
    qty: 1,
    meta: [
      { key: 'color.body', value: 'y9F' },
      { key: 'color.arm-wing', value: 'm1S' },
      { key: 'measurement.units', value: 'metric' },
      { key: 'measurement.height', value: String(170 + variant) },
      { key: 'option.booties', value: 'on' },
      { key: 'accent', value: 'neon' },
      { key: 'total_price', value: '0' },
    ],
    child: [
      {
        sku: 'SUPERCUSTOM-WS',
        qty: 1,
        meta: [
          { key: 'child_super_custom_check', value: 'on' },
          { key: 'pc_edit_state', value: 'v1.stripes.body' },
        ],
      },
    ],
  })
}

/** The value below which `fraction` of the sorted `values` lie. */
function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0
}

/**
 * `warmup + duration` seconds of adds on one set of connections; the adds answered in the last
 * `duration` seconds are the figures.
 */
async function measure(
  origin: string,
  kind: AddKind,
  warmup: number,
  duration: number,
): Promise<Load> {
  const tokens = Array.from({ length: cartTokens }, () => randomBytes(32).toString('base64url'))
  const bodies = Array.from({ length: variantsPerCart }, (_, variant) => body(variant, kind))
  const run = randomBytes(6).toString('base64url')
  let sent = 0
  const startedAt = performance.now()
  const measuredFrom = startedAt + warmup * 1000
  const coldUntil = startedAt + coldSeconds * 1000
  const latencies: number[] = []
  let cold = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: warmup + duration,
        requests: [
          {
            method: 'POST',
            path: '/api/order/add',
            setupRequest: (request) => {
              const n = sent++
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  'accept-encoding': acceptEncoding,
                  'x-cart-token': tokens[n % cartTokens]!,
                  'idempotency-key': `bench-${run}-${n}`,
                },
                body: bodies[Math.floor(n / cartTokens) % variantsPerCart]!,
              }
            },
          },
        ],
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    )
    instance.on('response', (_client, _status, _bytes, latency: number) => {
      const now = performance.now()
      if (now >= measuredFrom) latencies.push(latency)
      else if (now < coldUntil) cold++
    })
  })
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0)
    throw new Error(`${failed} of ${result.requests.total} adds failed or were not 200`)
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / duration,
    p99: Math.round(percentile(latencies, 0.99)),
    total: latencies.length,
    coldPerSecond: cold / coldSeconds,
  }
}

const addPath = '/api/order/add'

/**
 * An add's answer as the store sent it, for the bare server: the last of four adds to a new
 * cart, one of each configuration, so its cart has the four lines of the load's carts.
 */
async function captureAdd(origin: string, kind: AddKind) {
  const token = randomBytes(32).toString('base64url')
  let answer: RawAnswer | undefined
  for (let variant = 0; variant < variantsPerCart; variant++) {
    answer = await rawRequest(origin + addPath, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': acceptEncoding,
        'x-cart-token': token,
        'idempotency-key': `bench-capture-${randomBytes(6).toString('base64url')}`,
      },
      body: body(variant, kind),
    })
    if (answer.status !== 200) throw new Error(`the captured add answered ${answer.status}`)
  }
  return bareAnswerOf(answer!)
}

/** One kind of add on one database: the store's figures and bare node:http's beside them. */
interface KindFigures {
  kind: AddKind
  load: Load
  bareLoad: Load
  /** The store's answer to the add to a four-line cart, as sent (gzipped). */
  answerBytes: number
  /** Only for the first kind measured after the server's start (see coldSeconds). */
  cold: boolean
}

async function measureOn(context: BenchContext, database: 'PGlite' | 'PostgreSQL') {
  const dir = makeTempDir('bench-order-add')
  const postgres = database === 'PostgreSQL' ? startPostgres(await freePort()) : undefined
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined
  let bare: Spawned | undefined
  try {
    server = await spawnServer(context, join(dir, 'data'), {
      databaseUrl: postgres?.url,
      logLevel: 'info',
      discardStdout: true,
      env: {
        API_PROCESSES: database === 'PostgreSQL' ? String(postgresProcesses) : '1',
        // Thousands of anonymous adds a second from one address: past the store's per-address
        // limit of anonymous adds by design, so the bench lifts it (never on by default).
        ANONYMOUS_CART_LIMITS: 'off',
      },
    })
    await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
    // Each kind in a load of its own on the running store, with its own warm-up.
    const measured = []
    for (const kind of addKinds) {
      console.error(`  ${database} POST /api/order/add (${kind})`)
      const load = await measure(server.origin, kind, warmupSeconds, seconds)
      const answer = await captureAdd(server.origin, kind)
      measured.push({ kind, load, answer, cold: measured.length === 0 })
    }
    await stopGroup(server)
    server = undefined
    // HTTP's ceiling: bare node:http sending the same bytes, the store stopped.
    const kinds: KindFigures[] = []
    for (const { kind, load, answer, cold } of measured) {
      console.error(`  bare node:http ${addPath} (${kind})`)
      const answersFile = join(dir, `bare-answers-${kind}.json`)
      writeFileSync(answersFile, JSON.stringify({ [addPath]: answer }))
      const barePort = await freePort()
      bare = await startBare(context.root, barePort, answersFile, addPath)
      const bareOrigin = `http://127.0.0.1:${barePort}`
      const bareLoad = await measure(bareOrigin, kind, bareWarmupSeconds, seconds)
      await stopGroup(bare)
      bare = undefined
      const answerBytes = Buffer.from(answer.body, 'base64').byteLength
      kinds.push({ kind, load, bareLoad, answerBytes, cold })
    }
    // The same cluster's ceiling, measured with the store stopped: what the adds stand beside.
    const tps = postgres?.pgbench({ clients: connections, seconds })
    return { database, kinds, tps }
  } finally {
    if (bare) await stopGroup(bare)
    if (server) await stopGroup(server)
    postgres?.stop()
    removeTempDir(dir)
  }
}

let lastTable: string | undefined

/** The store's adds per second as a share of bare node:http's answers, in %. */
function shareOfBare(load: Load, bare: Load): number {
  return Math.round((100 * load.requestsPerSecond) / bare.requestsPerSecond)
}

export const orderAdd: Measurement = {
  name: 'order-add throughput',
  async run(context) {
    const figures = []
    for (const database of ['PGlite', 'PostgreSQL'] as const)
      figures.push(await measureOn(context, database))
    lastTable = [
      `Add to order: \`POST /api/order/add\`, two loads on each database: a configured suit with ` +
        `a super custom design (suit) and a bag (bag), ${connections} connections, ${seconds} s ` +
        `after ${warmupSeconds} s of warm-up on the same connections, a new Idempotency-Key per ` +
        `request over ${cartTokens} guest carts of ${variantsPerCart} lines each (autocannon, ` +
        `\`Accept-Encoding: ${acceptEncoding}\` as the app's service worker sends it). ` +
        `The last column is the first load's first ${coldSeconds} s, the server just started (V8 ` +
        'still compiling the add’s path).',
      '',
      `pgbench: the TPC-B-like mix (\`pgbench -i -s 10\`, then \`-c ${connections} -j 2 -T ${seconds}\`) ` +
        'on the same PostgreSQL cluster in the same run, with the store stopped.',
      '',
      `The store on PostgreSQL runs as ${postgresProcesses} API process${postgresProcesses === 1 ? '' : 'es'} (\`BENCH_API_PROCESSES\`).`,
      '',
      `Bare node:http: the same requests, each body read and answered with the bytes of the ` +
        `store's answer to the same add to a four-line cart (as sent, gzipped: its size in brackets), ${seconds} s ` +
        `after ${bareWarmupSeconds} s of warm-up on the same connections, the store stopped.`,
      '',
      `| database | add | adds/s | p99 | adds in the run | bare node:http req/s, p99 | share of bare | pgbench TPC-B tps | adds/s, first ${coldSeconds} s |`,
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...figures.flatMap(({ database, kinds, tps }) =>
        kinds.map(
          ({ kind, load, bareLoad, answerBytes, cold }) =>
            `| ${database} | ${kind} | ${Math.round(load.requestsPerSecond).toLocaleString('en')} | ` +
            `${load.p99} ms | ${load.total.toLocaleString('en')} | ` +
            `${Math.round(bareLoad.requestsPerSecond).toLocaleString('en')}, ${bareLoad.p99} ms ` +
            `(${answerBytes.toLocaleString('en')} B) | ` +
            `${shareOfBare(load, bareLoad)} % | ` +
            `${tps === undefined ? '—' : Math.round(tps).toLocaleString('en')} | ` +
            `${cold ? Math.round(load.coldPerSecond).toLocaleString('en') : '—'} |`,
        ),
      ),
    ].join('\n')
    return figures.flatMap(({ database, kinds, tps }): Row[] => [
      ...kinds.flatMap(({ kind, load, bareLoad, cold }): Row[] => [
        {
          metric: `POST /api/order/add (${kind}), ${database}: adds per second`,
          value: Math.round(load.requestsPerSecond),
          unit: 'count',
          note: `${connections} connections, after ${warmupSeconds} s of warm-up`,
        },
        { metric: `POST /api/order/add (${kind}), ${database}: p99`, value: load.p99, unit: 'ms' },
        {
          metric: `POST /api/order/add (${kind}), ${database}: share of bare node:http sending the same bytes`,
          value: shareOfBare(load, bareLoad),
          unit: '%',
          note: `bare: ${Math.round(bareLoad.requestsPerSecond).toLocaleString('en')} req/s, p99 ${bareLoad.p99} ms, same run`,
        },
        ...(cold
          ? [
              {
                metric: `POST /api/order/add (${kind}), ${database}: adds per second in the first ${coldSeconds} s after start`,
                value: Math.round(load.coldPerSecond),
                unit: 'count',
                note: 'the server just started: V8 still compiling',
              } satisfies Row,
            ]
          : []),
      ]),
      ...(tps === undefined
        ? []
        : [
            {
              metric: `pgbench TPC-B on the same ${database}: transactions per second`,
              value: Math.round(tps),
              unit: 'count',
              note: `${connections} clients, same run`,
            } satisfies Row,
          ]),
    ])
  },
  section: () => lastTable,
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  installCleanup()
  const root = resolve(import.meta.dirname, '..', '..')
  orderAdd.run({ root, distDir: join(root, 'dist') }).then(
    (rows) => {
      console.log(`${lastTable}\n\n${toMarkdown(rows)}`)
      process.exit(0)
    },
    (error: unknown) => {
      console.error((error as Error).stack ?? String(error))
      process.exit(1)
    },
  )
}
