// Starts the built store's server (`node --import tsx server/main.ts`) the way production does
// (`npm start`), on a free port.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchContext } from './types.ts'
import {
  freePort,
  makeTempDir,
  removeTempDir,
  spawnGroup,
  stopGroup,
  type Spawned,
} from './processes.ts'

/** Answers 200 once the database is migrated and seeded. */
export const readyPath = '/api/product/corvid-2?active=1'

export interface StartedServer extends Spawned {
  origin: string
  /** `performance.now()` just before the spawn, for start-up timings. */
  spawnedAt: number
}

export interface ServerOptions {
  /** A port of its own; a free one when absent. */
  port?: number
  /** Run on this PostgreSQL server instead of PGlite under `dataDir`. */
  databaseUrl?: string
  logLevel?: string
  /** Throw the server's stdout away (its access log) instead of reading it into this process. */
  discardStdout?: boolean
  /** More of the server's environment (`TRUST_PROXY`, …). */
  env?: Record<string, string>
}

export async function spawnServer(
  context: BenchContext,
  dataDir: string,
  options: ServerOptions = {},
): Promise<StartedServer> {
  const port = options.port ?? (await freePort())
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    STATIC_DIR: context.distDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    NODE_ENV: 'production',
    // The checkout's bench pays through the built-in test gateway.
    TEST_PAYMENTS: 'true',
    ...options.env,
  }
  const spawnedAt = performance.now()
  const spawned = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: context.root,
    env,
    discardStdout: options.discardStdout,
  })
  return { ...spawned, origin: `http://127.0.0.1:${port}`, spawnedAt }
}

/**
 * Polls `path` every `intervalMs` until it answers `status`; returns the ms since the spawn.
 * Fails early when the server exits, and after `timeoutMs`.
 */
export async function waitForStatus(
  server: StartedServer,
  path: string,
  { status = 200, intervalMs = 50, timeoutMs = 60_000 } = {},
): Promise<number> {
  let exit: number | string | undefined
  void server.exited.then((code) => (exit = code))
  const deadline = performance.now() + timeoutMs
  let last = 'no answer'
  while (performance.now() < deadline) {
    if (exit !== undefined) {
      throw new Error(`server exited (${exit}) before ${path} answered:\n${server.output()}`)
    }
    try {
      const response = await fetch(server.origin + path, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === status) return performance.now() - server.spawnedAt
      last = `status ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await sleep(intervalMs)
  }
  throw new Error(`${path} did not answer ${status} within ${timeoutMs} ms (last: ${last})`)
}

/** Starts the store on a data directory of its own, runs `use` once it answers, then stops it. */
export async function withReadyServer<T>(
  context: BenchContext,
  name: string,
  use: (server: StartedServer) => Promise<T>,
): Promise<T> {
  const dataDir = makeTempDir(name)
  const server = await spawnServer(context, dataDir)
  try {
    await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
    return await use(server)
  } finally {
    await stopGroup(server)
    removeTempDir(dataDir)
  }
}
