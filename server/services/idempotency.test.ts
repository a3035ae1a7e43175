import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../test-helpers.ts'
import {
  adoptKeys,
  keyReusedMessage,
  refOfKey,
  requestHash,
  runIdempotent,
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

describe('requestHash', () => {
  it('is the same for the same body in any key order, and differs by call', () => {
    expect(requestHash('A', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      requestHash('A', { b: [1, { d: 3, c: 2 }], a: 1 }),
    )
    expect(requestHash('A', {})).not.toBe(requestHash('B', {}))
  })
})
