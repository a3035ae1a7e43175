import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { serialize as pgSerialize } from 'pg-protocol'

/*
 * A transaction in two trips to the database, for the hot writes (an add to the cart).
 *
 * Each trip to the database costs a wake-up of the server process and of ours (PGlite: about
 * 0.3 ms of WebAssembly and glue a statement, whatever it does). A change that locks its cart,
 * reads it, writes it and keeps its answer made seven trips. Here its statements go pipelined,
 * two trips in all: `BEGIN` and the first statements (lock, read); then what the caller writes
 * from what it read, and `COMMIT`. A trip is one write and one Sync on both drivers, and stops at
 * its first error. Each statement still takes a snapshot of its own, so a read after a lock sees
 * everything committed before the lock was granted.
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

/** A row's column: its name, and the parser of its type (pg's, as for any other query). */
interface Column {
  name: string
  parse: (text: string) => unknown
}

/**
 * One trip on a pg connection, as a query object of pg's (a Submittable: pg writes nothing else
 * on the connection until the trip's ReadyForQuery): every statement's Parse (the first time on
 * this connection), Bind, Describe and Execute, then one Sync, in one write. The answers come back
 * in order; the first error stops the trip (PostgreSQL skips the rest until the Sync).
 */
class Trip implements pg.Submittable {
  private readonly results: Row[][] = []
  private rows: Row[] = []
  private columns: Column[] = []
  private readonly parsed = new Set<string>()
  private settled = false

  constructor(
    private readonly steps: readonly Step[],
    private readonly prepared: Set<string>,
    private readonly done: (error: Error | undefined, results: Row[][]) => void,
  ) {}

  submit(connection: pg.Connection): void {
    const socket = connection.stream
    socket.cork()
    try {
      for (const { statement, values } of this.steps) {
        const { name, text } = statement
        if (!this.prepared.has(name) && !this.parsed.has(name)) {
          connection.parse({ name, text, types: [] }, true)
          this.parsed.add(name)
        }
        connection.bind({ statement: name, values: values.map(asText) }, true)
        connection.describe({ type: 'P', name: '' }, true)
        connection.execute({ portal: '' }, true)
      }
      connection.sync()
    } finally {
      socket.uncork()
    }
  }

  handleRowDescription(message: { fields: { name: string; dataTypeID: number }[] }): void {
    this.columns = message.fields.map(({ name, dataTypeID }) => ({
      name,
      parse: pg.types.getTypeParser(dataTypeID, 'text') as (text: string) => unknown,
    }))
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const row: Row = {}
    message.fields.forEach((field, index) => {
      const column = this.columns[index]!
      row[column.name] = field === null ? null : column.parse(field)
    })
    this.rows.push(row)
  }

  handleCommandComplete(): void {
    this.results.push(this.rows)
    this.rows = []
    this.columns = []
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete()
  }

  handleError(error: Error): void {
    this.settle(error)
  }

  handleReadyForQuery(): void {
    for (const name of this.parsed) this.prepared.add(name)
    this.settle(undefined)
  }

  private settle(error: Error | undefined): void {
    if (this.settled) return
    this.settled = true
    this.done(error, this.results)
  }
}

/** The statements each pooled connection has prepared. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>()

/** On PostgreSQL: one pooled connection for both trips. */
export function twoTripsOnPool(pool: pg.Pool): TwoTrips {
  const send = (client: pg.PoolClient, prepared: Set<string>, steps: readonly Step[]) =>
    new Promise<Row[][]>((resolve, reject) => {
      client.query(
        new Trip(steps, prepared, (error, results) => (error ? reject(error) : resolve(results))),
      )
    })
  return async (first, second) => {
    const client = await pool.connect()
    const prepared = preparedOn.get(client) ?? new Set<string>()
    preparedOn.set(client, prepared)
    let failed: Error | undefined
    try {
      const [, ...results] = await send(client, prepared, [begin, ...first])
      const { then, value, rollback: undo } = second(results)
      await send(client, prepared, [...then, undo ? rollback : commit])
      return value
    } catch (error) {
      // Which statements of the failed trip were parsed is unknown, and its transaction is
      // aborted: the connection is closed rather than reused (which ends the transaction too).
      failed = error as Error
      throw error
    } finally {
      client.release(failed)
    }
  }
}

/** Describe and Execute of the unnamed portal, and Sync: the same bytes in every trip. */
const describePortal = protocol.serialize.describe({ type: 'P', name: '' })
const execute = protocol.serialize.execute({})
const sync = protocol.serialize.sync()

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
      // Bind through pg's serializer (Node's own UTF-8 encoder): PGlite's measures and copies
      // each value in JavaScript, and an add's values (its answer is kept as text, a few KB)
      // made that a tenth of the server's CPU per add on PGlite.
      parts.push(
        pgSerialize.bind({ statement: statement.name, values: values.map(asText) }),
        describePortal,
        execute,
      )
    }
    parts.push(sync)
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
