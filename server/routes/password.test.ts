import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Session } from '../../contract/auth.ts'
import { oneTimeTokens, outbox, sessions, users } from '../db/schema.ts'
import { demoPassword } from '../services/seed.ts'
import { issueOneTimeToken } from '../services/one-time-tokens.ts'
import { hashPassword } from '../services/passwords.ts'
import type * as Passwords from '../services/passwords.ts'
import { hashToken } from '../services/sessions.ts'
import { limits } from '../services/throttle.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { linkToken, outboxMailer, startTestSmtp } from '../testing/test-mail.ts'

// The real hash, counted: the reset call must not pay for one before it knows the link is live.
vi.mock('../services/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>()
  return { ...real, hashPassword: vi.fn(real.hashPassword) }
})

let database: TestDatabase
let smtp: Awaited<ReturnType<typeof startTestSmtp>>
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  smtp = await startTestSmtp(database.db)
  app = createTestApp(database.db, {
    mailer: smtp.mailer,
    env: { SITE_URL: 'https://shop.example' },
  })
})
afterAll(async () => {
  await smtp.close()
  await database.close()
})

let nextAddress = 0
/** Each call from its own client address, so these tests never meet the throttle by accident. */
function post(path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  return app.request(
    path,
    { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: `10.1.0.${nextAddress++ % 250}` } } },
  )
}

async function tokenOf(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return Session.parse(await res.json()).token
}

async function mailsTo(email: string) {
  return (await smtp.delivered()).filter((mail) => mail.to.includes(email))
}

/** The id of a new account (a guest's, made by guest sign-in) for tests that change it. */
async function newAccount(email: string): Promise<string> {
  await tokenOf(await post('/api/login-guest', { email }))
  const [user] = await database.db.select().from(users).where(eq(users.email, email))
  return user!.id
}

async function whoAmI(token: string) {
  return (await app.request('/api/user', { headers: { authorization: `Bearer ${token}` } })).json()
}

describe('password reset by e-mail (SMTP)', () => {
  it('mails a one-hour link; the link sets the password once, ends other sessions and signs in', async () => {
    const old = await tokenOf(
      await post('/api/login', { email: 'dealer@example.com', password: demoPassword }),
    )
    const res = await post('/api/password/forgot', { email: 'DEALER@example.com' })
    expect(res.status).toBe(200)
    const [mail] = await mailsTo('dealer@example.com')
    expect(mail!.subject).toBe('Set your Glidecraft password')
    expect(mail!.text).toContain('https://shop.example/PasswordResets/newpassword/')
    const token = linkToken(mail!, '/PasswordResets/newpassword')
    const [stored] = await database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)))
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000)

    const mismatch = await post(`/api/password/usetoken/${token}`, {
      password: 'new-password-1',
      confirmPassword: 'new-password-2',
    })
    expect(mismatch.status).toBe(422)
    expect((await mismatch.json()).errors).toEqual({
      confirm_password: ['The passwords do not match.'],
    })

    const set = await post(`/api/password/usetoken/${token}`, {
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    })
    const fresh = await tokenOf(set)
    expect(set.headers.get('set-cookie')).toContain(`authToken=${fresh}`)
    expect(await whoAmI(fresh)).toMatchObject({ email: 'dealer@example.com', role: 'dealer' })
    expect(
      (await app.request('/api/user', { headers: { authorization: `Bearer ${old}` } })).status,
    ).toBe(401)

    const again = await post(`/api/password/usetoken/${token}`, {
      password: 'new-password-3',
      confirmPassword: 'new-password-3',
    })
    expect(again.status).toBe(422)
    expect((await again.json()).errors.token).toEqual([
      'This link is invalid, already used or expired.',
    ])
    expect(
      (await post('/api/login', { email: 'dealer@example.com', password: demoPassword })).status,
    ).toBe(422)
    expect(
      (await post('/api/login', { email: 'dealer@example.com', password: 'new-password-1' }))
        .status,
    ).toBe(200)
  })

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const before = (await smtp.delivered()).length
    const unknown = await post('/api/password/forgot', { email: 'stranger@example.com' })
    expect(unknown.status).toBe(200)
    expect(await smtp.delivered()).toHaveLength(before)
    const known = await post('/api/password/forgot', { email: 'admin@example.com' })
    expect(await known.json()).toEqual(await unknown.json())
    expect(await smtp.delivered()).toHaveLength(before + 1)
  })

  it('refuses an expired link, and a token this server never writes is a 404', async () => {
    await post('/api/password/forgot', { email: 'customer@example.com' })
    const token = linkToken(
      (await mailsTo('customer@example.com')).at(-1)!,
      '/PasswordResets/newpassword',
    )
    await database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)))
    const body = { password: 'whatever-123', confirmPassword: 'whatever-123' }
    expect((await post(`/api/password/usetoken/${token}`, body)).status).toBe(422)
    expect((await post('/api/password/usetoken/a.b', body)).status).toBe(404)
  })

  it('lets a guest set a password and become a customer', async () => {
    await tokenOf(await post('/api/login-guest', { email: 'guest-turns@example.com' }))
    await post('/api/password/forgot', { email: 'guest-turns@example.com' })
    const [mail] = await mailsTo('guest-turns@example.com')
    const session = await tokenOf(
      await post(`/api/password/usetoken/${linkToken(mail!, '/PasswordResets/newpassword')}`, {
        password: 'guest-now-customer',
        confirmPassword: 'guest-now-customer',
      }),
    )
    expect(await whoAmI(session)).toMatchObject({ role: 'customer' })
  })
})

