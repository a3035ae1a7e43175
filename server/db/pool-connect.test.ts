/*
 * A connection the pool opens is handed out only once it is ready: on PostgreSQL each new pooled
 * connection LISTENs to the catalog (db/index.ts), and that statement used to be queued in the
 * pool's 'connect' event, so the first query of whoever asked for the connection waited behind
 * it on the same client. pg warns about exactly that ("Calling client.query() when the client is
 * already executing a query is deprecated and will be removed in pg@9.0"), and pg 9 refuses it.
 * On PGlite the same calls run on its one session.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { inTwoTrips } from './index.ts'
import { statement, step } from './two-trips.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

// From the start of the file: pg warns once per process, possibly while the database opens.
const warnings: string[] = []
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`))

const echo = statement('test_pool_echo', 'select $1::integer as n')

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

it('runs the first query of every new pooled connection without queueing it behind another', async () => {
  // More at once than the pool holds (10): every connection is new when first handed out, and
  // some are handed out again at once, as under load.
  const adds = Array.from({ length: 30 }, (_, n) =>
    n % 2 === 0
      ? inTwoTrips(database.db, [step(echo, n)], ([[row]]) => ({
          then: [],
          value: (row as { n: number }).n,
        }))
      : database.db.execute(sql`select ${n}::integer as n`).then(() => n),
  )
  expect(await Promise.all(adds)).toEqual(Array.from({ length: 30 }, (_, n) => n))
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve))
  expect(warnings).toEqual([])
})
