import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createApp } from './app.ts'
import { openDatabase, type Database, type OpenDatabase } from './db/index.ts'
import { seed } from './db/seed.ts'
import { loadEnv, loadTestEnv } from './env.ts'
import type { Mailer } from './services/mail.ts'

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on close), so
 * test files running in parallel never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const { testDatabaseUrl } = loadTestEnv()
  if (!testDatabaseUrl) {
    const opened = await openDatabase({ inMemory: true })
    // An in-memory PGlite has one session: a second "connection" shares it.
    return seeded({
      ...opened,
      connectAgain: async () => ({ db: opened.db, close: async () => {} }),
    })
  }

  const name = `test_${randomBytes(8).toString('hex')}`
  await onServer(testDatabaseUrl, `create database ${name}`)
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  const opened = await openDatabase({ databaseUrl: url.toString() })
  return seeded({
    db: opened.db,
    url: url.toString(),
    close: async () => {
      await opened.close()
      await onServer(testDatabaseUrl, `drop database if exists ${name} with (force)`)
    },
    connectAgain: () => openDatabase({ databaseUrl: url.toString() }),
  })
}

export interface TestDatabase extends OpenDatabase {
  /**
   * The same database through connections of its own, as another API process would have them
   * (on PostgreSQL; in-memory PGlite shares its one session). Close it before the database.
   */
  connectAgain(): Promise<OpenDatabase>
  /** The connection string of the test database on PostgreSQL (for server processes of its own). */
  url?: string
}

async function seeded(opened: TestDatabase): Promise<TestDatabase> {
  await seed(opened.db, { demoAccounts: true })
  return opened
}

async function onServer(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The production app with a quiet logger and test settings. */
export function createTestApp(
  db: Database,
  options: { staticDir?: string; env?: Record<string, string>; mailer?: Mailer } = {},
) {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  return createApp({ db, env, staticDir: options.staticDir, mailer: options.mailer })
}

/** A temporary directory holding the given files (paths relative to it); removed by cleanup. */
export async function createTempDir(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'flight-store-'))
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), content)
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
