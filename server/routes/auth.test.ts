import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Session } from '../../contract/auth.ts'
import { User } from '../../contract/user.ts'
import { createApp } from '../app.ts'
import { outbox, sessions, throttles, users } from '../db/schema.ts'
import { demoPassword } from '../services/seed.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../log.ts'
import { hashToken } from '../services/sessions.ts'
import { accountLimit, limits } from '../services/throttle.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

const day = 24 * 3600 * 1000

/** A request as it would arrive from `address` (the Node socket the server reads it from). */
function post(path: string, body: unknown, options: { address?: string; token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  return app.request(
    path,
    { method: 'POST', headers, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: options.address ?? '192.0.2.1' } } },
  )
}

function get(path: string, token?: string) {
  return app.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {})
}

async function login(email: string, password: string, remember = false, address?: string) {
  return post('/api/login', { email, password, remember }, { address })
}

async function tokenOf(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return Session.parse(await res.json()).token
}

describe('POST /api/login', () => {
  it('signs in with the API’s fields, sets a readable authToken cookie and opens a 1-day session', async () => {
    const res = await login('customer@example.com', demoPassword, false, '192.0.2.10')
    expect(res.status).toBe(200)
    const body = Session.parse(await res.json())
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const expires = Date.parse(body.expires_at) - Date.now()
    expect(expires).toBeGreaterThan(day - 60_000)
    expect(expires).toBeLessThanOrEqual(day)

    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toContain(`authToken=${body.token}`)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    expect(cookie).not.toMatch(/Secure/)

    const user = User.parse(await (await get('/api/user', body.token)).json())
    expect(user).toMatchObject({ email: 'customer@example.com', role: 'customer' })
    const [stored] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)))
    expect(stored).toBeDefined()
  })

  it('keeps a remembered session for 30 days, and reads the e-mail address in any case', async () => {
    const res = await login('  Customer@Example.COM ', demoPassword, true, '192.0.2.11')
    const body = Session.parse(await res.json())
    const expires = Date.parse(body.expires_at) - Date.now()
    expect(expires).toBeGreaterThan(30 * day - 60_000)
    expect(expires).toBeLessThanOrEqual(30 * day)
  })

  it('marks the cookie Secure over HTTPS', async () => {
    const res = await app.request('https://shop.example/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dealer@example.com', password: demoPassword }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/)
  })

  it('marks the cookie Secure behind a TLS proxy, exactly when HSTS goes out', async () => {
    const signInVia = (proto?: string) =>
      app.request(
        'http://shop.example/api/login',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(proto ? { 'x-forwarded-proto': proto } : {}),
          },
          body: JSON.stringify({ email: 'dealer@example.com', password: demoPassword }),
        },
        { incoming: { socket: { remoteAddress: '192.0.2.40' } } },
      )
    for (const proto of ['https', 'HTTPS', 'https, http']) {
      const proxied = await signInVia(proto)
      expect(proxied.status).toBe(200)
      expect(proxied.headers.get('set-cookie'), proto).toMatch(/^authToken=[^;]+;.*; Secure/)
      expect(proxied.headers.get('strict-transport-security')).not.toBeNull()
    }
    for (const proto of [undefined, 'http']) {
      const plain = await signInVia(proto)
      expect(plain.status).toBe(200)
      expect(plain.headers.get('set-cookie'), proto).not.toMatch(/Secure/)
      expect(plain.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('answers a wrong password and an unknown address alike', async () => {
    const wrong = await login('customer@example.com', 'not-the-password', false, '192.0.2.12')
    const unknown = await login('nobody@example.com', 'not-the-password', false, '192.0.2.12')
    const guestAccount = await post('/api/login-guest', { email: 'only-guest@example.com' })
    expect(guestAccount.status).toBe(200)
    const passwordless = await login('only-guest@example.com', 'anything', false, '192.0.2.12')
    const bodies = await Promise.all([wrong, unknown, passwordless].map((res) => res.json()))
    for (const [i, res] of [wrong, unknown, passwordless].entries()) {
      expect(res.status).toBe(422)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(bodies[i]).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      })
    }
  })

  it('answers 422 per field for bad input', async () => {
    const res = await post('/api/login', { email: 'not-an-address', password: '', remember: 'yes' })
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password', 'remember'])
  })
})

