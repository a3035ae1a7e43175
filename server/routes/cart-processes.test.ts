/*
 * Scale past one machine (issue 11): two API processes on one PostgreSQL get the same
 * add-to-cart with the same Idempotency-Key at the same moment, 100 times over. Each pair must
 * leave exactly one line and give both callers the same answer.
 *
 * On PostgreSQL (TEST_DATABASE_URL, CI's second pass) these are two real `server/main.ts`
 * processes, each with its own connection pool, on free ports. An embedded PGlite database
 * cannot be opened by two processes, so on PGlite the same 100 pairs go to two apps in this
 * process sharing the database: the test's title says which ran.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { and, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { orderLines, orders } from '../db/schema.ts'
import { loadTestEnv } from '../env.ts'
import { hashToken } from '../services/sessions.ts'
import { endApi, startApi, type ApiProcess } from '../testing/test-api-process.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

const pairs = 100
/** Pairs in flight at once: enough to overlap, few enough for a 2-core machine. */
const inFlight = 10

type Send = (origin: 0 | 1, token: string, key: string, body: unknown) => Promise<Response>

let database: TestDatabase
let send: Send
const started: ApiProcess[] = []
const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)

beforeAll(async () => {
  database = await openTestDatabase()
  const headers = (token: string, key: string) => ({
    'content-type': 'application/json',
    'x-cart-token': token,
    'idempotency-key': key,
  })
  // Each cart from a client address of its own, as devices are: anonymous adds and new carts
  // are limited per client address (services/throttle.ts).
  const addressOf = (token: string) => {
    const [a = 0, b = 0, c = 0] = hashToken(token)
      .slice(0, 6)
      .match(/../g)!
      .map((hex) => parseInt(hex, 16))
    return `10.${a}.${b}.${c}`
  }
  if (database.url) {
    // One after the other: each runs the (idempotent) seed at start. The test's requests name
    // their client in X-Forwarded-For, as a proxy on loopback would.
    const env = { TRUST_PROXY: 'loopback' }
    started.push(await startApi({ databaseUrl: database.url, env }))
    started.push(await startApi({ databaseUrl: database.url, env }))
    send = (which, token, key, body) =>
      fetch(`${started[which]!.origin}/api/order/add`, {
        method: 'POST',
        headers: { ...headers(token, key), 'x-forwarded-for': addressOf(token) },
        body: JSON.stringify(body),
      })
  } else {
    const apps = [createTestApp(database.db), createTestApp(database.db)]
    send = (which, token, key, body) =>
      Promise.resolve(
        apps[which]!.request(
          '/api/order/add',
          { method: 'POST', headers: headers(token, key), body: JSON.stringify(body) },
          { incoming: { socket: { remoteAddress: addressOf(token) } } },
        ),
      )
  }
}, 120_000)

afterAll(async () => {
  // As a deployment stops them (SIGTERM: each closes its pool).
  await Promise.all(started.map((api) => endApi(api, 'SIGTERM')))
  await database.close()
})

const suit = {
  sku: 'CORVID2-M',
  qty: 1,
  meta: [
    { key: 'color.body', value: 'y9F' },
    { key: 'option.booties', value: 'on' },
    { key: 'size', value: 'M' },
    { key: 'accent', value: 'none' },
  ],
  child: [
    {
      sku: 'SUPERCUSTOM-WS',
      qty: 1,
      meta: [{ key: 'child_super_custom_check', value: 'on' }],
    },
  ],
}

describe('the same add with the same key to two API processes at once', () => {
  it(
    onPostgres
      ? `gives one line and one answer, ${pairs} times (two server processes on PostgreSQL)`
      : `gives one line and one answer, ${pairs} times (PGlite: two apps in one process; two processes run on PostgreSQL)`,
    async () => {
      const tokens = Array.from({ length: pairs }, () => randomBytes(32).toString('base64url'))
      const results: { statuses: number[]; bodies: unknown[] }[] = []
      for (let start = 0; start < pairs; start += inFlight) {
        const batch = tokens.slice(start, start + inFlight).map(async (token) => {
          const key = `twin-${randomUUID()}`
          const answers = await Promise.all([send(0, token, key, suit), send(1, token, key, suit)])
          return {
            statuses: answers.map((res) => res.status),
            bodies: await Promise.all(answers.map((res) => res.json())),
          }
        })
        results.push(...(await Promise.all(batch)))
      }
      for (const { statuses, bodies } of results) {
        expect(statuses).toEqual([200, 200])
        expect(bodies[1]).toEqual(bodies[0])
        const cart = Cart.parse(bodies[0])
        expect(cart.items.map((line) => line.qty)).toEqual([1])
      }
      // What the database holds: one cart per token, one suit line (qty 1) in each.
      const carts = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.cartTokenHash, tokens.map(hashToken)))
      expect(carts).toHaveLength(pairs)
      const parents = await database.db
        .select({ orderId: orderLines.orderId, qty: orderLines.qty })
        .from(orderLines)
        .where(
          and(
            isNull(orderLines.parentId),
            inArray(
              orderLines.orderId,
              carts.map((cart) => cart.id),
            ),
          ),
        )
      expect(new Set(parents.map((line) => line.orderId)).size).toBe(pairs)
      expect(parents.map((line) => line.qty)).toEqual(Array(pairs).fill(1))
    },
    180_000,
  )
})

describe('adds with keys of their own to one cart, at once, through two API processes', () => {
  it(
    onPostgres
      ? 'sum into one line, each answer one more than the last (two server processes on PostgreSQL)'
      : 'sum into one line, each answer one more than the last (PGlite: two apps in one process)',
    async () => {
      const token = randomBytes(32).toString('base64url')
      // The cart exists first, so every add below finds it and waits for the one before.
      expect((await send(0, token, `first-${randomUUID()}`, suit)).status).toBe(200)
      const adds = 40
      const answers = await Promise.all(
        Array.from({ length: adds }, (_, n) =>
          send((n % 2) as 0 | 1, token, `sum-${randomUUID()}`, suit),
        ),
      )
      expect(answers.map((res) => res.status)).toEqual(Array(adds).fill(200))
      const carts = await Promise.all(answers.map(async (res) => Cart.parse(await res.json())))
      // Each add saw every add committed before it: the quantities it answered are 2 … adds + 1.
      const qtys = carts.map((cart) => cart.items.map((line) => line.qty))
      expect(qtys.every((line) => line.length === 1)).toBe(true)
      expect(qtys.map(([qty]) => qty).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: adds }, (_, n) => n + 2),
      )
      const [order] = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.cartTokenHash, [hashToken(token)]))
      const lines = await database.db
        .select({ qty: orderLines.qty, parentId: orderLines.parentId })
        .from(orderLines)
        .where(inArray(orderLines.orderId, [order!.id]))
      // The suit and its design, both at adds + 1.
      expect(lines.map((line) => line.qty)).toEqual([adds + 1, adds + 1])
    },
    60_000,
  )
})
