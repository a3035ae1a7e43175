/*
 * kill -9 loses nothing committed (issue 16 "Reliability"): a server process killed with SIGKILL
 * (no shutdown hook, no PGlite close) the moment it has answered 200 to a submit, or to the Nth
 * add, holds that order and those lines once it is started again on the same data, and gives a
 * replayed request its first answer.
 *
 * On PGlite a data directory of its own; on PostgreSQL (TEST_DATABASE_URL, CI's second pass) a
 * database of its own: the test's title says which ran. The confirmation mail is sent after the
 * commit and may be cut by the kill: the transactional outbox (the MAIL work) is what keeps it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { loadTestEnv } from '../env.ts'
import { openTestDatabase, type TestDatabase } from '../test-helpers.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)

interface ApiProcess {
  child: ChildProcess
  origin: string
}

let database: TestDatabase | undefined
let dataDir: string
let api: ApiProcess | undefined

/** `tsx server/main.ts` on a free port (tsx as a loader: the server is this one process). */
function startApi(): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      STATIC_DIR: path.join(root, 'no-such-dir'),
      DEMO_ACCOUNTS: 'false',
    },
  })
  process.once('exit', () => child.kill('SIGKILL'))
  return new Promise((resolve, reject) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output)
      if (match) resolve({ child, origin: `http://127.0.0.1:${match[1]}` })
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`API exited (${code}) before listening:\n${output}`)),
    )
  })
}

/** kill -9, and wait until the process is gone. */
async function kill(process: ApiProcess) {
  const exited = new Promise((resolve) => process.child.once('exit', resolve))
  process.child.kill('SIGKILL')
  await exited
}

beforeAll(async () => {
  if (onPostgres) database = await openTestDatabase()
  else dataDir = await mkdtemp(path.join(tmpdir(), 'glidecraft-kill-'))
  api = await startApi()
}, 120_000)

afterAll(async () => {
  if (api && api.child.exitCode === null && api.child.signalCode === null) await kill(api)
  await database?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

interface Caller {
  token: string
  bearer: string
}

function request(caller: Caller, method: string, route: string, body?: unknown, key?: string) {
  return fetch(`${api!.origin}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-cart-token': caller.token,
      authorization: `Bearer ${caller.bearer}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function ok(res: Promise<Response>): Promise<string> {
  const answer = await res
  const text = await answer.text()
  expect(answer.status, text).toBe(200)
  return text
}

async function guest(): Promise<Caller> {
  const res = await fetch(`${api!.origin}/api/login-guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `kill-${randomUUID()}@example.com`, remember: false }),
  })
  expect(res.status).toBe(200)
  const { token } = (await res.json()) as { token: string }
  return { token: randomBytes(32).toString('base64url'), bearer: token }
}

const bag = { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] }
const address = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
}
const priority = {
  carrier: 'usps',
  service_code: 'usps_priority',
  service_name: 'USPS Priority Mail (1–3 business days)',
}

describe('kill -9 right after an answer', () => {
  it(
    onPostgres
      ? 'loses no submitted order and no added line (a server process on PostgreSQL)'
      : 'loses no submitted order and no added line (a server process on PGlite)',
    async () => {
      // Every restart reads and seeds the content again (seconds on this machine): two kills.
      const adds = 3
      const caller = await guest()
      // `adds` adds, the last answered just before the kill.
      let cart: Cart | undefined
      for (let n = 0; n < adds; n += 1)
        cart = Cart.parse(
          JSON.parse(await ok(request(caller, 'POST', '/order/add', bag, `add-${randomUUID()}`))),
        )
      await kill(api!)
      api = await startApi()
      const kept = Cart.parse(JSON.parse(await ok(request(caller, 'GET', '/order'))))
      expect(kept.items.map((item) => item.qty)).toEqual([adds])
      expect(kept.id).toBe(cart!.id)

      // Then a submit, killed the moment its 200 is in.
      await ok(
        request(caller, 'POST', '/order/save-shipping-address', { address }, `a-${randomUUID()}`),
      )
      await ok(
        request(caller, 'POST', '/order/save-shipping-option', priority, `o-${randomUUID()}`),
      )
      const key = `submit-${randomUUID()}`
      const first = await ok(request(caller, 'POST', '/order/submit', { notes: 'kill me' }, key))
      await kill(api!)
      api = await startApi()
      const answer = SubmitAnswer.parse(JSON.parse(first))
      const order = Cart.parse(JSON.parse(await ok(request(caller, 'GET', `/order/${answer.id}`))))
      expect(order).toMatchObject({ id: kept.id, status: 'submitted' })
      expect(order.items.map((item) => item.qty)).toEqual([adds])
      // The replay after the restart is the first answer, byte for byte, and no second order.
      expect(await ok(request(caller, 'POST', '/order/submit', { notes: 'kill me' }, key))).toBe(
        first,
      )
      const next = Cart.parse(JSON.parse(await ok(request(caller, 'GET', '/order'))))
      expect(next).toMatchObject({ id: null, items: [] })
    },
    240_000,
  )
})
