import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTwoTrips } from './index.ts'
import { statement, step, type Step } from './two-trips.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

/** Strings that would change a statement if they were ever written into its text. */
const hostile = [
  '',
  "it's",
  "''; drop table trips; --",
  'back\\slash',
  "\\'; select 1; --",
  "E'x'",
  '$1 $$ dollar $$ $2',
  "$tag$ ') ; drop table trips; $tag$",
  '“quotes” and ü and 🪂',
  '{"json": "with \\"escapes\\""}',
  '*/ select 1; /*',
  '-- a comment',
]

const echo = statement('test_echo', 'select $1::text as text, $2::integer as number')
const echoJson = statement('test_echo_json', 'select $1::jsonb as doc')
const makeTable = statement(
  'test_make_table',
  'create table if not exists trips (note text, doc jsonb)',
)
const keep = statement('test_keep', 'insert into trips (note, doc) values ($1::text, $2::jsonb)')
const notes = statement('test_notes', 'select note, doc from trips order by note collate "C"')
const divide = statement('test_divide', 'select 1 / $1::integer as n')
/** Statements first seen in a trip that fails: one before the failing statement, one after. */
const before = statement('test_before', 'select $1::text as before')
const after = statement('test_after', 'select $1::text as after')

const read = (steps: readonly Step[]) => (database: TestDatabase) =>
  inTwoTrips(database.db, steps, (results) => ({ then: [], value: results, rollback: true }))

describe('step', () => {
  it('takes as many values as its statement has parameters, and numbers only as integers', () => {
    expect(() => step(echo, 'one')).toThrow(TypeError)
    expect(() => step(echo, 'one', 2, 3)).toThrow(TypeError)
    expect(() => step(echo, 'one', 1.5)).toThrow(TypeError)
    expect(() => step(echo, 'one', Number.NaN)).toThrow(TypeError)
    expect(step(echo, 'one', 2).values).toEqual(['one', 2])
  })
})

describe('inTwoTrips', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
    await inTwoTrips(database.db, [step(makeTable)], () => ({ then: [], value: undefined }))
  })
  afterAll(() => database.close())

  it('reads back every hostile string as it was bound, as text and inside JSON', async () => {
    const results = await read([
      ...hostile.map((value, index) => step(echo, value, index)),
      ...hostile.map((value) => step(echoJson, JSON.stringify({ value }))),
    ])(database)
    expect(results.slice(0, hostile.length).map(([row]) => row)).toEqual(
      hostile.map((text, number) => ({ text, number })),
    )
    expect(results.slice(hostile.length).map(([row]) => row!.doc)).toEqual(
      hostile.map((value) => ({ value })),
    )
  })

  it('binds any string as data (fuzz): what is kept is what was sent, and nothing else runs', async () => {
    // Any Unicode text PostgreSQL stores (it has no NUL in text).
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0'))
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), async (values) => {
        const results = await read(values.map((value, index) => step(echo, value, index)))(database)
        expect(results.map(([row]) => row!.text)).toEqual(values)
      }),
      { numRuns: 60 },
    )
    const written = hostile.map((value) => step(keep, value, JSON.stringify([value])))
    await inTwoTrips(database.db, written, () => ({ then: [], value: undefined }))
    const [rows] = await read([step(notes)])(database)
    expect(rows!.map((row) => row.note)).toEqual([...hostile].sort(byBytes))
    expect(rows!.map((row) => row.doc)).toEqual([...hostile].sort(byBytes).map((note) => [note]))
  })

  it('commits the second trip’s writes, or nothing when a statement fails, and goes on', async () => {
    await inTwoTrips(database.db, [step(keep, 'zz kept', null)], () => ({
      then: [step(keep, 'zz kept too', null)],
      value: undefined,
    }))
    // A failure in the second trip, then one in the first: each undoes its whole transaction.
    await expect(
      inTwoTrips(database.db, [step(keep, 'zz lost', null)], () => ({
        then: [step(divide, 0), step(keep, 'zz lost too', null)],
        value: undefined,
      })),
    ).rejects.toThrow()
    await expect(
      inTwoTrips(
        database.db,
        [step(keep, 'zz lost', null), step(before, 'b'), step(divide, 0), step(after, 'a')],
        () => ({ then: [], value: undefined }),
      ),
    ).rejects.toThrow()
    // The session goes on: statements prepared before (or skipped by) a failure run again.
    const [rows, [quotient], [b], [a]] = await read([
      step(notes),
      step(divide, 2),
      step(before, 'b'),
      step(after, 'a'),
    ])(database)
    expect(rows!.map((row) => row.note).filter((note) => String(note).startsWith('zz'))).toEqual([
      'zz kept',
      'zz kept too',
    ])
    expect([quotient, b, a]).toEqual([{ n: 0 }, { before: 'b' }, { after: 'a' }])
  })
})

/** The order of `collate "C"`: by UTF-8 bytes. */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}
