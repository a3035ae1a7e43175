import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { servedInArrivalOrder } from './arrival-order.ts'
import { lockDataDir } from './pglite-lock.ts'
import * as schema from './schema.ts'
import {
  twoTripsOnPglite,
  twoTripsOnPool,
  type SecondTrip,
  type Step,
  type TwoTrips,
} from './two-trips.ts'

/**
 * The one database type the rest of the server sees. PGlite and node-postgres differ only in
 * their raw result type, which no caller touches.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface OpenDatabase {
  db: Database
  close(): Promise<void>
}

/**
 * The channel the catalog trigger (migration 0003) notifies on when a write to products or
 * variants commits; the payload is the new catalog version.
 */
export const catalogChannel = 'catalog_changed'

/** The channel the outbox trigger (migration 0010) notifies on when queued mail commits. */
export const mailChannel = 'mail_queued'

const channels = [catalogChannel, mailChannel] as const
type Channel = (typeof channels)[number]

type ChannelListener = (payload: string) => void
type Listeners = Record<Channel, Set<ChannelListener>>

/** The databases opened here, and who follows their notifications. */
const channelListeners = new WeakMap<Database, Listeners>()
const followers = new WeakMap<Database, () => void>()

function newListeners(): Listeners {
  return { [catalogChannel]: new Set(), [mailChannel]: new Set() }
}

function follow(db: Database, channel: Channel, listener: ChannelListener) {
  const listeners = channelListeners.get(db)?.[channel]
  if (!listeners) return undefined
  listeners.add(listener)
  followers.get(db)?.()
  return () => void listeners.delete(listener)
}

/**
 * Calls `listener` with the payload of every catalog notification this database receives, from
 * this process's writes and from every other process's; returns the unsubscribe function.
 * Undefined for a database not opened by `openDatabase` (it has no notifications to follow).
 * An empty payload means notifications may have been missed (the listener connection was lost).
 */
export function onCatalogChange(db: Database, listener: ChannelListener) {
  return follow(db, catalogChannel, listener)
}

/**
 * Calls `listener` whenever mail queued by any process commits, or when such a notification may
 * have been missed (the listener connection was lost); returns the unsubscribe function.
 * Undefined for a database not opened by `openDatabase`.
 */
export function onMailQueued(db: Database, listener: () => void) {
  return follow(db, mailChannel, () => listener())
}

function notifyAll(listeners: Set<ChannelListener>, payload: string) {
  for (const listener of listeners) listener(payload)
}

function isChannel(name: string): name is Channel {
  return (channels as readonly string[]).includes(name)
}

const twoTrips = new WeakMap<Database, TwoTrips>()

/**
 * A transaction in two trips (two-trips.ts): `BEGIN` and the `first` statements, then the
 * statements `second` makes from their rows and `COMMIT`. For a database opened by
 * `openDatabase` only.
 */
export function inTwoTrips<T>(
  db: Database,
  first: readonly Step[],
  second: SecondTrip<T>,
): Promise<T> {
  const run = twoTrips.get(db)
  if (!run) throw new Error('inTwoTrips needs a database opened by openDatabase')
  return run(first, second)
}

/** How long a lost PostgreSQL listener connection waits before it connects again. */
const relistenDelayMs = 1_000

/**
 * A connection of its own that LISTENs for other processes' catalog writes and queued mail,
 * started when the first listener subscribes, and reconnected whenever it is lost until the
 * database is closed.
 */
