import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { User } from '../../contract/user.ts'
import type { OpenDatabase } from '../db/index.ts'
import { sessions, users } from '../db/schema.ts'
import { demoAccounts } from '../services/seed.ts'
import { createSession, hashToken } from '../services/sessions.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>
let demoId: string

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
  const [demo] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts[0].email))
  demoId = demo!.id
})
afterAll(() => database.close())

function getUser(authorization?: string) {
  return app.request('/api/user', authorization ? { headers: { authorization } } : {})
}

async function expectUnauthenticated(res: Response) {
  expect(res.status).toBe(401)
  expect(res.headers.get('www-authenticate')).toBe('Bearer')
  expect(await res.json()).toEqual({ message: 'Unauthenticated.' })
}

describe('GET /api/user', () => {
  it('returns the user of a live session', async () => {
    const token = await createSession(database.db, demoId, 3600)
    const res = await getUser(`Bearer ${token}`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(User.parse(body)).toEqual({
      id: demoId,
      email: 'customer@example.com',
      name: 'Casey Customer',
      role: 'customer',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(body).not.toHaveProperty('password_hash')
  })

  it('accepts the scheme name in any case', async () => {
    const token = await createSession(database.db, demoId, 3600)
    expect((await getUser(`bearer ${token}`)).status).toBe(200)
  })

  it('answers 401 without a token', async () => {
    await expectUnauthenticated(await getUser())
  })

  it('answers 401 for an unknown token or another scheme', async () => {
    await expectUnauthenticated(await getUser('Bearer not-a-real-token'))
    await expectUnauthenticated(await getUser('Basic ZGVtbzpkZW1v'))
    await expectUnauthenticated(await getUser(`Bearer ${'x'.repeat(10_000)}`))
  })

  it('answers 401 for an expired session', async () => {
    const token = await createSession(database.db, demoId, 3600)
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
    await expectUnauthenticated(await getUser(`Bearer ${token}`))
  })

  it('answers 401 once the user is deleted', async () => {
    const [guest] = await database.db
      .insert(users)
      .values({ email: 'guest@example.com', role: 'guest' })
      .returning()
    const token = await createSession(database.db, guest!.id, 3600)
    expect((await getUser(`Bearer ${token}`)).status).toBe(200)
    await database.db.delete(users).where(eq(users.id, guest!.id))
    await expectUnauthenticated(await getUser(`Bearer ${token}`))
  })
})

describe('createSession', () => {
  it('stores only the hash of a 32-byte base64url token', async () => {
    const token = await createSession(database.db, demoId, 60)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await database.db.select().from(sessions).where(eq(sessions.userId, demoId))
    expect(stored.some((row) => row.tokenHash === hashToken(token))).toBe(true)
    expect(stored.some((row) => row.tokenHash === token)).toBe(false)
  })

  it('refuses a lifetime that is not positive', async () => {
    await expect(createSession(database.db, demoId, 0)).rejects.toThrow(RangeError)
  })
})
