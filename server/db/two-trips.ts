import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

/*
 * A transaction in two trips to the database, for the hot writes (an add to the cart).
 *
 * With parameters, PostgreSQL's protocol takes one statement per trip, and each trip costs a
 * wake-up of the server process and of ours (PGlite: about 0.3 ms of WebAssembly and glue a
 * statement, whatever it does). A change that locks its cart, reads it, writes it and keeps its
 * answer made seven trips. Here the statements go as one script per trip, in the simple query
 * protocol: `BEGIN` and the first statements (lock, read), then what the caller writes from what
 * it read, and `COMMIT`. Each statement of a script still takes a snapshot of its own, so a read
 * after a lock sees everything committed before the lock was granted.
 *
 * The simple protocol has no parameters: every value is written into the text by `literal`
 * (text as pg's escapeLiteral writes it), and `script` takes nothing else, so no value can
 * change what a statement says.
 */

/** A value as it goes into a script. */
export type Value = string | number | boolean | null

/** SQL text made by `script` or `execute`: its values are literals already. */
export interface Script {
  readonly text: string
  /** The prepared statements it executes, which the session must have. */
  readonly uses?: readonly Prepared[]
}

/**
 * A statement the session prepares once (`PREPARE name(types) AS text`, `$1`… for the values)
 * and then executes by name: PostgreSQL plans it once per session, not at every execution.
 * In PGlite's WebAssembly, parsing and planning is most of what a small statement costs.
 */
export interface Prepared {
  readonly name: string
  readonly types: readonly string[]
  readonly text: string
}

export function prepared(name: string, types: readonly string[], text: string): Prepared {
  return { name: `two_trips_${name}`, types, text }
}

/** `EXECUTE` of a prepared statement with these values. */
export function execute(statement: Prepared, ...values: Value[]): Script {
  if (values.length !== statement.types.length)
    throw new TypeError(`${statement.name} takes ${statement.types.length} values`)
  return { text: `execute ${statement.name}(${values.map(literal).join(', ')})`, uses: [statement] }
}

/** One value as a SQL literal. Numbers must be safe integers (the schema has no others). */
export function literal(value: Value): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer literal: ${value}`)
    return String(value)
  }
  // As pg's escapeLiteral writes it (quotes doubled; with a backslash, an E'' string with
  // backslashes doubled), by regular expression: pg's loop of string concatenations took 2% of
  // an add's CPU for its 3 KB answer.
  if (!value.includes('\\')) return `'${value.replace(/'/g, "''")}'`
  return ` E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/**
 * SQL from a template: each interpolated value is written as a literal, an array as a
 * parenthesised list of literals, a Script as it is (a fragment made the same way).
 */
export function script(
  strings: TemplateStringsArray,
  ...values: (Value | readonly Value[] | Script)[]
): Script {
  let text = strings[0]!
  const uses: Prepared[] = []
  values.forEach((value, index) => {
    if (Array.isArray(value)) {
      if (value.length === 0) throw new TypeError('an empty list has no SQL literal')
      text += `(${value.map(literal).join(', ')})`
    } else if (value !== null && typeof value === 'object') {
      const fragment = value as Script
      text += fragment.text
      uses.push(...(fragment.uses ?? []))
    } else text += literal(value as Value)
    text += strings[index + 1]!
  })
  return { text, uses }
}

/** Fragments with `, ` between them (the rows of a VALUES list). */
export function joined(parts: readonly Script[]): Script {
  return {
    text: parts.map((part) => part.text).join(', '),
    uses: parts.flatMap((part) => part.uses ?? []),
  }
}

/** Statements joined into one script. */
export function statements(parts: readonly Script[]): Script {
  return {
    text: parts.map((part) => part.text).join(';\n'),
    uses: parts.flatMap((part) => part.uses ?? []),
  }
}

/** What a session must prepare before it runs `trip`: the `PREPARE`s it lacks, as one script. */
function preparesFor(trip: Script, done: Set<string>): { script?: Script; names: string[] } {
  const missing = new Map<string, Prepared>()
  for (const statement of trip.uses ?? [])
    if (!done.has(statement.name)) missing.set(statement.name, statement)
  if (missing.size === 0) return { names: [] }
  const text = [...missing.values()]
    .map(({ name, types, text }) => `prepare ${name}(${types.join(', ')}) as ${text}`)
    .join(';\n')
  return { script: { text }, names: [...missing.keys()] }
}

export type Row = Record<string, unknown>

/**
 * What the second trip is, decided from the first's rows (one list per statement, in order):
 * its statements (none is fine: the commit goes alone), the value the transaction resolves to,
 * and whether it ends in `COMMIT` (by default) or `ROLLBACK` (nothing to keep).
 */
export type SecondTrip<T> = (results: Row[][]) => {
  then: readonly Script[]
  value: T
  rollback?: boolean
}

const ending = (rollback: boolean | undefined): Script => ({
  text: rollback ? 'rollback' : 'commit',
})

export type TwoTrips = <T>(first: readonly Script[], second: SecondTrip<T>) => Promise<T>

/** The statements each pooled connection has prepared. */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>()

/** On PostgreSQL: one pooled connection for both trips. */
export function twoTripsOnPool(pool: pg.Pool): TwoTrips {
  const rowsOf = (result: pg.QueryResult | pg.QueryResult[]) =>
    (Array.isArray(result) ? result : [result]).map((each) => each.rows as Row[])
  return async (first, second) => {
    const client = await pool.connect()
    let broken: Error | undefined
    const done = preparedOn.get(client) ?? new Set<string>()
    preparedOn.set(client, done)
    const run = async (trip: Script) => {
      const prepare = preparesFor(trip, done)
      if (prepare.script) {
        await client.query(prepare.script.text)
        for (const name of prepare.names) done.add(name)
      }
      return rowsOf(await client.query(trip.text))
    }
    try {
      const [, ...results] = await run(statements([{ text: 'begin' }, ...first]))
      const { then, value, rollback } = second(results)
      await run(statements([...then, ending(rollback)]))
      return value
    } catch (error) {
      // A failed statement leaves the transaction aborted: end it before the connection is reused.
      await client.query('rollback').catch((lost: Error) => (broken = lost))
      throw error
    } finally {
      client.release(broken)
    }
  }
}

/**
 * On PGlite: both trips while the session is ours (no other query or transaction between them),
 * each one call into the database.
 */
export function twoTripsOnPglite(client: PGlite): TwoTrips {
  const done = new Set<string>()
  const send = async (text: string) => {
    const { messages } = await client.execProtocol(protocol.serialize.query(text), {
      syncToFs: false,
    })
    return parse.parseResults(messages, client.parsers).map((result) => result.rows as Row[])
  }
  const run = async (trip: Script) => {
    const prepare = preparesFor(trip, done)
    if (prepare.script) {
      await send(prepare.script.text)
      for (const name of prepare.names) done.add(name)
    }
    return send(trip.text)
  }
  return (first, second) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          const [, ...results] = await run(statements([{ text: 'begin' }, ...first]))
          const { then, value, rollback } = second(results)
          await run(statements([...then, ending(rollback)]))
          return value
        } catch (error) {
          await send('rollback').catch(() => undefined)
          throw error
        } finally {
          await client.syncToFs()
        }
      }),
    )
}
