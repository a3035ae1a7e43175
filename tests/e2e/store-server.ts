import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { cp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'

/*
 * One store server per Playwright worker: each worker (parallelIndex 0, 1, …) runs the built store
 * on the real server with a database, a copy of the build and a mailbox port of its own, so tests
 * in different workers share no state (rate limits by address, demo accounts, the dealer's
 * ledger, mail, a new build of `sw.js` deployed by one test). Started by the worker fixture in
 * fixtures.ts; playwright.config.ts sets no `webServer`.
 *
 * Ports, from E2E_PORT (default 4318): worker i takes the ten from E2E_PORT + 10·i, so two runs
 * on one machine with E2E_PORT twenty or more apart (for two workers) keep apart.
 */

/** Ports of one worker, beside its server's. */
export interface WorkerPorts {
  /** The store's server. */
  server: number
  /** The worker's SMTP mailbox (tests/e2e/mailbox.ts), where that server sends its mail. */
  smtp: number
  /** The lossy proxy of the cart tests (cart.spec.ts). */
  cartProxy: number
  /** The proxy of the browser-restart tests (cart-restart.spec.ts). */
  restartProxy: number
}

export function workerPorts(parallelIndex: number): WorkerPorts {
  const base = Number(process.env.E2E_PORT ?? 4318) + 10 * parallelIndex
  const smtp = process.env.E2E_SMTP_PORT
  return {
    server: base,
    smtp: smtp ? Number(smtp) + 10 * parallelIndex : base + 1,
    cartProxy: base + 2,
    restartProxy: base + 3,
  }
}

/** The ports of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX there). */
export function thisWorkerPorts(): WorkerPorts {
  return workerPorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
}

export interface StoreServerOptions {
  /** The build to serve (copied, so a test may change the copy's `sw.js`). */
  staticDir: string
  /** More environment for the server (e.g. a reCAPTCHA site key). */
  env: Record<string, string>
}

export interface StoreServer {
  origin: string
  /** The worker's copy of the build, which the server serves. */
  staticDir: string
  stop(): Promise<void>
}

const startTimeoutMs = 120_000

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : once(child, 'exit').then(() => undefined)
}

/** Starts the server on a fresh database and resolves once it answers a catalog read. */
export async function startStoreServer(
  ports: WorkerPorts,
  options: StoreServerOptions,
): Promise<StoreServer> {
  const name = basename(resolve(options.staticDir))
  const dataDir = join(tmpdir(), `glidecraft-e2e-data-${name}-${ports.server}`)
  const staticDir = join(tmpdir(), `glidecraft-e2e-${name}-${ports.server}`)
  await Promise.all([
    rm(dataDir, { recursive: true, force: true }),
    rm(staticDir, { recursive: true, force: true }),
  ])
  await cp(options.staticDir, staticDir, { recursive: true })
  const origin = `http://localhost:${ports.server}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // Its own process group, so stopping it stops whatever it started too.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(ports.server),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Mail goes to the worker's mailbox (mailbox.ts), and its links lead back to this server.
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      SITE_URL: origin,
      DEMO_ACCOUNTS: 'true',
      // The tests pay through the built-in test gateways (and see the test store's notice).
      TEST_PAYMENTS: 'true',
      // Every test's new visitor comes from 127.0.0.1: the whole suite would be one address's
      // 60 new carts in 15 minutes. The limits have their tests in server/routes/cart.test.ts.
      ANONYMOUS_CART_LIMITS: 'off',
      ...options.env,
    },
  })
  const stopped = exited(child)
  // A worker that dies without its teardown still takes its server with it.
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  process.on('exit', killGroup)

  const stop = async () => {
    process.off('exit', killGroup)
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(killGroup, 15_000)
    await stopped
    clearTimeout(timer)
    await rm(dataDir, { recursive: true, force: true })
    await rm(staticDir, { recursive: true, force: true })
  }

  const ready = `${origin}/api/product/corvid-2?active=1`
  const deadline = Date.now() + startTimeoutMs
  let gone = false
  void stopped.then(() => (gone = true))
  while (!(await answers(ready))) {
    if (gone) throw new Error(`the store server on ${origin} exited before it answered`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the store server on ${origin} did not answer within ${startTimeoutMs} ms`)
    }
    await new Promise((wake) => setTimeout(wake, 100))
  }
  return { origin, staticDir, stop }
}
