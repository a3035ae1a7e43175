import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/*
 * A transaction in two trips to the database, for the hot writes (an add to the cart).
 *
 * Each trip to the database costs a wake-up of the server process and of ours (PGlite: about
 * 0.3 ms of WebAssembly and glue a statement, whatever it does). A change that locks its cart,
 * reads it, writes it and keeps its answer made seven trips. Here its statements go pipelined,
 * two trips in all: `BEGIN` and the first statements (lock, read); then what the caller writes
 * from what it read, and `COMMIT`. Each statement still takes a snapshot of its own, so a read
 * after a lock sees everything committed before the lock was granted.
 *
 * Values only ever travel as bind parameters of the extended protocol (Parse once per session
 * under the statement's name, then Bind and Execute): the SQL text of a statement is a constant
 * of the module that declares it, and no value is ever written into SQL text. Each `$n` carries
 * its type as a cast in the text (`$1::uuid`), so both drivers send text and PostgreSQL parses
 * it with that type's input function.
 */

/** A value as it is bound. JSON goes as its text (cast to jsonb in the statement). */
export type Value = string | number | boolean | null

/**
 * A statement the session prepares once under its name and then runs with values: PostgreSQL
 * parses and plans it once per session, not at every execution (in PGlite's WebAssembly, parsing
 * and planning is most of what a small statement costs).
 */
export interface Statement {
  readonly name: string
  readonly text: string
  /** How many values it takes ($1 … $n). */
  readonly params: number
}

/** A statement with the values it runs with this time. */
export interface Step {
  readonly statement: Statement
  readonly values: readonly Value[]
}

export function statement(name: string, text: string): Statement {
  const numbers = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]))
  return { name: `two_trips_${name}`, text, params: Math.max(0, ...numbers) }
}

/** A statement with its values, checked: as many as it takes, and numbers only as integers. */
export function step(statement: Statement, ...values: Value[]): Step {
  if (values.length !== statement.params)
    throw new TypeError(`${statement.name} takes ${statement.params} values`)
  for (const value of values)
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new TypeError(`${statement.name}: not an integer: ${value}`)
  return { statement, values }
}

const begin = step(statement('begin', 'begin'))
const commit = step(statement('commit', 'commit'))
const rollback = step(statement('rollback', 'rollback'))

export type Row = Record<string, unknown>

/**
 * What the second trip is, decided from the first's rows (one list per statement, in order):
 * its statements (none is fine: the commit goes alone), the value the transaction resolves to,
 * and whether it ends in `COMMIT` (by default) or `ROLLBACK` (nothing to keep).
 */
export type SecondTrip<T> = (results: Row[][]) => {
  then: readonly Step[]
  value: T
  rollback?: boolean
}

export type TwoTrips = <T>(first: readonly Step[], second: SecondTrip<T>) => Promise<T>

/**
 * On PostgreSQL: a pool of its own whose connections pipeline (pg's `pipeline` mode: every query
 * is written at once, and their answers come back in order), one connection for both trips.
 */
export function twoTripsOnPostgres(connectionString: string): {
  run: TwoTrips
  close: () => Promise<void>
} {
  const pool = new pg.Pool({ connectionString, pipeline: true } as pg.PoolConfig)
  // As the main pool's: an idle connection the server closes is replaced on next use.
  pool.on('error', () => undefined)
  const send = async (client: pg.PoolClient, steps: readonly Step[]) => {
    // pg writes each query with a system call of its own (it corks the socket per query): corked
    // here around them all, a trip is one write.
    const { stream } = (client as unknown as { connection: { stream: NodeJS.WritableStream } })
      .connection
    const socket = stream as NodeJS.WritableStream & { cork(): void; uncork(): void }
    socket.cork()
    const sent = steps.map(({ statement, values }) =>
      client.query<Row>({ name: statement.name, text: statement.text, values: [...values] }),
    )
    socket.uncork()
    const answers = await Promise.allSettled(sent)
    const failed = answers.find((answer) => answer.status === 'rejected')
    if (failed) throw failed.reason
    return answers.map(
      (answer) => (answer as PromiseFulfilledResult<pg.QueryResult<Row>>).value.rows,
    )
  }
  const run: TwoTrips = async (first, second) => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      const [, ...results] = await send(client, [begin, ...first])
      const { then, value, rollback: undo } = second(results)
      await send(client, [...then, undo ? rollback : commit])
      return value
    } catch (error) {
      // A failed statement leaves the transaction aborted: end it before the connection is reused.
      await send(client, [rollback]).catch((lost: Error) => (broken = lost))
      throw error
    } finally {
      client.release(broken)
    }
  }
  return { run, close: () => pool.end() }
}

/** A value as the text PostgreSQL's input function for its type reads. */
function asText(value: Value): string | null {
  if (value === null) return null
  return String(value)
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes
}

/**
 * On PGlite: both trips while the session is ours (no other query or transaction between them),
 * each one call into the database: Parse (the first time) + Bind + Describe + Execute for every
 * statement, then one Sync.
 */
export function twoTripsOnPglite(client: PGlite): TwoTrips {
  const { serialize } = protocol
  const prepared = new Set<string>()
  const send = async (steps: readonly Step[]) => {
    const parts: Uint8Array[] = []
    const parsed = new Set<string>()
    for (const { statement, values } of steps) {
      if (!prepared.has(statement.name) && !parsed.has(statement.name)) {
        parts.push(serialize.parse({ name: statement.name, text: statement.text, types: [] }))
        parsed.add(statement.name)
      }
      parts.push(serialize.bind({ statement: statement.name, values: values.map(asText) }))
      parts.push(serialize.describe({ type: 'P', name: '' }))
      parts.push(serialize.execute({}))
    }
    parts.push(serialize.sync())
    const { messages } = await client.execProtocol(concat(parts), { syncToFs: false })
    for (const name of parsed) prepared.add(name)
    return parse.parseResults(messages, client.parsers).map((result) => result.rows as Row[])
  }
  const recover = async () => {
    // The trip stopped at its first error, so which of its statements were parsed is unknown:
    // the session forgets them all and parses them again when next used.
    await client.execProtocol(serialize.query('rollback'), { syncToFs: false })
    await client.execProtocol(serialize.query('deallocate all'), { syncToFs: false })
    prepared.clear()
  }
  return (first, second) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          const [, ...results] = await send([begin, ...first])
          const { then, value, rollback: undo } = second(results)
          await send([...then, undo ? rollback : commit])
          return value
        } catch (error) {
          await recover().catch(() => undefined)
          throw error
        } finally {
          await client.syncToFs()
        }
      }),
    )
}
