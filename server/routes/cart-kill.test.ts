/*
 * kill -9 loses nothing committed (issue 16 "Reliability"): a server process killed with SIGKILL
 * (no shutdown hook, no PGlite close) the moment it has answered 200 to a submit, or to the Nth
 * add, holds that order and those lines once it is started again on the same data, and gives a
 * replayed request its first answer.
 *
 * On PGlite a data directory of its own; on PostgreSQL (TEST_DATABASE_URL, CI's second pass) a
 * database of its own: the test's title says which ran. Payments and the mail of both are
 * payment-kill.test.ts's.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { loadTestEnv } from '../env.ts'
import {
  bag,
  callApi,
  endApi,
  guestOf,
  priorityMail as priority,
  shippingAddress as address,
  startApi,
  type ApiCaller as Caller,
  type ApiProcess,
} from '../testing/test-api-process.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

const onPostgres = Boolean(loadTestEnv().testDatabaseUrl)

let database: TestDatabase | undefined
let dataDir: string
let api: ApiProcess | undefined

const start = () => startApi({ databaseUrl: database?.url, dataDir })
/** kill -9, and wait until the process is gone. */
const kill = (process: ApiProcess) => endApi(process, 'SIGKILL')

beforeAll(async () => {
  if (onPostgres) database = await openTestDatabase()
  else dataDir = await mkdtemp(path.join(tmpdir(), 'glidecraft-kill-'))
  api = await start()
}, 120_000)

afterAll(async () => {
  if (api) await kill(api)
  await database?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const request = (caller: Caller, method: string, route: string, body?: unknown, key?: string) =>
  callApi(api!, caller, method, route, body, key)

async function ok(res: Promise<Response>): Promise<string> {
  const answer = await res
  const text = await answer.text()
  expect(answer.status, text).toBe(200)
  return text
}

const guest = () => guestOf(api!, 'kill')

describe('kill -9 right after an answer', () => {
  it(
    onPostgres
      ? 'loses no submitted order and no added line (a server process on PostgreSQL)'
      : 'loses no submitted order and no added line (a server process on PGlite)',
    async () => {
      // Every restart reads and seeds the content again (seconds on this machine): two kills.
      const adds = 3
      const caller = await guest()
      // `adds` adds, the last answered just before the kill.
      let cart: Cart | undefined
      for (let n = 0; n < adds; n += 1)
        cart = Cart.parse(
          JSON.parse(await ok(request(caller, 'POST', '/order/add', bag, `add-${randomUUID()}`))),
        )
      await kill(api!)
      api = await start()
      const kept = Cart.parse(JSON.parse(await ok(request(caller, 'GET', '/order'))))
      expect(kept.items.map((item) => item.qty)).toEqual([adds])
      expect(kept.id).toBe(cart!.id)

      // Then a submit, killed the moment its 200 is in.
      await ok(
        request(caller, 'POST', '/order/save-shipping-address', { address }, `a-${randomUUID()}`),
      )
      await ok(
        request(caller, 'POST', '/order/save-shipping-option', priority, `o-${randomUUID()}`),
      )
      const key = `submit-${randomUUID()}`
      const first = await ok(request(caller, 'POST', '/order/submit', { notes: 'kill me' }, key))
      await kill(api!)
      api = await start()
      const answer = SubmitAnswer.parse(JSON.parse(first))
      const order = Cart.parse(JSON.parse(await ok(request(caller, 'GET', `/order/${answer.id}`))))
      expect(order).toMatchObject({ id: kept.id, status: 'submitted' })
      expect(order.items.map((item) => item.qty)).toEqual([adds])
      // The replay after the restart is the first answer, byte for byte, and no second order.
      expect(await ok(request(caller, 'POST', '/order/submit', { notes: 'kill me' }, key))).toBe(
        first,
      )
      const next = Cart.parse(JSON.parse(await ok(request(caller, 'GET', '/order'))))
      expect(next).toMatchObject({ id: null, items: [] })
    },
    240_000,
  )
})
