import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadTestEnv } from '../env.ts'
import { makeTemplateDatabase } from './test-helpers.ts'

/*
 * Vitest's global setup for the server tests: one migrated, seeded in-memory database, written
 * once per run to a file that every test process's openTestDatabase starts from
 * (TEST_PGLITE_TEMPLATE, which the test processes inherit). Not on PostgreSQL, where each test
 * file makes a database of its own on the server.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (loadTestEnv().testDatabaseUrl) return undefined
  const dir = await mkdtemp(path.join(tmpdir(), 'glidecraft-test-template-'))
  const file = path.join(dir, 'database.tar')
  await writeFile(file, Buffer.from(await (await makeTemplateDatabase()).arrayBuffer()))
  process.env.TEST_PGLITE_TEMPLATE = file
  return async () => {
    delete process.env.TEST_PGLITE_TEMPLATE
    await rm(dir, { recursive: true, force: true })
  }
}