describe('POST /api/password/usetoken/{token}: work and throttle', () => {
  const body = { password: 'a-new-password', confirmPassword: 'a-new-password' }
  const unknownToken = 'A'.repeat(43)

  it('answers an unknown, used or expired link without hashing the password', async () => {
    const hashes = vi.mocked(hashPassword)
    hashes.mockClear()
    const res = await post(`/api/password/usetoken/${unknownToken}`, body)
    expect(res.status).toBe(422)
    expect((await res.json()).errors.token).toEqual([
      'This link is invalid, already used or expired.',
    ])
    // Bad input is refused before anything else too.
    const short = await post(`/api/password/usetoken/${unknownToken}`, {
      password: 'x',
      confirmPassword: 'x',
    })
    expect(short.status).toBe(422)
    expect(hashes).not.toHaveBeenCalled()

    // A live link is hashed for, once.
    const userId = await newAccount('hash-counted@example.com')
    const { token } = await issueOneTimeToken(database.db, userId, 'password-reset')
    expect((await post(`/api/password/usetoken/${token}`, body)).status).toBe(200)
    expect(hashes).toHaveBeenCalledTimes(1)
  })

  it('counts the calls of one client address and answers 429 with Retry-After beyond', async () => {
    const address = '198.51.100.77'
    const from = (token: string) =>
      app.request(
        `/api/password/usetoken/${token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        { incoming: { socket: { remoteAddress: address } } },
      )
    const { pair, address: perAddress } = limits.reset
    // One link tried again and again stops at the pair's limit...
    for (let i = 0; i < pair.attempts; i++) expect((await from(unknownToken)).status).toBe(422)
    const blocked = await from(unknownToken)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // ...and a guesser of many links at the address's.
    for (let i = pair.attempts + 1; i < perAddress.attempts; i++) {
      expect((await from(`guess${String(i).padStart(40, '0')}`)).status).toBe(422)
    }
    const guessing = await from('another-guess-0000000000000000000000000000')
    expect(guessing.status).toBe(429)
    expect(guessing.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('a new password, or revoke-sessions, voids every link still unused', () => {
  it('voids the account’s other reset links, its sign-in links and admin sign-in links', async () => {
    const userId = await newAccount('links-voided@example.com')
    const issue = (purpose: 'password-reset' | 'login-link' | 'admin-login') =>
      issueOneTimeToken(database.db, userId, purpose).then(({ token }) => token)
    const reset = await issue('password-reset')
    const otherReset = await issue('password-reset')
    const loginLink = await issue('login-link')
    const adminLink = await issue('admin-login')

    const set = await post(`/api/password/usetoken/${reset}`, {
      password: 'links-voided-pass',
      confirmPassword: 'links-voided-pass',
    })
    expect(set.status).toBe(200)
    for (const token of [loginLink, adminLink]) {
      expect((await post(`/api/password/verify-login/${token}`)).status).toBe(422)
    }
    const body = { password: 'someone-else-1', confirmPassword: 'someone-else-1' }
    expect((await post(`/api/password/usetoken/${otherReset}`, body)).status).toBe(422)
    // The session the reset opened is the one that works; new links work again.
    expect(await whoAmI(await tokenOf(set))).toMatchObject({ email: 'links-voided@example.com' })
    expect((await post(`/api/password/verify-login/${await issue('login-link')}`)).status).toBe(200)
  })
})

describe('registration', () => {
  it('makes an account and mails a sign-in link that works once', async () => {
    const res = await post('/api/user/create', {
      email: 'New.Pilot@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
      name: 'New Pilot',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    const [mail] = await mailsTo('new.pilot@example.com')
    const token = linkToken(mail!, '/LoginFromAdmin')
    const session = await tokenOf(await post(`/api/password/verify-login/${token}`))
    expect(await whoAmI(session)).toMatchObject({
      email: 'new.pilot@example.com',
      name: 'New Pilot',
      role: 'customer',
    })
    expect((await post(`/api/password/verify-login/${token}`)).status).toBe(422)
    expect(
      (await post('/api/login', { email: 'new.pilot@example.com', password: 'a-long-password' }))
        .status,
    ).toBe(200)
  })

  it('answers a taken address the same, leaves its password alone and mails a reset link', async () => {
    const body = { password: 'someone-elses', confirmPassword: 'someone-elses' }
    const taken = await post('/api/user/create', { email: 'admin@example.com', ...body })
    const fresh = await post('/api/user/create', { email: 'fresh@example.com', ...body })
    expect(taken.status).toBe(200)
    expect(await taken.json()).toEqual(await fresh.json())
    const [mail] = await mailsTo('admin@example.com').then((mails) => mails.slice(-1))
    expect(mail!.text).toContain('/PasswordResets/newpassword/')
    expect(
      (await post('/api/login', { email: 'admin@example.com', password: 'someone-elses' })).status,
    ).toBe(422)
  })

  it('answers 422 per field', async () => {
    const res = await post('/api/user/create', {
      email: 'x',
      password: 'short',
      confirmPassword: 'other',
    })
    expect(res.status).toBe(422)
    expect(Object.keys((await res.json()).errors).sort()).toEqual([
      'confirm_password',
      'email',
      'password',
    ])
  })
})

describe('login by link', () => {
  it('mails a 15-minute link on request and answers unknown addresses the same', async () => {
    const known = await post('/api/password/login-link', { email: 'customer@example.com' })
    const unknown = await post('/api/password/login-link', { email: 'ghost@example.com' })
    expect(await known.json()).toEqual(await unknown.json())
    const mail = (await mailsTo('customer@example.com')).at(-1)!
    expect(mail.subject).toBe('Your Glidecraft sign-in link')
    expect(await mailsTo('ghost@example.com')).toEqual([])
    const session = await tokenOf(
      await post(`/api/password/verify-login/${linkToken(mail, '/LoginFromAdmin')}`),
    )
    expect(await whoAmI(session)).toMatchObject({ email: 'customer@example.com' })
  })
})

describe('POST /api/admin/login-link', () => {
  async function signIn(email: string, password = demoPassword) {
    return tokenOf(await post('/api/login', { email, password }))
  }

  it('gives an admin a one-time /LoginFromAdmin link that signs in as the customer', async () => {
    const admin = await signIn('admin@example.com')
    const res = await post('/api/admin/login-link', { email: 'customer@example.com' }, admin)
    expect(res.status).toBe(200)
    const { url } = await res.json()
    expect(url).toMatch(/^https:\/\/shop\.example\/LoginFromAdmin\/[A-Za-z0-9_-]{43}$/)
    const token = url.split('/').at(-1)
    const session = await tokenOf(await post(`/api/password/verify-login/${token}`))
    expect(await whoAmI(session)).toMatchObject({ email: 'customer@example.com', role: 'customer' })
    expect((await post(`/api/password/verify-login/${token}`)).status).toBe(422)
    // A reset link cannot be used to sign in, nor a sign-in link to set a password.
    expect(
      (
        await post(`/api/password/usetoken/${token}`, {
          password: 'x-long-enough',
          confirmPassword: 'x-long-enough',
        })
      ).status,
    ).toBe(422)
  })

  it('refuses customers (403), strangers (401), unknown and admin targets (422)', async () => {
    const customer = await signIn('customer@example.com')
    const admin = await signIn('admin@example.com')
    const target = { email: 'customer@example.com' }
    expect((await post('/api/admin/login-link', target, customer)).status).toBe(403)
    expect((await post('/api/admin/login-link', target)).status).toBe(401)
    const unknown = await post('/api/admin/login-link', { email: 'no@example.com' }, admin)
    expect(unknown.status).toBe(422)
    const other = await post('/api/admin/login-link', { email: 'admin@example.com' }, admin)
    expect((await other.json()).errors.email).toEqual([
      'An admin link cannot sign in as another admin.',
    ])
  })
})

describe('the outbox', () => {
  it('drops the text of mail sent over SMTP: its links live only in the mailbox', async () => {
    await post('/api/password/forgot', { email: 'dealer@example.com' })
    await smtp.delivered()
    const rows = await database.db.select().from(outbox).where(eq(outbox.to, 'dealer@example.com'))
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', sentVia: 'smtp', text: null, html: null })
    }
  })

  it('keeps mail in the database when no SMTP server is configured', async () => {
    const mailer = outboxMailer(database.db)
    const local = createTestApp(database.db, { mailer })
    await local.request('/api/password/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com' }),
    })
    await mailer.idle()
    const rows = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'customer@example.com'), eq(outbox.sentVia, 'dev-mailbox')))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.text).toContain('/PasswordResets/newpassword/')
    // The database holds only the token's hash.
    const token = rows[0]!.text!.match(/newpassword\/([A-Za-z0-9_-]+)/)![1]!
    const [stored] = await database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, token))
    expect(stored).toBeUndefined()
    expect(await database.db.select().from(sessions).where(eq(sessions.tokenHash, token))).toEqual(
      [],
    )
    expect(await database.db.select().from(users).where(eq(users.passwordHash, token))).toEqual([])
  })
})
