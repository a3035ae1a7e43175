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
    try {
      const db = drizzleNodePg({ client: pool, schema })
      await migrateNodePg(db, { migrationsFolder })
      return { db, close: () => pool.end() }
    } catch (error) {
      await pool.end()
      throw error
    }
  }

  let dataDir: string | undefined
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory')
    dataDir = path.join(options.dataDir, 'pglite')
    await mkdir(dataDir, { recursive: true })
  }
  const client = await PGlite.create(dataDir)
  try {
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    return { db, close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}
