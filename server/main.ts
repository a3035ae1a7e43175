import cluster, { type Worker } from 'node:cluster'
import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { createHttp } from './app.ts'
import { openDatabase, type Database, type OpenDatabase } from './db/index.ts'
import { seed, warnAboutDemoAccounts } from './services/seed.ts'
import { startSummary } from './config-review.ts'
import { loadEnv, type Env } from './env.ts'
import { listen } from './http/node-server.ts'
import { createLogger, loggableError, type Logger } from './log.ts'
import { prunePageViews } from './services/analytics.ts'
import { pruneIdleCarts, pruneMergedLines } from './services/cart/retention.ts'
import { pruneIdempotencyKeys } from './services/idempotency.ts'
import { pruneOutbox } from './mail/outbox.ts'
import { pruneThrottles } from './services/throttle.ts'

/** How long open requests get to finish after SIGINT/SIGTERM before the process exits anyway. */
const shutdownGraceMs = 10_000

/**
 * Ended throttle windows, idempotency keys and merge records past their 90 days, mail sent more
 * than 30 days ago, anonymous carts idle 30 days and page views past 13 months are dropped now
 * and then (docs/limits-and-retention.md); the tables hold only what is still needed.
 */
function pruneHourly(db: Database, logger: Logger, { analyze }: { analyze: boolean }) {
  const prune = () =>
    Promise.all([
      pruneThrottles(db),
      pruneIdempotencyKeys(db),
      pruneMergedLines(db),
      pruneOutbox(db),
      pruneIdleCarts(db),
      prunePageViews(db),
    ])
      // PGlite has no autovacuum: without ANALYZE its planner has no statistics, and the back
      // office's aggregates over a year of orders pick slow plans (docs/performance.md, "Back
      // office at scale"). PostgreSQL's autovacuum does this itself.
      .then(() => (analyze ? db.execute(sql`analyze`) : undefined))
      .catch((error: unknown) =>
        logger.warn({ error: loggableError(error) }, 'could not prune throttles, keys or mail'),
      )
  void prune()
  setInterval(prune, 3_600_000).unref()
}

function start(
  env: Env,
  logger: Logger,
  database: OpenDatabase,
  { announce }: { announce: boolean },
) {
  if (!existsSync(env.staticDir)) {
    logger.warn({ staticDir: env.staticDir }, 'no built site found; pages answer 404')
  }
  const { app, answeredFromMemory, mailer } = createHttp({
    db: database.db,
    env,
    logger,
    staticDir: env.staticDir,
  })
  const options = {
    fetch: app.fetch,
    answeredFromMemory,
    hostname: env.host,
    port: env.port,
    timeouts: env.timeouts,
    trustProxy: env.trustProxy,
    // PGlite's one session serves requests first come, first served (db/arrival-order.ts).
    arrivalOrder: env.databaseUrl === undefined,
  }
  const server = listen(options, (info) => {
    // A plain line on stdout whatever LOG_LEVEL says: scripts wait for it before they start.
    // Workers of several leave it to their supervisor, which says it once all listen.
    if (announce) console.log(`listening on http://localhost:${info.port}`)
  })
  // Mail queued before a stop or a crash is delivered now; new mail as its transaction commits.
  mailer.start()

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, shutdownGraceMs).unref()
    server.close(async () => {
      // The send under way finishes and is recorded; what is still queued waits in the outbox
      // for the next start (or another process's worker).
      await mailer.stop()
      // PGlite writes its files on close; skipping this could lose the last writes.
      await database.close()
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

/**
 * API_PROCESSES > 1 (PostgreSQL only): this process migrates and seeds the database, then starts
 * that many workers (node:cluster) that share the port, each a whole server of its own (its pool,
 * its LISTEN, its mail worker, its memory answers); it only watches them. Everything they share
 * is in PostgreSQL: carts and idempotency keys, throttles, the mail outbox (claimed with
 * FOR UPDATE SKIP LOCKED), the catalog (its changes reach every process by NOTIFY). A worker that
 * dies is started again; SIGINT/SIGTERM reach every worker, and this process exits when they
 * have.
 */
function supervise(env: Env, logger: Logger) {
  let stopping = false
  let listening = 0
  const fork = () => cluster.fork({ GLIDECRAFT_API_WORKER: '1' })
  cluster.on('listening', (_worker, address) => {
    // One plain line once every worker listens: scripts wait for it before they start. Workers
    // asked for port 0 share the one port the first was given.
    if (++listening === env.apiProcesses)
      console.log(`listening on http://localhost:${address.port} (${env.apiProcesses} processes)`)
  })
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'API process ended; starting another')
    fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const workers = Object.values(cluster.workers ?? {})
    if (workers.length === 0) process.exit(0)
    for (const worker of workers) worker?.process.kill(signal)
    setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, shutdownGraceMs + 1_000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  for (let n = 0; n < env.apiProcesses; n++) fork()
}

/**
 * One line saying what this start has on (payments, mail, demo accounts, proxy, site, database;
 * never a credential), and a warning for each thing a real shop would not want.
 */
function announceConfiguration(env: Env, logger: Logger) {
  logger.info(startSummary(env), 'store configuration')
  if (env.testPayments)
    logger.warn(
      'TEST_PAYMENTS is on: the built-in test gateways take every payment and no real money moves; every page and order mail says this is a test store',
    )
  else if (!env.braintree && !env.bitpay)
    logger.warn(
      'paying is off: no payment provider is configured (BRAINTREE_* or BITPAY_TOKEN); orders are submitted and the checkout says paying online is off',
    )
}

async function main() {
  let env: Env
  try {
    env = loadEnv()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const logger = createLogger(env)
  // A worker of several (see supervise): the supervisor has migrated and seeded.
  const worker = cluster.isWorker && process.env.GLIDECRAFT_API_WORKER === '1'
  let database: OpenDatabase | undefined
  try {
    database = await openDatabase({
      databaseUrl: env.databaseUrl,
      poolSize: env.databasePoolSize,
      dataDir: env.dataDir,
    })
    if (!worker) {
      logger.info({ driver: env.databaseUrl ? 'postgresql' : 'pglite' }, 'database ready')
      announceConfiguration(env, logger)
      await seed(database.db, { demoAccounts: env.demoAccounts })
      if (env.demoAccounts) warnAboutDemoAccounts(logger)
    }
    if (env.apiProcesses > 1 && !worker) {
      await database.close()
      supervise(env, logger)
      return
    }
    pruneHourly(database.db, logger, { analyze: !env.databaseUrl })
    start(env, logger, database, { announce: !worker })
  } catch (error) {
    logger.fatal({ err: error }, 'could not start')
    await database?.close()
    process.exit(1)
  }
}

await main()
