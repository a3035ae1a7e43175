import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { createApp } from '../app.ts'
import { dumpPglite, openDatabase, type Database, type OpenDatabase } from '../db/index.ts'
import { seed } from '../services/seed.ts'
import { loadEnv, loadTestEnv } from '../env.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { RecaptchaVerifier } from '../services/recaptcha.ts'

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on close), so
 * test files running in parallel never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const { testDatabaseUrl, pgliteTemplate } = loadTestEnv()
  if (!testDatabaseUrl) {
    const opened = await openDatabase({
      inMemory: true,
      loadDataDir: await templateDatabase(pgliteTemplate),
    })
    // An in-memory PGlite has one session: a second "connection" shares it.
    return { ...opened, connectAgain: async () => ({ db: opened.db, close: async () => {} }) }
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

/**
 * A migrated database seeded as openTestDatabase's are (demo accounts included), as PGlite's
 * tarball. Each in-memory test database starts from a copy of it: creating, migrating and
 * seeding one costs several seconds of CPU, loading a copy under one.
 */
export async function makeTemplateDatabase(): Promise<Blob> {
  const opened = await openDatabase({ inMemory: true })
  try {
    await seed(opened.db, { demoAccounts: true })
    return await dumpPglite(opened.db)
  } finally {
    await opened.close()
  }
}

let processTemplate: Promise<Blob> | undefined

/** The template from `file` (written once per test run, server/testing/test-template.ts), else this process's own. */
async function templateDatabase(file: string | undefined): Promise<Blob> {
  if (file) return new Blob([await readFile(file)])
  processTemplate ??= makeTemplateDatabase()
  return processTemplate
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

/** The production app with a quiet logger and test settings (test payments on, as the tests pay). */
export function createTestApp(
  db: Database,
  options: {
    staticDir?: string
    env?: Record<string, string>
    mailer?: Mailer
    recaptcha?: RecaptchaVerifier
  } = {},
) {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TEST_PAYMENTS: 'true',
    ...options.env,
  })
  return createApp({
    db,
    env,
    staticDir: options.staticDir,
    mailer: options.mailer,
    ...(options.recaptcha ? { recaptcha: options.recaptcha } : {}),
  })
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

/** Who makes a cart call: the device's cart token, a session's bearer, or both. */
export interface CartCaller {
  token?: string
  bearer?: string
}

export const newCartToken = () => randomBytes(32).toString('base64url')
export const newKey = () => `key-${randomUUID()}`

export interface CartCallOptions {
  body?: unknown
  key?: string
  headers?: Record<string, string>
  address?: string
}

/** A cart or checkout call as `cartCaller` makes it. */
export type CartCall = (
  method: 'GET' | 'POST',
  path: string,
  caller: CartCaller,
  options?: CartCallOptions,
) => Response | Promise<Response>

/**
 * `call(method, path, caller, options)` against the test app `app()` (set in a beforeAll): a cart
 * or checkout call as a device makes it (`/api` + path): the caller's token and bearer, the
 * Idempotency-Key, a JSON body, and a client address of its own unless told (throttles count per
 * client address).
 */
export function cartCaller(app: () => ReturnType<typeof createTestApp>): CartCall {
  return (
    method: 'GET' | 'POST',
    path: string,
    caller: CartCaller,
    options: CartCallOptions = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (caller.token) headers['x-cart-token'] = caller.token
    if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`
    if (options.key) headers['idempotency-key'] = options.key
    return app().request(
      `/api${path}`,
      {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      { incoming: { socket: { remoteAddress: options.address ?? `test-${randomUUID()}` } } },
    )
  }
}
