import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statement, step, type Row } from '../db/two-trips.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import {
  adoptKeys,
  keyReusedMessage,
  refOfKey,
  requestHash,
  runIdempotent,
  runIdempotentInTwoTrips,
  type WorkAnswer,
} from './idempotency.ts'

// The module on its own, with a call that is not a cart's: what a later submit, payment, payout
// or contact call gets from it.

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

/** A call that counts how often its work really ran. */
function contactCall() {
  let runs = 0
  const work = async (): Promise<WorkAnswer> => {
    runs += 1
    // Keys in an order JSONB would not keep (it sorts by length, then bytes).
    return { status: 200, body: { zeta: runs, id: 'message-1', alpha: [runs] }, ref: 'message-1' }
  }
  return { work, runs: () => runs }
}

describe('runIdempotent', () => {
  it('runs a key once and answers every repeat with the first answer’s exact text', async () => {
    const { work, runs } = contactCall()
    const call = { call: 'POST /contact', scopes: ['user:a'] as [string], key: randomUUID() }
    const first = await runIdempotent(database.db, { ...call, body: { text: 'hi' } }, work)
    expect(first).toEqual({ status: 200, text: '{"zeta":1,"id":"message-1","alpha":[1]}' })
    expect(await runIdempotent(database.db, { ...call, body: { text: 'hi' } }, work)).toEqual(first)
    expect(runs()).toBe(1)
  })

  it('answers the same key with another body 422, and runs nothing', async () => {
    const { work, runs } = contactCall()
    const call = { call: 'POST /contact', scopes: ['user:b'] as [string], key: randomUUID() }
    await runIdempotent(database.db, { ...call, body: { text: 'hi' } }, work)
    const other = await runIdempotent(database.db, { ...call, body: { text: 'bye' } }, work)
    expect(other.status).toBe(422)
    expect(JSON.parse(other.text).errors).toEqual({ 'Idempotency-Key': [keyReusedMessage] })
    expect(runs()).toBe(1)
  })

  it('runs a key once when it is sent twice at once', async () => {
    const { work, runs } = contactCall()
    const call = { call: 'POST /contact', scopes: ['user:c'] as [string], key: randomUUID() }
    const answers = await Promise.all(
      [1, 2, 3].map(() => runIdempotent(database.db, { ...call, body: {} }, work)),
    )
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(runs()).toBe(1)
  })

  it('keeps keys per owner: another owner’s same key runs for them', async () => {
    const { work, runs } = contactCall()
    const key = randomUUID()
    await runIdempotent(database.db, { call: 'X', scopes: ['user:d'], key, body: {} }, work)
    await runIdempotent(database.db, { call: 'X', scopes: ['user:e'], key, body: {} }, work)
    expect(runs()).toBe(2)
  })

  it('replays a key of an earlier scope of the caller, and of an adopted one', async () => {
    const { work, runs } = contactCall()
    const key = randomUUID()
    const first = await runIdempotent(
      database.db,
      { call: 'X', scopes: ['cart:f'], key, body: {} },
      work,
    )
    const signedIn = { call: 'X', scopes: ['user:f', 'cart:f'] as [string, string], key, body: {} }
    expect(await runIdempotent(database.db, signedIn, work)).toEqual(first)
    await database.db.transaction((tx) => adoptKeys(tx, 'cart:f', 'user:f'))
    const later = { call: 'X', scopes: ['user:f'] as [string], key, body: {} }
    expect(await runIdempotent(database.db, later, work)).toEqual(first)
    expect(runs()).toBe(1)
    expect(await database.db.transaction((tx) => refOfKey(tx, ['user:f'], key))).toBe('message-1')
  })

  it('runs every time without a key', async () => {
    const { work, runs } = contactCall()
    const call = { call: 'X', scopes: ['user:g'] as [string], key: undefined, body: {} }
    await runIdempotent(database.db, call, work)
    await runIdempotent(database.db, call, work)
    expect(runs()).toBe(2)
  })
})

/** Numbers 1 … n as rows: none for 0. */
const numbers = statement('test_numbers', 'select g as n from generate_series(1, $1::integer) g')

/** A two-trip change that reads `count` rows and answers what it saw; counts its runs. */
function countingChange(count: number) {
  const seen: Row[][][] = []
  const change = {
    first: [step(numbers, count)],
    then: (results: Row[][]) => {
      seen.push(results)
      return { answer: { status: 200, body: { rows: results[0], run: seen.length } }, write: [] }
    },
  }
  return { change, seen }
}

describe('runIdempotentInTwoTrips', () => {
  it('hands the change its rows as its statement gave them, none included, and replays once kept', async () => {
    for (const count of [0, 1, 3]) {
      const { change, seen } = countingChange(count)
      const call = { call: 'X', scopes: ['user:h'] as [string], key: randomUUID(), body: { count } }
      const first = await runIdempotentInTwoTrips(database.db, call, change)
      const rows = Array.from({ length: count }, (_, i) => ({ n: i + 1 }))
      // Exactly the statement's rows, whatever the key's lookup beside them found.
      expect(seen).toEqual([[rows]])
      expect(first).toEqual({ status: 200, text: JSON.stringify({ rows, run: 1 }) })
      expect(await runIdempotentInTwoTrips(database.db, call, change)).toEqual(first)
      expect(seen).toHaveLength(1)
    }
  })

  it('finds the key of another scope of the caller, and refuses it with another body', async () => {
    const { change, seen } = countingChange(2)
    const key = randomUUID()
    const first = await runIdempotentInTwoTrips(
      database.db,
      { call: 'X', scopes: ['cart:i'], key, body: {} },
      change,
    )
    const signedIn = { call: 'X', scopes: ['user:i', 'cart:i'] as [string, string], key, body: {} }
    expect(await runIdempotentInTwoTrips(database.db, signedIn, change)).toEqual(first)
    const other = await runIdempotentInTwoTrips(
      database.db,
      { ...signedIn, body: { other: true } },
      change,
    )
    expect(other.status).toBe(422)
    expect(seen).toHaveLength(1)
  })

  it('keeps the key of a change with no first statement (an add the catalog refused)', async () => {
    let runs = 0
    const change = {
      first: [],
      then: () => ({ answer: { status: 422, body: { message: `no ${(runs += 1)}` } }, write: [] }),
    }
    const call = { call: 'X', scopes: ['cart:j'] as [string], key: randomUUID(), body: {} }
    const first = await runIdempotentInTwoTrips(database.db, call, change)
    expect(first).toEqual({ status: 422, text: '{"message":"no 1"}' })
    expect(await runIdempotentInTwoTrips(database.db, call, change)).toEqual(first)
    expect(runs).toBe(1)
  })
})

describe('requestHash', () => {
  it('is the same for the same body in any key order, and differs by call', () => {
    expect(requestHash('A', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      requestHash('A', { b: [1, { d: 3, c: 2 }], a: 1 }),
    )
    expect(requestHash('A', {})).not.toBe(requestHash('B', {}))
  })
})
