import pg from 'pg'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTestEnv } from '../env.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { openDatabase } from './index.ts'

/*
 * DATABASE_POOL_SIZE: the most connections an API process keeps to PostgreSQL. Eight queries
 * are held at once on an advisory lock another session holds: a process with a pool of 2 runs
 * them on two connections, one after the other; with pg's default of 10, on eight at once.
 */

const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)
const lockKey = 915_001

let database: TestDatabase

/** The backend ids in answers of `select pg_backend_pid() as pid` (either driver's result). */
function pidsOf(answers: unknown[]): Set<number> {
  return new Set(
    answers.flatMap((answer) => (answer as { rows: { pid: number }[] }).rows.map((row) => row.pid)),
  )
}

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(() => database.close())

/** The backends that ran 8 queries sent at once through a pool of `poolSize` (or the default). */
async function backendsOf8(poolSize: number | undefined): Promise<Set<number>> {
  const opened = await openDatabase({ databaseUrl: database.url!, poolSize })
  const holder = new pg.Client({ connectionString: database.url })
  await holder.connect()
  try {
    await holder.query('select pg_advisory_lock($1)', [lockKey])
    // Sent now (a drizzle query runs when it is awaited).
    const queries = Array.from({ length: 8 }, () =>
      Promise.resolve(
        opened.db.execute(
          sql`select pg_advisory_xact_lock_shared(${lockKey}), pg_backend_pid() as pid`,
        ),
      ),
    )
    // Until as many as the pool allows wait on the lock: no connection finishes before.
    const waiting = Math.min(8, poolSize ?? 10)
    await expect
      .poll(
        async () =>
          (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n,
        { timeout: 20_000, interval: 20 },
      )
      .toBe(waiting)
    await holder.query('select pg_advisory_unlock($1)', [lockKey])
    return pidsOf(await Promise.all(queries))
  } finally {
    await holder.end()
    await opened.close()
  }
}

describe('the pool of connections to the database', () => {
  it(
    onPostgres
      ? 'keeps at most DATABASE_POOL_SIZE connections to PostgreSQL, and 10 unless set'
      : 'on PGlite, answers every query from its one session',
    async () => {
      if (!onPostgres) {
        // One session in the process: eight queries at once share one backend.
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => database.db.execute(sql`select pg_backend_pid() as pid`)),
        )
        expect(pidsOf(answers).size).toBe(1)
        return
      }
      expect((await backendsOf8(2)).size).toBe(2)
      expect((await backendsOf8(undefined)).size).toBe(8)
    },
    60_000,
  )
})
