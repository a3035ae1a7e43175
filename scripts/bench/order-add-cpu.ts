// The add's CPU in this process, away from the machine's other load (issue 15): the production
// app in-process (createApp, no HTTP), `POST /api/order/add` of the bench's suit over 50 guest
// carts, a few adds in flight at once, and this process's CPU time per add (process.cpuUsage).
// On PGlite that is the database's work too; on PostgreSQL (DATABASE_URL) only the app's.
// CPU time, unlike adds per second, hardly moves when other processes share the cores.
//
//   tsx scripts/bench/order-add-cpu.ts [--adds N] [--session] [--prof FILE]
//   DATABASE_URL=postgres://… tsx scripts/bench/order-add-cpu.ts
//
// `--session`: bearer sessions of guest accounts instead of cart tokens. `--prof FILE`: a CPU
// profile of the measured adds (node:inspector), for order-add-profile.ts's summary or DevTools.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { createApp } from '../../server/app.ts'
import { openDatabase } from '../../server/db/index.ts'
import { users } from '../../server/db/schema.ts'
import { seed } from '../../server/services/seed.ts'
import { loadEnv } from '../../server/env.ts'
import { startSession } from '../../server/services/sessions.ts'
import { acceptEncoding, body, cartTokens as carts } from './order-add.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const adds = Number(option('--adds') ?? 3000)
const inFlight = Number(option('--in-flight') ?? 8)
const profileFile = option('--prof')
const withSession = args.includes('--session')

const databaseUrl = process.env.DATABASE_URL || undefined
const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true })
await seed(database.db, { demoAccounts: false })
// As order-add.ts: thousands of anonymous adds from one address, past the per-address limit.
const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'loopback',
  ANONYMOUS_CART_LIMITS: 'off',
})
const app = createApp({ db: database.db, env })
const run = randomBytes(4).toString('hex')

const owners: Record<string, string>[] = []
for (let n = 0; n < carts; n++) {
  if (!withSession) {
    owners.push({ 'x-cart-token': randomBytes(32).toString('base64url') })
    continue
  }
  // What /api/login-guest makes (a guest account and a guest session), without its throttle.
  const [user] = await database.db
    .insert(users)
    .values({ email: `cpu-${run}-${n}@example.com`, role: 'guest' })
    .returning({ id: users.id })
  const { token } = await startSession(database.db, user!.id, { ttlSeconds: 3600, guest: true })
  owners.push({ authorization: `Bearer ${token}` })
}
const bodies = Array.from({ length: 4 }, (_, variant) => body(variant))

let sent = 0
async function addOne() {
  const n = sent++
  const response = await app.request('/api/order/add', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': acceptEncoding,
      'content-length': String(bodies[0]!.length),
      ...owners[n % carts],
      'idempotency-key': `cpu-${run}-${n}`,
    },
    body: bodies[Math.floor(n / carts) % bodies.length]!,
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`add ${n}: ${response.status}`)
}

async function load(count: number) {
  const until = sent + count
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (sent < until) await addOne()
    }),
  )
}

await load(Math.min(500, adds)) // warm-up: JIT, prepared statements, the palette
const session = profileFile ? new Session() : undefined
if (session) {
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
}
const cpuFrom = process.cpuUsage()
const wallFrom = performance.now()
await load(adds)
const cpu = process.cpuUsage(cpuFrom)
const wall = performance.now() - wallFrom
if (session) {
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(profileFile!, JSON.stringify(profile))
}
console.log(
  `${databaseUrl ? 'PostgreSQL' : 'PGlite'} ${withSession ? 'session' : 'guest'}: ` +
    `${Math.round((cpu.user + cpu.system) / adds)} µs CPU per add ` +
    `(user ${Math.round(cpu.user / adds)}, system ${Math.round(cpu.system / adds)}), ` +
    `${Math.round((adds / wall) * 1000)} adds/s in one process, ${inFlight} in flight`,
)
await database.close()
