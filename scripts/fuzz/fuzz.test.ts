import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/index.ts'
import { createTestApp, openTestDatabase } from '../../server/testing/test-helpers.ts'
import { documentedBodyFields, sessionKinds, type OpenApiDocument } from './requests.ts'
import { describeRequest, runFuzz, sendInProcess, signInInProcess } from './run.ts'
import { createSiteFixture } from './site-fixture.ts'

let database: OpenDatabase
let site: Awaited<ReturnType<typeof createSiteFixture>>
let app: ReturnType<typeof createTestApp>
let doc: OpenApiDocument

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createSiteFixture()
  app = createTestApp(database.db, { staticDir: site.dir })
  doc = await (await app.request('/api/openapi.json')).json()
})
afterAll(async () => {
  await database.close()
  await site.cleanup()
})

describe('fuzz of every documented operation and the pages (npm run fuzz, small)', () => {
  it('answers hostile input without a 5xx and within 1 s', async () => {
    const report = await runFuzz({
      doc,
      send: sendInProcess(app),
      signIn: signInInProcess(app),
      seed: 20261122,
      runs: 2400,
      pages: true,
    })
    expect(report.sent).toBe(2400)
    // Every documented operation was reached, with input it accepts and input it refuses.
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const reached = new Set(Object.keys(report.byOrigin))
    expect(operations.filter((operation) => !reached.has(operation))).toEqual([])
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '404', '422']))
    // Signed out and in each kind of real session, signing in again after a fuzzed logout.
    expect(Object.keys(report.bySession).sort()).toEqual([...sessionKinds].sort())
    expect(report.signIns).toBeGreaterThan(sessionKinds.length - 1)
    // Every documented body field was tried with hostile values.
    const fields = documentedBodyFields(doc)
    expect(fields.length).toBeGreaterThan(20)
    expect(Object.keys(report.byField).sort()).toEqual([...fields].sort())
    expect(
      report.failures.map(
        ({ request, status, ms }) =>
          `${status} in ${ms.toFixed(0)} ms: ${describeRequest(request)}`,
      ),
    ).toEqual([])
  })
})
