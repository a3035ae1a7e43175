// Checkout (issue 16 "Speed"): `POST /api/order/submit` and `POST /api/payment/braintree/{id}`
// (the built-in test gateway, `fake-valid-nonce`) at 20 concurrent checkouts, on PGlite and on a
// private PostgreSQL: p50, p99 and how many per second.
//
//   npm run bench -- checkout [--no-build]      (within the whole bench's report)
//   tsx scripts/bench/checkout.ts                (this part alone)
//
// Each checkout is a guest of its own (a fresh e-mail address, its own client address in
// X-Forwarded-For, its own device cart token) with a cart of its own: a bag, an address and a
// shipping option, made before the clock starts. Then, in each round, the 20 submit at once, and
// once all have answered the 20 pay at once, each request with its own Idempotency-Key. Every
// answer must be a 200 (submitted, then paid); the confirmation and receipt mail each commit with
// them (the outbox; without SMTP_URL the worker delivers into the development mailbox, in the
// same process). The store runs as production does (`node --import tsx server/main.ts`,
// LOG_LEVEL=info, its access log written to /dev/null). BENCH_CHECKOUT_ROUNDS (default 10) rounds are measured after
// one round of warm-up: 200 submits and 200 payments per database.
import { randomBytes, randomUUID } from 'node:crypto'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { bag, priority, usAddress as address } from '../../tests/order-fixtures.ts'
import { startPostgres, type Postgres } from './postgres.ts'
import { freePort, installCleanup, makeTempDir, removeTempDir, stopGroup } from './processes.ts'
import { toMarkdown } from './report.ts'
import { readyPath, spawnServer, waitForStatus } from './server.ts'
import { percentile } from './stats.ts'
import type { BenchContext, Measurement, Row } from './types.ts'

const checkouts = 20
const rounds = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 10)

interface Checkout {
  /** Its own client address: the guest sign-in is throttled per address. */
  forwardedFor: string
  token: string
  bearer: string
}

let clients = 0

