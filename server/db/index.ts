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
import { lockDataDir } from './pglite-lock.ts'
import * as schema from './schema.ts'

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

type CatalogListener = (payload: string) => void

/** The databases opened here, and who follows their catalog notifications. */
const catalogListeners = new WeakMap<Database, Set<CatalogListener>>()
const catalogFollowers = new WeakMap<Database, () => void>()

/**
 * Calls `listener` with the payload of every catalog notification this database receives, from
 * this process's writes and from every other process's; returns the unsubscribe function.
 * Undefined for a database not opened by `openDatabase` (it has no notifications to follow).
 * An empty payload means notifications may have been missed (the listener connection was lost).
 */
export function onCatalogChange(db: Database, listener: CatalogListener) {
  const listeners = catalogListeners.get(db)
  if (!listeners) return undefined
  listeners.add(listener)
  catalogFollowers.get(db)?.()
  return () => void listeners.delete(listener)
}

function notifyAll(listeners: Set<CatalogListener>, payload: string) {
  for (const listener of listeners) listener(payload)
}

/** How long a lost PostgreSQL listener connection waits before it connects again. */
const relistenDelayMs = 1_000

/**
 * A connection of its own that LISTENs for other processes' catalog writes, started when the
 * first listener subscribes, and reconnected whenever it is lost until the database is closed.
 */
function followCatalogOnPostgres(connectionString: string, listeners: Set<CatalogListener>) {
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
      // Whatever was written while we were away is only found by asking the version again.
      notifyAll(listeners, '')
      if (!closed) retry = setTimeout(connect, relistenDelayMs).unref()
    }
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (message) => notifyAll(listeners, message.payload ?? ''))
    next
      .connect()
      .then(() => next.query(`LISTEN ${catalogChannel}`))
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
  /** Where the file-backed PGlite database lives (in `<dataDir>/pglite`). */
  dataDir?: string | undefined
  /** A throwaway PGlite database in memory, for tests. */
  inMemory?: boolean
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database and brings its schema up to date. This is the only place that chooses a
 * driver: PostgreSQL when a URL is given, otherwise embedded PGlite (a file under the data
 * directory, or memory for tests).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl })
    // An idle connection the server closes (a restart, a dropped database) leaves the pool and
    // is replaced on next use; unhandled, the pool's error event would end the process.
    pool.on('error', () => undefined)
    const listeners = new Set<CatalogListener>()
    // Every pooled connection LISTENs too: PostgreSQL hands a session its own notifications
    // before the commit's answer, so a write made here is known here before it resolves.
    pool.on('connect', (client) => {
      client.on('notification', (message) => notifyAll(listeners, message.payload ?? ''))
      client.query(`LISTEN ${catalogChannel}`).catch(() => undefined)
    })
    try {
      const db = drizzleNodePg({ client: pool, schema })
      await migrateNodePg(db, { migrationsFolder })
      const follower = followCatalogOnPostgres(options.databaseUrl, listeners)
      catalogListeners.set(db, listeners)
      catalogFollowers.set(db, follower.start)
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
    client = await PGlite.create(dataDir)
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    // One embedded session: its notifications arrive while the writing query resolves.
    const listeners = new Set<CatalogListener>()
    await client.listen(catalogChannel, (payload) => notifyAll(listeners, payload))
    catalogListeners.set(db, listeners)
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
