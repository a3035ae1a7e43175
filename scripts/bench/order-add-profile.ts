// The add's CPU, for working on it (issue 15): runs the store (`node --import tsx server/main.ts`,
// LOG_LEVEL=info, access log to /dev/null) on PGlite or a private PostgreSQL, drives
// `POST /api/order/add` at 50 connections as order-add.ts does, and prints adds/s, p99 and the
// server process's CPU per add (from /proc, over the measured seconds only). With `--prof` the
// server runs under `--cpu-prof` and the profile's self time is summed by function and by file.
//
//   tsx scripts/bench/order-add-profile.ts [pglite|postgres] [guest|session] [suit|bag] [--prof]
//     [--port N] [--statements] [--setting NAME=VALUE …]
//
// On PostgreSQL it prints the CPU of PostgreSQL's own processes per add too (where they run as
// the `postgres` user), and with `--statements` what each statement cost per add over the
// measured seconds (pg_stat_statements: calls, total and mean time, lock waits included).
// `--setting` passes a server setting to the private PostgreSQL (to try one before adopting it).
//
// Each add asks for a compressed answer, as the app does (order-add.ts's Accept-Encoding).
//
// `guest`: the device's cart token only (the bench's add). `session`: a bearer session of a guest
// account per cart (`/api/login-guest`), no cart token: the session is looked up on every add.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import {
  acceptEncoding,
  body,
  cartTokens as carts,
  connections,
  seconds,
  variantsPerCart,
  warmupSeconds,
} from './order-add.ts'
import { startPostgres } from './postgres.ts'
import {
  freePort,
  installCleanup,
  makeTempDir,
  removeTempDir,
  spawnGroup,
  stopGroup,
} from './processes.ts'
import { readyPath, waitForStatus } from './server.ts'

const args = process.argv.slice(2)
const database = args.includes('postgres') ? 'PostgreSQL' : 'PGlite'
const mode = args.includes('session') ? 'session' : 'guest'
/** The add (order-add.ts's addKinds): the designed suit unless `bag`. */
const kind = args.includes('bag') ? 'bag' : 'suit'
const profile = args.includes('--prof')
const statements = args.includes('--statements')
const settings = args.flatMap((arg, index) => (args[index - 1] === '--setting' ? [arg] : []))
const portArg = args.indexOf('--port')
const postgresPort = portArg >= 0 ? Number(args[portArg + 1]) : undefined

/**
 * utime and stime, in µs, of the processes of a process group (the server and its workers), or
 * with `{ uid }` of a user's processes (PostgreSQL's server and backends run as `postgres`).
 */
function cpuMicros(of: number | { uid: number }): { user: number; system: number } {
  const total = { user: 0, system: 0 }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (typeof of === 'number' ? Number(fields[2]) !== of : uidOf(entry) !== of.uid) continue
    total.user += Number(fields[11]) * 10_000
    total.system += Number(fields[12]) * 10_000
  }
  return total
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
}

function uidOf(pid: string): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)
    return line ? Number(line[1]) : undefined
  } catch {
    return undefined // ended meanwhile
  }
}

async function ownerHeaders(origin: string): Promise<Record<string, string>[]> {
  if (mode === 'guest')
    return Array.from({ length: carts }, () => ({
      'x-cart-token': randomBytes(32).toString('base64url'),
    }))
  const run = randomBytes(4).toString('hex')
  return Promise.all(
    Array.from({ length: carts }, async (_, n) => {
      const response = await fetch(`${origin}/api/login-guest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n}.1` },
        body: JSON.stringify({ email: `bench-${run}-${n}@example.com` }),
      })
      const answer = (await response.json()) as { token?: string }
      if (!answer.token)
        throw new Error(`login-guest: ${response.status} ${JSON.stringify(answer)}`)
      return { authorization: `Bearer ${answer.token}` }
    }),
  )
}

