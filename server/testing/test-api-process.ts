import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * The server as a process of its own (`tsx server/main.ts`), for the kill -9 tests
 * (server/routes/cart-kill.test.ts, payment-kill.test.ts): started on a free port on a PGlite
 * data directory or a PostgreSQL database, killed with SIGKILL (no shutdown hook runs), or
 * stopped as an operator stops it (SIGTERM), and called as a device calls it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface ApiProcess {
  child: ChildProcess
  origin: string
  /** What the process has written to stdout and stderr so far. */
  output: () => string
}

export interface ApiProcessOptions {
  /** PostgreSQL: this database. Otherwise PGlite in `dataDir`. */
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  /** Where the outbox's worker sends mail; unset, the development mailbox. */
  smtpUrl?: string | undefined
  /** API_PROCESSES: workers sharing the port (PostgreSQL only); unset, one process. */
  processes?: number
  /** LOG_LEVEL; `error` unless said (`info` writes the access log). */
  logLevel?: string
  /** More of the server's environment (`TRUST_PROXY`, …). */
  env?: Record<string, string>
}

/** `tsx server/main.ts` on a free port (tsx as a loader: the server is this one process). */
export function startApi(options: ApiProcessOptions): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl }
        : { DATABASE_URL: '', DATA_DIR: options.dataDir }),
      SMTP_URL: options.smtpUrl ?? '',
      MAIL_FROM: 'Glidecraft <shop@example.com>',
      LOG_LEVEL: options.logLevel ?? 'error',
      API_PROCESSES: String(options.processes ?? 1),
      NODE_ENV: 'test',
      STATIC_DIR: path.join(root, 'no-such-dir'),
      DEMO_ACCOUNTS: 'false',
      // The tests pay through the built-in test gateway.
      TEST_PAYMENTS: 'true',
      ...options.env,
    },
  })
  process.once('exit', () => child.kill('SIGKILL'))
  return new Promise((resolve, reject) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output)
      if (match) resolve({ child, origin: `http://127.0.0.1:${match[1]}`, output: () => output })
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`API exited (${code}) before listening:\n${output}`)),
    )
  })
}

const running = (api: ApiProcess) => api.child.exitCode === null && api.child.signalCode === null

/** Ends the process with `signal` (SIGKILL: kill -9), and waits until it is gone. */
export async function endApi(api: ApiProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (!running(api)) return
  const exited = new Promise((resolve) => api.child.once('exit', resolve))
  api.child.kill(signal)
  await exited
}

/** A device with a guest session: its cart token and the session's bearer. */
export interface ApiCaller {
  token: string
  bearer: string
}

/** A call as the app makes it: the device's token, the bearer, the key, a JSON body. */
export function callApi(
  api: ApiProcess,
  caller: ApiCaller,
  method: string,
  route: string,
  body?: unknown,
  key?: string,
) {
  return fetch(`${api.origin}/api${route}`, {
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

/** A new device signed in as a guest with a fresh e-mail address. */
export async function guestOf(api: ApiProcess, prefix: string): Promise<ApiCaller> {
  const res = await fetch(`${api.origin}/api/login-guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${prefix}-${randomUUID()}@example.com`, remember: false }),
  })
  if (res.status !== 200) throw new Error(`login-guest: ${res.status} ${await res.text()}`)
  const { token } = (await res.json()) as { token: string }
  return { token: randomBytes(32).toString('base64url'), bearer: token }
}

/** A bag from stock, and where and how it ships: what a checkout needs before its submit. */
export {
  bag,
  priority as priorityMail,
  usAddress as shippingAddress,
} from '../../tests/order-fixtures.ts'