describe('throttling', () => {
  it('stops a guesser at one address with 429 and Retry-After, while the customer elsewhere still signs in', async () => {
    const attacker = '198.51.100.7'
    for (let i = 0; i < limits.login.pair.attempts; i++) {
      expect((await login('dealer@example.com', `guess-${i}`, false, attacker)).status).toBe(422)
    }
    const blocked = await login('dealer@example.com', demoPassword, false, attacker)
    expect(blocked.status).toBe(429)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(limits.login.pair.windowSeconds)
    expect(await blocked.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    })

    // The real dealer, at home: not locked out.
    expect((await login('dealer@example.com', demoPassword, false, '203.0.113.5')).status).toBe(200)
    // The attacker's other guesses are counted on their own pairs.
    expect((await login('admin@example.com', 'guess', false, attacker)).status).toBe(422)

    // Once the window has passed (moved back in the table), the pair may try again.
    await database.db.update(throttles).set({ windowEndsAt: new Date(Date.now() - 1000) })
    expect((await login('dealer@example.com', demoPassword, false, attacker)).status).toBe(200)
  })

  it('limits one address across many accounts more loosely', async () => {
    const address = '198.51.100.8'
    for (let i = 0; i < limits.login.address.attempts; i++) {
      const res = await login(`user-${i}@example.com`, 'guess', false, address)
      expect(res.status).toBe(422)
    }
    expect((await login('another@example.com', 'guess', false, address)).status).toBe(429)
    expect((await login('another@example.com', 'guess', false, '198.51.100.9')).status).toBe(422)
  })

  it('limits guest sign-in per address too', async () => {
    const address = '198.51.100.10'
    for (let i = 0; i < limits.guest.pair.attempts; i++) {
      expect((await post('/api/login-guest', { email: 'g@example.com' }, { address })).status).toBe(
        200,
      )
    }
    const blocked = await post('/api/login-guest', { email: 'g@example.com' }, { address })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    // 60 wrong passwords from 60 addresses of one /64: the pair (e-mail, /64) stops them.
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) {
      const address = `2001:db8:5:6:${(i + 1).toString(16)}:${i}::${i + 7}`
      statuses.push((await login('dealer@example.com', `guess-${i}`, false, address)).status)
    }
    const { attempts } = limits.login.pair
    expect(statuses.slice(0, attempts)).toEqual(Array(attempts).fill(422))
    expect(statuses.slice(attempts)).toEqual(Array(60 - attempts).fill(429))
    // Written another way (zeros spelled out, upper case), the /64 is the same.
    expect((await login('dealer@example.com', 'x', false, '2001:0DB8:5:6:0:0:0:1')).status).toBe(
      429,
    )
    // The next /64 is another client.
    expect((await login('dealer@example.com', 'x', false, '2001:db8:5:7::1')).status).toBe(422)
    // A dual-stack socket's ::ffff:a.b.c.d is the IPv4 client it names.
    for (let i = 0; i < attempts; i++) {
      const address = i % 2 === 0 ? '::ffff:198.51.100.30' : '198.51.100.30'
      expect((await login('admin@example.com', 'guess', false, address)).status).toBe(422)
    }
    expect((await login('admin@example.com', 'guess', false, '::ffff:c633:641e')).status).toBe(429)
    await database.db.delete(throttles)
  })

  it('slows down guesses on one account from many addresses, the same for an unknown e-mail, and the mailed link still signs in', async () => {
    const mailer = outboxMailer(database.db)
    const local = createTestApp(database.db, { mailer })
    const from = (address: string) => ({
      incoming: { socket: { remoteAddress: address } },
    })
    const send = (path: string, body: unknown, address: string) =>
      local.request(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        from(address),
      )
    /** 25 wrong passwords for `email`, each from an IPv4 address never used before. */
    const guessFromEverywhere = async (email: string, net: number) => {
      const answers: { status: number; body: unknown; retryAfter: string | null }[] = []
      for (let i = 0; i < 25; i++) {
        const res = await send('/api/login', { email, password: `guess-${i}` }, `10.${net}.${i}.1`)
        answers.push({
          status: res.status,
          body: await res.json(),
          retryAfter: res.headers.get('retry-after'),
        })
      }
      return answers
    }
    const known = await guessFromEverywhere('customer@example.com', 1)
    const unknown = await guessFromEverywhere('nobody-here@example.com', 2)
    const { attempts, windowSeconds } = accountLimit
    for (const answers of [known, unknown]) {
      expect(answers.slice(0, attempts).map((answer) => answer.status)).toEqual(
        Array(attempts).fill(422),
      )
      for (const answer of answers.slice(attempts)) {
        expect(answer.status).toBe(429)
        expect(Number(answer.retryAfter)).toBeGreaterThan(0)
        expect(Number(answer.retryAfter)).toBeLessThanOrEqual(windowSeconds)
        expect(answer.body).toEqual({
          message: expect.stringMatching(
            /^Too many attempts\. Please try again in 1[45] minutes\.$/,
          ),
        })
      }
    }
    // An unknown address is answered exactly as a known one.
    expect(unknown.map(({ status, body }) => ({ status, body }))).toEqual(
      known.map(({ status, body }) => ({ status, body })),
    )

    // The owner, at home: the password waits like any other attempt on the account...
    const home = '203.0.113.77'
    const withPassword = await send(
      '/api/login',
      { email: 'customer@example.com', password: demoPassword },
      home,
    )
    expect(withPassword.status).toBe(429)
    // ...but the mailed sign-in link is sent and signs in.
    const asked = await send('/api/password/login-link', { email: 'customer@example.com' }, home)
    expect(asked.status).toBe(200)
    await mailer.idle()
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'customer@example.com'))
      .orderBy(desc(outbox.createdAt))
      .limit(1)
    const token = mail!.text!.match(/LoginFromAdmin\/([A-Za-z0-9_-]+)/)![1]!
    const signedIn = await send(`/api/password/verify-login/${token}`, {}, home)
    expect(signedIn.status).toBe(200)
    expect(Session.parse(await signedIn.json()).token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await database.db.delete(throttles)
  })

  it('keeps no e-mail or client address in the throttle table', async () => {
    await login('someone@example.com', 'guess', false, '198.51.100.50')
    const rows = await database.db.select().from(throttles)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('logs', () => {
  it('keep no password, token or cookie of a sign-in and a sign-out', async () => {
    const lines: string[] = []
    const logger = createLogger(
      { logLevel: 'info', nodeEnv: 'test' },
      { write: (line: string) => void lines.push(line) },
    )
    const logged = createApp({ db: database.db, env: loadEnv({ NODE_ENV: 'test' }), logger })
    const res = await logged.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: demoPassword }),
    })
    const { token } = Session.parse(await res.json())
    await logged.request('/api/user/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, cookie: `authToken=${token}` },
    })
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).not.toContain(token)
      expect(line).not.toContain(demoPassword)
    }
  })
})