async function main() {
  installCleanup()
  const root = resolve(import.meta.dirname, '..', '..')
  const dir = makeTempDir('order-add-profile')
  const postgres =
    database === 'PostgreSQL'
      ? startPostgres(postgresPort ?? (await freePort()), [
          ...settings,
          ...(statements ? ['shared_preload_libraries=pg_stat_statements'] : []),
        ])
      : undefined
  if (statements) postgres?.psql('create extension pg_stat_statements')
  const port = await freePort()
  const spawnedAt = performance.now()
  const profileDir = join(dir, 'prof')
  const server = spawnGroup(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: postgres?.url ?? '',
        STATIC_DIR: join(root, 'dist'),
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        TRUST_PROXY: 'loopback',
        // As order-add.ts: thousands of anonymous adds a second from one address.
        ANONYMOUS_CART_LIMITS: 'off',
        TEST_PAYMENTS: 'true',
      },
      discardStdout: true,
    },
  )
  const origin = `http://127.0.0.1:${port}`
  const started = { ...server, origin, spawnedAt }
  try {
    await waitForStatus(started, readyPath, { timeoutMs: 120_000 })
    const owners = await ownerHeaders(origin)
    const bodies = Array.from({ length: variantsPerCart }, (_, variant) => body(variant, kind))
    const run = randomBytes(6).toString('base64url')
    let sent = 0
    const loadFrom = performance.now() - spawnedAt
    const measuredFrom = performance.now() + warmupSeconds * 1000
    let cpuFrom = { user: 0, system: 0 }
    let cpuTo = { user: 0, system: 0 }
    let dbFrom = { user: 0, system: 0 }
    let dbTo = { user: 0, system: 0 }
    const latencies: number[] = []
    const pid = server.child.pid!
    // PostgreSQL's processes, where they run as a user of their own (as root, `postgres`).
    const dbUid = postgres && process.getuid?.() === 0 ? postgresUid() : undefined
    const dbCpu = () => (dbUid === undefined ? { user: 0, system: 0 } : cpuMicros({ uid: dbUid }))
    const startCpu = setTimeout(() => {
      if (statements) postgres?.psql('select pg_stat_statements_reset()')
      cpuFrom = cpuMicros(pid)
      dbFrom = dbCpu()
    }, warmupSeconds * 1000)
    const endCpu = setTimeout(
      () => {
        cpuTo = cpuMicros(pid)
        dbTo = dbCpu()
      },
      (warmupSeconds + seconds) * 1000,
    )
    const result = await new Promise<autocannon.Result>((done, fail) => {
      const instance = autocannon(
        {
          url: origin,
          connections,
          duration: warmupSeconds + seconds,
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
                    ...owners[n % carts],
                    'idempotency-key': `prof-${run}-${n}`,
                    'accept-encoding': acceptEncoding,
                  },
                  body: bodies[Math.floor(n / carts) % variantsPerCart]!,
                }
              },
            },
          ],
        },
        (error, finished) => (error ? fail(error as Error) : done(finished)),
      )
      instance.on('response', (_client, _status, _bytes, latency: number) => {
        if (performance.now() >= measuredFrom) latencies.push(latency)
      })
    })
    const loadTo = performance.now() - spawnedAt
    clearTimeout(startCpu)
    clearTimeout(endCpu)
    const failed = result.non2xx + result.errors + result.timeouts
    if (failed > 0) throw new Error(`${failed} of ${result.requests.total} adds failed`)
    latencies.sort((a, b) => a - b)
    const p99 = latencies[Math.ceil(0.99 * latencies.length) - 1] ?? 0
    const user = Math.round((cpuTo.user - cpuFrom.user) / latencies.length)
    const system = Math.round((cpuTo.system - cpuFrom.system) / latencies.length)
    const cpuPerAdd = user + system
    const dbPerAdd = Math.round(
      (dbTo.user + dbTo.system - dbFrom.user - dbFrom.system) / latencies.length,
    )
    console.log(
      `${database} ${mode} ${kind}${profile ? ' (profiled)' : ''}: ${Math.round(latencies.length / seconds)} adds/s, ` +
        `p99 ${Math.round(p99)} ms, server CPU ${cpuPerAdd} µs per add (user ${user}, system ${system})` +
        (dbUid === undefined ? ' ' : `, PostgreSQL's processes ${dbPerAdd} µs per add `) +
        `(load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
    )
    await stopGroup(server)
    if (statements && postgres) printStatements(postgres.psql, latencies.length)
    if (profile) summarize(profileDir, cpuPerAdd, loadFrom + warmupSeconds * 1000, loadTo)
  } finally {
    await stopGroup(server)
    postgres?.stop()
    removeTempDir(dir)
  }
}

/** What each statement cost per add since the reset, most first. */
function printStatements(psql: (sql: string) => string, adds: number) {
  const rows = psql(
    `select calls, round(total_exec_time::numeric * 1000 / ${adds}) as us_per_add,
       round(mean_exec_time::numeric * 1000) as us_mean, left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
     from pg_stat_statements order by total_exec_time desc limit 20`,
  )
  console.log(
    `\nPostgreSQL statements, over ${adds} adds (calls | µs per add | µs per call | statement):`,
  )
  console.log(rows)
  // An update that finds no room on its page writes a new entry in every index of the table.
  console.log('Rows inserted and updated by table, and the updates that were HOT (no index entry):')
  console.log(
    psql(
      `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables
       where n_tup_upd + n_tup_ins > 0 order by n_tup_upd + n_tup_ins desc limit 8`,
    ),
  )
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

/**
 * Self and total time per function, and self time per file, in µs per add, from the .cpuprofile
 * Node wrote: only the samples taken while the load ran (ms after the spawn; the process's
 * start-up is a few ms). Kept as PROFILE_OUT when set, for a second look.
 *
 * Samples are counted, not weighted by the time between them: a sample is taken when the thread
 * runs, so on a busy machine the time before one includes the time the process waited for a core
 * (a syscall that wakes PostgreSQL then carries whole milliseconds). Counts are shares of the CPU
 * the process used; `cpuPerAdd` (from /proc) turns them into µs per add.
 */
function summarize(profileDir: string, cpuPerAdd: number, fromMs: number, toMs: number) {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error('no .cpuprofile written')
  const text = readFileSync(join(profileDir, file), 'utf8')
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, text)
  const prof = JSON.parse(text) as {
    nodes: ProfileNode[]
    samples: number[]
    timeDeltas: number[]
  }
  const byId = new Map(prof.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of prof.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id)
  const fileOf = (url: string) =>
    url
      .replace(/^file:\/\//, '')
      .replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+)\/.*/, 'npm:$1')
      .replace(/.*\/wt-[^/]+\//, '') || '(native)'
  const nameOf = (id: number) => {
    const { callFrame } = byId.get(id)!
    return `${callFrame.functionName || '(anonymous)'} ${fileOf(callFrame.url)}:${callFrame.lineNumber + 1}`
  }
  const selfByFunction = new Map<string, number>()
  const totalByFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  const add = (map: Map<string, number>, key: string, micros: number) =>
    map.set(key, (map.get(key) ?? 0) + micros)
  let busy = 0
  let at = 0
  prof.samples.forEach((id, i) => {
    at += prof.timeDeltas[i] ?? 0
    if (at < fromMs * 1000 || at > toMs * 1000) return
    const { callFrame } = byId.get(id)!
    if (callFrame.functionName === '(idle)') return
    const delta = 1
    busy += delta
    add(selfByFunction, nameOf(id), delta)
    add(byFile, fileOf(callFrame.url), delta)
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const name = nameOf(node)
      if (!seen.has(name)) add(totalByFunction, name, delta)
      seen.add(name)
    }
  })
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `${((count / busy) * cpuPerAdd).toFixed(1).padStart(8)} µs  ${name}`)
      .join('\n')
  console.log(`${busy} busy samples while the load ran, shared out over ${cpuPerAdd} µs per add`)
  console.log(`-- self, by file --\n${top(byFile, 30)}`)
  console.log(`-- self, by function --\n${top(selfByFunction, 50)}`)
  console.log(`-- total (self and callees), by function --\n${top(totalByFunction, 120)}`)
}

await main()