async function call(
  origin: string,
  checkout: Omit<Checkout, 'bearer'> & { bearer?: string },
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': checkout.forwardedFor,
      'x-cart-token': checkout.token,
      'idempotency-key': `bench-${randomUUID()}`,
      ...(checkout.bearer ? { authorization: `Bearer ${checkout.bearer}` } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${text}`)
  return JSON.parse(text)
}

/** A guest of its own with a cart ready to submit: a bag, an address, a shipping option. */
async function cartReady(origin: string): Promise<Checkout> {
  clients += 1
  const device = {
    forwardedFor: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
    token: randomBytes(32).toString('base64url'),
  }
  const { token: bearer } = (await call(origin, device, '/login-guest', {
    email: `bench-${randomUUID()}@example.com`,
    remember: false,
  })) as { token: string }
  const checkout = { ...device, bearer }
  await call(origin, checkout, '/order/add', bag)
  await call(origin, checkout, '/order/save-shipping-address', { address })
  await call(origin, checkout, '/order/save-shipping-option', priority)
  return checkout
}

/** Runs `each` for every checkout at once; each one's time, and the whole burst's. */
async function burst<T>(items: T[], each: (item: T) => Promise<void>) {
  const started = performance.now()
  const times = await Promise.all(
    items.map(async (item) => {
      const sent = performance.now()
      await each(item)
      return performance.now() - sent
    }),
  )
  return { times, wallMs: performance.now() - started }
}

interface Figures {
  p50: number
  p99: number
  perSecond: number
  count: number
}

function figuresOf(times: number[], wallMs: number): Figures {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: (times.length / wallMs) * 1000,
    count: times.length,
  }
}

async function measure(origin: string, measuredRounds: number) {
  const submits: number[] = []
  const payments: number[] = []
  let submitWall = 0
  let paymentWall = 0
  for (let round = 0; round < measuredRounds; round += 1) {
    const ready = await Promise.all(Array.from({ length: checkouts }, () => cartReady(origin)))
    const orders = new Map<Checkout, string>()
    const submitted = await burst(ready, async (checkout) => {
      const answer = (await call(origin, checkout, '/order/submit', {})) as {
        id: string
        status: string
      }
      if (answer.status !== 'submitted') throw new Error(`submit answered ${answer.status}`)
      orders.set(checkout, answer.id)
    })
    const paid = await burst(ready, async (checkout) => {
      const answer = (await call(origin, checkout, `/payment/braintree/${orders.get(checkout)}`, {
        nonce: 'fake-valid-nonce',
      })) as { status: string }
      if (answer.status !== 'paid') throw new Error(`payment answered ${answer.status}`)
    })
    submits.push(...submitted.times)
    payments.push(...paid.times)
    submitWall += submitted.wallMs
    paymentWall += paid.wallMs
  }
  return { submit: figuresOf(submits, submitWall), payment: figuresOf(payments, paymentWall) }
}

type Database = 'PGlite' | 'PostgreSQL'

async function measureOn(context: BenchContext, database: Database) {
  const dir = makeTempDir('bench-checkout')
  let postgres: Postgres | undefined
  if (database === 'PostgreSQL') {
    try {
      postgres = startPostgres(await freePort())
    } catch (error) {
      // As the other PostgreSQL benches find one: no server binaries, no PostgreSQL figures.
      removeTempDir(dir)
      return { database, skipped: (error as Error).message.split('\n')[0] }
    }
  }
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined
  try {
    server = await spawnServer(context, join(dir, 'data'), {
      databaseUrl: postgres?.url,
      logLevel: 'info',
      discardStdout: true,
      env: { TRUST_PROXY: 'loopback' },
    })
    await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
    console.error(`  ${database} ${checkouts} concurrent checkouts: submit, then pay`)
    await measure(server.origin, 1)
    return { database, ...(await measure(server.origin, rounds)) }
  } finally {
    if (server) await stopGroup(server)
    postgres?.stop()
    removeTempDir(dir)
  }
}

let lastTable: string | undefined

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`
const rate = (value: number) => value.toFixed(1)

export const checkout: Measurement = {
  name: 'checkout submit and payment',
  async run(context) {
    const results = []
    for (const database of ['PGlite', 'PostgreSQL'] as const)
      results.push(await measureOn(context, database))
    lastTable = [
      `Checkout: ${checkouts} concurrent checkouts, each a guest with a cart of its own (a bag, an ` +
        `address, USPS Priority); per round the ${checkouts} submit at once, then pay at once ` +
        `(test gateway, \`fake-valid-nonce\`); ${rounds} rounds after one of warm-up. Per second: ` +
        'answers over the time the bursts took.',
      '',
      '| database | call | p50 | p99 | per second | calls |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...results.flatMap((result) =>
        'skipped' in result
          ? [`| ${result.database} | (not run: ${result.skipped}) | — | — | — | — |`]
          : (
              [
                ['`POST /api/order/submit`', result.submit],
                ['`POST /api/payment/braintree/{id}`', result.payment],
              ] as const
            ).map(
              ([name, figures]) =>
                `| ${result.database} | ${name} | ${ms(figures.p50)} | ${ms(figures.p99)} | ` +
                `${rate(figures.perSecond)} | ${figures.count} |`,
            ),
      ),
    ].join('\n')
    return results.flatMap((result): Row[] => {
      // Not run (no PostgreSQL server binaries): the section says so.
      if ('skipped' in result) return []
      return (
        [
          ['submit', result.submit],
          ['payment', result.payment],
        ] as const
      ).flatMap(([name, figures]): Row[] => [
        {
          metric: `checkout ${name}, ${result.database}: p50`,
          value: figures.p50,
          unit: 'ms',
          note: `${checkouts} concurrent checkouts`,
        },
        { metric: `checkout ${name}, ${result.database}: p99`, value: figures.p99, unit: 'ms' },
        {
          metric: `checkout ${name}, ${result.database}: per second`,
          value: Number(figures.perSecond.toFixed(1)),
          unit: 'count',
        },
      ])
    })
  },
  section: () => lastTable,
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  installCleanup()
  const root = resolve(import.meta.dirname, '..', '..')
  checkout.run({ root, distDir: join(root, 'dist') }).then(
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