describe('POST /api/login-guest', () => {
  it('opens a 1-day guest session for a new address, making a guest account', async () => {
    const res = await post('/api/login-guest', { email: 'New.Guest@example.com' })
    const token = await tokenOf(res)
    expect(res.headers.get('set-cookie')).toContain(`authToken=${token}`)
    const user = await (await get('/api/user', token)).json()
    expect(user).toMatchObject({ email: 'new.guest@example.com', role: 'guest', name: null })
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.guest@example.com'))
    expect(row).toMatchObject({ role: 'guest', passwordHash: null })
  })

  it('on a registered address shows nothing of the account: no name, role, age, addresses or edits', async () => {
    const res = await post('/api/login-guest', { email: 'customer@example.com', remember: true })
    const body = Session.parse(await res.json())
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(29 * day)
    const user = await (await get('/api/user', body.token)).json()
    expect(user).toMatchObject({ email: 'customer@example.com', name: null, role: 'guest' })
    expect(Date.now() - Date.parse(user.created_at)).toBeLessThan(60_000)

    const addresses = await get('/api/user/get-addresses/', body.token)
    expect(addresses.status).toBe(403)
    const edit = await app.request('/api/user/edit', {
      method: 'PUT',
      headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hijacked' }),
    })
    expect(edit.status).toBe(403)
  })

  it('answers 422 for a bad address', async () => {
    const res = await post('/api/login-guest', { email: 'nope' })
    expect(res.status).toBe(422)
    expect((await res.json()).errors.email).toEqual(['Enter a valid e-mail address.'])
  })
})

describe('POST /api/user/logout', () => {
  it('revokes the session and clears authToken, ACCESS_TOKEN and CSRF_TOKEN', async () => {
    const token = await tokenOf(
      await login('customer@example.com', demoPassword, false, '192.0.2.30'),
    )
    const res = await post('/api/user/logout', {}, { token })
    expect(res.status).toBe(200)
    const cleared = res.headers.getSetCookie()
    for (const name of ['authToken', 'ACCESS_TOKEN', 'CSRF_TOKEN']) {
      expect(cleared.find((cookie) => cookie.startsWith(`${name}=;`))).toMatch(/Max-Age=0; Path=\//)
    }
    expect((await get('/api/user', token)).status).toBe(401)
  })

  it('answers 200 and clears the cookies without a live session', async () => {
    const res = await post('/api/user/logout', {})
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toHaveLength(3)
  })
})

describe('PUT /api/user/edit and GET /api/user/get-addresses/', () => {
  function edit(token: string | undefined, body: unknown) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    return app.request('/api/user/edit', { method: 'PUT', headers, body: JSON.stringify(body) })
  }

  it('changes the name, and refuses an empty one per field', async () => {
    const token = await tokenOf(
      await login('dealer@example.com', demoPassword, false, '192.0.2.40'),
    )
    const res = await edit(token, { name: '  Dana D. ' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ email: 'dealer@example.com', name: 'Dana D.' })
    const bad = await edit(token, { name: '' })
    expect(bad.status).toBe(422)
    expect(Object.keys((await bad.json()).errors)).toEqual(['name'])
    expect((await edit(undefined, { name: 'x' })).status).toBe(401)
  })

  it('lists only the signed-in user’s own addresses', async () => {
    const customer = await tokenOf(
      await login('customer@example.com', demoPassword, false, '192.0.2.41'),
    )
    const res = await get('/api/user/get-addresses/', customer)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      expect.objectContaining({ city: 'Eloy', postal_code: '85131', is_default: true }),
    ])
    const dealer = await tokenOf(
      await login('dealer@example.com', demoPassword, false, '192.0.2.41'),
    )
    expect(await (await get('/api/user/get-addresses/', dealer)).json()).toEqual([])
    expect((await get('/api/user/get-addresses/')).status).toBe(401)
  })
})
