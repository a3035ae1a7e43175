/*
 * The add keeps its Idempotency-Key once, with its answer, at the end of its transaction
 * (services/idempotency.ts, runIdempotentInTwoTrips). A send of the same key that did not wait on
 * the same cart's lock (the key sent with and without the session, to two carts) can keep the
 * key while ours runs: ours must then wait for it, undo its own change, and answer as that send
 * answered, never add a second line.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the other send is a transaction on a connection of its own
 * that holds the key, uncommitted, until the add waits for it. In-memory PGlite runs one
 * transaction at a time, so there the other send has committed before the add starts (the
 * replay of a kept key): the test's title says which ran.
 */
import pg from 'pg'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys } from '../db/schema.ts'
import { cartScope } from '../services/cart-owner.ts'
import { hashToken } from '../services/sessions.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { bag, cartOf } from '../testing/test-orders.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

const call = cartCaller(() => app)

/** The request hash the add keeps for `bag`: the same for every owner (call and body only). */
async function bagRequestHash(): Promise<string> {
  const key = newKey()
  await cartOf(await call('POST', '/order/add', { token: newCartToken() }, { body: bag, key }))
  const [row] = await database.db
    .select({ hash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
  return row!.hash
}

const otherAnswer = '{"id":"the other send","items":[]}'

describe('an add whose key another send keeps meanwhile', () => {
  it(`waits for it, undoes its own change and answers as it did (${
    process.env.TEST_DATABASE_URL ? 'held open on PostgreSQL' : 'committed first on PGlite'
  })`, async () => {
    const hash = await bagRequestHash()
    const token = newCartToken()
    const scope = cartScope(hashToken(token))
    const key = newKey()
    // The other send's key, kept with its answer.
    const kept = {
      scope,
      key,
      requestHash: hash,
      status: 200,
      answer: otherAnswer,
      ownerScope: scope,
    }
    let answer: Response
    if (database.url) {
      const other = new pg.Client({ connectionString: database.url })
      await other.connect()
      try {
        await other.query('begin')
        await drizzle({ client: other }).insert(idempotencyKeys).values(kept)
        const pending = call('POST', '/order/add', { token }, { body: bag, key })
        // The add has locked its cart, found no key (ours is not committed) and now waits on the
        // primary key to keep its own, for our transaction to end: the event the test waits for,
        // asked of PostgreSQL (nothing else in this database waits on a transaction).
        for (;;) {
          const { rows } = await other.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()
               and wait_event_type = 'Lock' and wait_event = 'transactionid'`,
          )
          if (rows[0]!.waiting > 0) break
        }
        await other.query('commit')
        answer = await pending
      } finally {
        await other.end()
      }
    } else {
      await database.db.insert(idempotencyKeys).values(kept)
      answer = await call('POST', '/order/add', { token }, { body: bag, key })
    }
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(otherAnswer)
    // Nothing of the add itself was kept: no line, not even an empty cart.
    const cart = await cartOf(await call('GET', '/order', { token }))
    expect(cart.items).toEqual([])
    expect(cart.id).toBeNull()
    // The same key again still answers the same.
    const again = await call('POST', '/order/add', { token }, { body: bag, key })
    expect(await again.text()).toBe(otherAnswer)
  })
})
