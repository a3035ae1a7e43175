/*
 * API_PROCESSES (issue 15): several worker processes serve one port on one PostgreSQL
 * (server/main.ts). On PostgreSQL (TEST_DATABASE_URL) this starts `server/main.ts` with two
 * workers and checks that both answer, that an add is still applied once per key when the same
 * key reaches both at once, that the access log's lines stay whole, and that SIGTERM ends every
 * worker. PGlite runs in one process: there the same setting must refuse to start. The test's
 * title says which ran.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../contract/cart.ts'
import { loadTestEnv } from './env.ts'
import { endApi, startApi, type ApiProcess } from './testing/test-api-process.ts'
import { openTestDatabase, type TestDatabase } from './testing/test-helpers.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)

const bag = {
  sku: 'CORVID2-M',
  qty: 1,
  meta: [
    { key: 'color.body', value: 'y9F' },
    { key: 'option.booties', value: 'on' },
    { key: 'size', value: 'M' },
    { key: 'accent', value: 'none' },
  ],
  child: [],
}

let database: TestDatabase
let api: ApiProcess | undefined

beforeAll(async () => {
  database = await openTestDatabase()
}, 120_000)

afterAll(async () => {
  if (api) await endApi(api, 'SIGKILL')
  await database.close()
})

/** The node processes whose parent is `parent` (tsx's esbuild service is one of its children too). */
function nodeChildrenOf(parent: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(parent)]).stdout.toString()
  return listed
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'node')
    .map(([pid]) => Number(pid))
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function twoWorkersOnPostgres() {
  api = await startApi({ databaseUrl: database.url, processes: 2, logLevel: 'info' })
  const supervisor = api.child.pid!
  const workers = nodeChildrenOf(supervisor)
  expect(workers).toHaveLength(2)

  const token = randomBytes(32).toString('base64url')
  const add = (key: string) =>
    fetch(`${api!.origin}/api/order/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-cart-token': token,
        'idempotency-key': key,
      },
      body: JSON.stringify(bag),
    })
  const run = randomBytes(4).toString('hex')
  // The cart is made first, by one add: 80 adds at once to a token with no cart yet would each
  // count as making one (the address's newCarts limit, 60), which no device does.
  expect((await add(`workers-${run}-first`)).status).toBe(200)
  // 40 keys, each sent twice at once on connections of their own: the port hands connections
  // to both workers, so many pairs meet in two processes.
  const keys = Array.from({ length: 40 }, (_, n) => `workers-${run}-${n}`)
  const answers = await Promise.all(keys.flatMap((key) => [add(key), add(key)]))
  const texts = await Promise.all(answers.map((answer) => answer.text()))
  expect(
    answers.map((answer) => answer.status),
    texts[0],
  ).toEqual(answers.map(() => 200))
  for (let n = 0; n < keys.length; n++) expect(texts[2 * n + 1]).toBe(texts[2 * n])
  const cart = Cart.parse(
    await (await fetch(`${api.origin}/api/order`, { headers: { 'x-cart-token': token } })).json(),
  )
  expect(cart.items.map((item) => item.qty)).toEqual([keys.length + 1])

  // Both workers answered, each line of the shared access log is whole.
  const requestLines = () =>
    api!
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
  // The log writes in batches: wait for the adds' lines and the cart read's to come out.
  await expect.poll(() => requestLines().length).toBeGreaterThanOrEqual(2 * keys.length + 2)
  const lines = requestLines().map((line) => JSON.parse(line) as { pid: number; path: string })
  expect(lines.filter((line) => line.path === '/api/order/add')).toHaveLength(2 * keys.length + 1)
  expect(new Set(lines.map((line) => line.pid))).toEqual(new Set(workers))

  // SIGTERM, as a deployment stops it: every worker ends, then the supervisor, with 0.
  const exited = new Promise<number | null>((resolve) => api!.child.once('exit', resolve))
  api.child.kill('SIGTERM')
  expect(await exited).toBe(0)
  expect(workers.filter(alive)).toEqual([])
}

async function refusedOnPglite() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-processes-'))
  try {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, API_PROCESSES: '2', PORT: '0' },
      timeout: 60_000,
    })
    expect(started.status).toBe(1)
    expect(started.stderr.toString()).toMatch(
      /API_PROCESSES: more than one API process needs DATABASE_URL/,
    )
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

describe('API_PROCESSES', () => {
  it(
    onPostgres
      ? 'two workers share the port on PostgreSQL: each answers, a key is applied once, SIGTERM ends both'
      : 'refuses to start more than one process on PGlite',
    () => (onPostgres ? twoWorkersOnPostgres() : refusedOnPglite()),
    120_000,
  )
})
