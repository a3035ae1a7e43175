import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Session } from '../../contract/auth.ts'
import type { Role } from '../../contract/user.ts'
import { users } from '../db/schema.ts'
import { backOfficeSessionLimits } from '../services/sessions.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { testAccount, testPassword } from '../testing/test-orders.ts'

/*
 * An admin's or a staff member's session is short (docs/back-office.md): it ends after 30
 * minutes without a call and 12 hours after sign-in at the latest, on the server, for every call,
 * answered as an ended session is (401). The `authToken` cookie keeps its rules and expires with
 * the hard limit. A customer's session is as it was. The clock is the test's: Date alone is
 * faked, so the database and the timers run as they do.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
const t0 = Date.parse('2030-05-06T08:00:00Z')

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(async () => {
  await database.close()
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(t0)
})
afterEach(() => {
  vi.useRealTimers()
})

/** Moves the test's clock to `ms` after t0. */
const at = (ms: number) => vi.setSystemTime(t0 + ms)

/** An account of `role` with the test password. */
async function account(role: Role) {
  const made = await testAccount(database.db)
  await database.db.update(users).set({ role }).where(eq(users.id, made.id))
  return made
}

/** Signs in with the password, from an address of its own (the throttles count per address). */
async function signIn(email: string, remember: boolean) {
  const res = await app.request(
    '/api/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: testPassword, remember }),
    },
    { incoming: { socket: { remoteAddress: `198.51.100.${randomBytes(1)[0]! % 250}` } } },
  )
  expect(res.status).toBe(200)
  const cookie = res.headers.get('set-cookie') ?? ''
  return { ...Session.parse(await res.json()), cookie }
}

/** A call of the back office, and one every account may make. */
const backOffice = (token: string) =>
  app.request('/api/admin/orders', { headers: { authorization: `Bearer ${token}` } })
const profile = (token: string) =>
  app.request('/api/user', { headers: { authorization: `Bearer ${token}` } })

const cookieExpiry = (cookie: string) => Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '')

describe('an admin’s or a staff member’s session', () => {
  it('ends after 30 minutes without a call; each call moves that on', async () => {
    const admin = await account('admin')
    const { token } = await signIn(admin.email, false)
    at(29 * minute)
    expect((await backOffice(token)).status).toBe(200)
    // 29 minutes after that call: 58 minutes after sign-in, still open.
    at(58 * minute)
    expect((await profile(token)).status).toBe(200)
    at(58 * minute + backOfficeSessionLimits.idleSeconds * 1000)
    const ended = await backOffice(token)
    expect(ended.status).toBe(401)
    expect(ended.headers.get('www-authenticate')).toBe('Bearer')
    // Ended for every call, as a signed-out session is.
    expect((await profile(token)).status).toBe(401)
  })

  it('ends 12 hours after sign-in however busy, “Keep me signed in” or not', async () => {
    const admin = await account('admin')
    const { token, expires_at: expiresAt, cookie } = await signIn(admin.email, true)
    // The answer and the cookie say when it ends at the latest; the cookie keeps its rules.
    expect(Date.parse(expiresAt)).toBe(t0 + 12 * hour)
    expect(cookieExpiry(cookie)).toBe(t0 + 12 * hour)
    expect(cookie).toMatch(/^authToken=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    for (let time = 25 * minute; time < 12 * hour; time += 25 * minute) {
      at(time)
      expect((await backOffice(token)).status, `${time / minute} minutes in`).toBe(200)
    }
    at(12 * hour - 1000)
    expect((await backOffice(token)).status).toBe(200)
    at(12 * hour)
    expect((await backOffice(token)).status).toBe(401)
    expect((await profile(token)).status).toBe(401)
  })

  it('is as short for staff', async () => {
    const staff = await account('staff')
    const { token, expires_at: expiresAt } = await signIn(staff.email, false)
    expect(Date.parse(expiresAt)).toBe(t0 + 12 * hour)
    at(30 * minute - 1000)
    expect((await backOffice(token)).status).toBe(200)
    at(60 * minute)
    expect((await backOffice(token)).status).toBe(401)
  })

  it('is cut to the limits when an account with a session of its own becomes admin', async () => {
    const early = await account('customer')
    const late = await account('customer')
    const { token: earlyToken } = await signIn(early.email, true)
    const { token: lateToken } = await signIn(late.email, true)
    for (const { id } of [early, late])
      await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id))
    // An hour in: the session is cut to 30 minutes from its first call as an admin's.
    at(hour)
    expect((await backOffice(earlyToken)).status).toBe(200)
    at(hour + 31 * minute)
    expect((await profile(earlyToken)).status).toBe(401)
    // 12 hours after sign-in: ended at once, though its 30 days were not over.
    at(12 * hour)
    expect((await profile(lateToken)).status).toBe(401)
  })
})

describe('a customer’s session', () => {
  it('lasts a day, or 30 with “Keep me signed in”, however long it goes without a call', async () => {
    const customer = await account('customer')
    const day1 = await signIn(customer.email, false)
    const month = await signIn(customer.email, true)
    expect(Date.parse(day1.expires_at)).toBe(t0 + day)
    expect(cookieExpiry(day1.cookie)).toBe(t0 + day)
    expect(Date.parse(month.expires_at)).toBe(t0 + 30 * day)
    at(13 * hour)
    expect((await profile(day1.token)).status).toBe(200)
    at(day - 1000)
    expect((await profile(day1.token)).status).toBe(200)
    at(day)
    expect((await profile(day1.token)).status).toBe(401)
    at(29 * day)
    expect((await profile(month.token)).status).toBe(200)
  })
})
