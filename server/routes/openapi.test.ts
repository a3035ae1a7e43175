import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

interface Operation {
  summary?: string
  description?: string
}

describe('GET /api/openapi.json', () => {
  it('says what every operation does, in a summary and a description of its own', async () => {
    const res = await createTestApp(database.db).request('/api/openapi.json')
    expect(res.status).toBe(200)
    const document = (await res.json()) as {
      info: { description: string }
      paths: Record<string, Record<string, Operation>>
    }
    expect(document.info.description).toContain('/api/reference')
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    )
    expect(operations.length).toBeGreaterThan(50)
    const bare = operations
      .filter(({ operation }) => !operation.summary?.trim() || !operation.description?.trim())
      .map(({ name }) => name)
    expect(bare).toEqual([])
    // The reference is the client author's whole guide: it cites nothing outside the repository.
    expect(JSON.stringify(document)).not.toMatch(/SPEC.§|SPEC\.md|shared\//)
  })
})
