import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTwoTrips } from './index.ts'
import { execute, literal, prepared, script } from './two-trips.ts'
import { openTestDatabase, type TestDatabase } from '../test-helpers.ts'

const awkward = [
  '',
  "it's",
  "''; drop table orders; --",
  'back\\slash',
  "\\'; select 1; --",
  "E'x'",
  '$1 $$ dollar $$',
  '“quotes” and ü and 🪂',
  '{"json": "with \\"escapes\\""}',
]

describe('literal', () => {
  it('writes text as pg’s escapeLiteral does', () => {
    for (const value of awkward) expect(literal(value)).toBe(pg.escapeLiteral(value))
  })

  it('writes integers, booleans and null, and refuses other numbers', () => {
    expect([literal(42), literal(-7), literal(true), literal(false), literal(null)]).toEqual([
      '42',
      '-7',
      'true',
      'false',
      'null',
    ])
    expect(() => literal(1.5)).toThrow(TypeError)
    expect(() => literal(Number.NaN)).toThrow(TypeError)
  })
})

describe('inTwoTrips', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const echo = prepared('test_echo', ['text', 'integer'], 'select $1 as text, $2 as number')

  it('reads back every value as it was written, literal and prepared', async () => {
    const found = await inTwoTrips(
      database.db,
      awkward.map((value) => script`select ${value} as text`),
      (results) => ({
        then: [],
        value: results.map(([row]) => row!.text),
        rollback: true,
      }),
    )
    expect(found).toEqual(awkward)
    const echoed = await inTwoTrips(
      database.db,
      awkward.map((value, index) => execute(echo, value, index)),
      (results) => ({ then: [], value: results.map(([row]) => row), rollback: true }),
    )
    expect(echoed).toEqual(awkward.map((text, number) => ({ text, number })))
  })

  it('commits the second trip’s writes, or nothing when a statement fails', async () => {
    const table = script`create table if not exists trips (note text)`
    await inTwoTrips(database.db, [table], () => ({
      then: [script`insert into trips values (${'kept'})`],
      value: undefined,
    }))
    await expect(
      inTwoTrips(database.db, [script`insert into trips values (${'lost'})`], () => ({
        then: [script`select 1 / 0`],
        value: undefined,
      })),
    ).rejects.toThrow()
    const notes = await inTwoTrips(database.db, [script`select note from trips`], (results) => ({
      then: [],
      value: results[0]!.map((row) => row.note),
    }))
    expect(notes).toEqual(['kept'])
  })
})