function followOnPostgres(connectionString: string, listeners: Listeners) {
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false

  const connect = () => {
    if (closed || client) return
    const next = new pg.Client({ connectionString })
    client = next
    const lost = () => {
      if (client !== next) return
      client = undefined
      void next.end().catch(() => undefined)
      // Whatever was written while we were away is only found by asking again.
      for (const channel of channels) notifyAll(listeners[channel], '')
      if (!closed) retry = setTimeout(connect, relistenDelayMs).unref()
    }
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (message) => {
      if (isChannel(message.channel)) notifyAll(listeners[message.channel], message.payload ?? '')
    })
    next
      .connect()
      .then(() => next.query(channels.map((channel) => `LISTEN ${channel}`).join('; ')))
      .catch(lost)
  }

  return {
    start: connect,
    async close() {
      closed = true
      clearTimeout(retry)
      const last = client
      client = undefined
      await last?.end().catch(() => undefined)
    },
  }
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /**
   * With `databaseUrl`: the most connections this process keeps to PostgreSQL (pg's pool; 10,
   * pg's own default, when unset). Its follower connection comes on top. PGlite has one session.
   */
  poolSize?: number | undefined
  /** Where the file-backed PGlite database lives (in `<dataDir>/pglite`). */
  dataDir?: string | undefined
  /** A throwaway PGlite database in memory, for tests. */
  inMemory?: boolean
  /**
   * With `inMemory`: start from this database (a `dumpPglite` tarball) instead of an empty one,
   * which skips initdb. Its migrations still run, and find nothing left to apply when it is current.
   */
  loadDataDir?: Blob
}

/** The PGlite behind each database opened here, for `dumpPglite`. */
const pgliteClients = new WeakMap<Database, PGlite>()

/**
 * A PGlite database's files as one uncompressed tarball (PGlite's `dumpDataDir`): tests migrate
 * and seed one database and start each of theirs from its copy (server/testing/test-helpers.ts).
 */
export async function dumpPglite(db: Database): Promise<Blob> {
  const client = pgliteClients.get(db)
  if (!client) throw new Error('not a PGlite database opened by openDatabase')
  return client.dumpDataDir('none')
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database and brings its schema up to date. This is the only place that chooses a
 * driver: PostgreSQL when a URL is given, otherwise embedded PGlite (a file under the data
 * directory, or memory for tests).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const listeners = newListeners()
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Every pooled connection LISTENs to the catalog too: PostgreSQL hands a session its own
      // notifications before the commit's answer, so a catalog write made here is known here
      // before it resolves. Queued mail needs no such haste: the follower's connection tells it.
      // The pool hands a new connection out once this has resolved: a LISTEN sent from the
      // pool's 'connect' event was still running when the caller's first query came, which pg
      // queues behind it with a warning (and pg 9 refuses).
      onConnect: async (client) => {
        client.on('notification', (message) => {
          if (message.channel === catalogChannel) {
            notifyAll(listeners[catalogChannel], message.payload ?? '')
          }
        })
        await client.query(`LISTEN ${catalogChannel}`)
      },
    })
    // An idle connection the server closes (a restart, a dropped database) leaves the pool and
    // is replaced on next use; unhandled, the pool's error event would end the process.
    pool.on('error', () => undefined)
    try {
      const db = drizzleNodePg({ client: pool, schema })
      await migrateNodePg(db, { migrationsFolder })
      const follower = followOnPostgres(options.databaseUrl, listeners)
      channelListeners.set(db, listeners)
      followers.set(db, follower.start)
      twoTrips.set(db, twoTripsOnPool(pool))
      return {
        db,
        close: async () => {
          await follower.close()
          await pool.end()
        },
      }
    } catch (error) {
      await pool.end()
      throw error
    }
  }

  let dataDir: string | undefined
  let unlock = () => {}
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory')
    dataDir = path.join(options.dataDir, 'pglite')
    await mkdir(dataDir, { recursive: true })
    unlock = lockDataDir(`${dataDir}.lock`)
  }
  let client: PGlite | undefined
  try {
    client = await PGlite.create(dataDir, {
      ...(options.inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    // Requests are served first come, first served (arrival-order.ts); the catalog's
    // notifications below use the client itself.
    const session = servedInArrivalOrder(client)
    const db = drizzlePglite({ client: session, schema })
    await migratePglite(db, { migrationsFolder })
    // One embedded session: its notifications arrive while the writing query resolves.
    const listeners = newListeners()
    for (const channel of channels) {
      await client.listen(channel, (payload) => notifyAll(listeners[channel], payload))
    }
    channelListeners.set(db, listeners)
    twoTrips.set(db, twoTripsOnPglite(session))
    pgliteClients.set(db, client)
    const opened = client
    return {
      db,
      close: async () => {
        await opened.close()
        unlock()
      },
    }
  } catch (error) {
    await client?.close()
    unlock()
    throw error
  }
}
