import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Session } from '../../contract/auth.ts'
import { CART_TOKEN_HEADER } from '../../contract/cart.ts'
import {
  isPlainText,
  isSecretText,
  plainText,
  plainTextMessage,
  secretTextMessage,
} from '../../contract/plain-text.ts'
import { users } from '../db/schema.ts'
import { demoPassword } from '../services/seed.ts'
import { issueOneTimeToken } from '../services/one-time-tokens.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'

/*
 * A control or text-direction character in any text a client sends is a 422 on its field, never
 * a 500 (PostgreSQL refuses a NUL in text) and never a 200 whose work then fails unseen.
 */

describe('isPlainText', () => {
  it('refuses C0 and C1 controls, DEL, and the bidi embeddings, overrides, isolates and marks', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
      0x200e,
      0x200f,
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
    ]
    for (const code of refused) {
      expect(isPlainText(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(false)
    }
  })

  it('takes letters of every script, emoji and the joiners they need', () => {
    for (const text of ['Zoë', 'دانة', '山田', 'Ελένη', '👩‍✈️', '🪂', 'a\u00a0b', 'a–b', '']) {
      expect(isPlainText(text), text).toBe(true)
    }
  })

  it('lets multi-line text keep its line breaks and tabs, and nothing else', () => {
    expect(isPlainText('line 1\r\nline 2\tend', { multiline: true })).toBe(true)
    expect(isPlainText('line 1\nline 2')).toBe(false)
    expect(isPlainText('a\u0000b', { multiline: true })).toBe(false)
    expect(isPlainText('a\u202eb', { multiline: true })).toBe(false)
  })
})

describe('isSecretText', () => {
  it('takes any printable character in a password, but no control character', () => {
    expect(isSecretText('pässwörd \u202e 🪂')).toBe(true)
    for (const text of ['a\u0000b', 'a\tb', 'a\nb', 'a\u007fb', 'a\u009bb']) {
      expect(isSecretText(text)).toBe(false)
    }
  })
})

describe('plainText', () => {
  it('adds one message to the field and keeps the schema’s own checks and type', () => {
    const Name = plainText(z.string().trim().max(5))
    expect(Name.parse('  Dana ')).toBe('Dana')
    const result = Name.safeParse('Da\u202ena')
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([plainTextMessage])
    expect(Name.safeParse('toolong').success).toBe(false)
  })
})

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: ReturnType<typeof outboxMailer>

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer })
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

let nextAddress = 0
function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    path,
    {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: `10.9.0.${nextAddress++ % 250}` } } },
  )
}

/** Sends `body` and expects 422 with exactly `errors`. */
async function refused(
  method: string,
  path: string,
  body: unknown,
  errors: Record<string, string[]>,
  headers?: Record<string, string>,
) {
  const res = await send(method, path, body, headers)
  expect(res.status, JSON.stringify(body)).toBe(422)
  expect((await res.json()).errors, JSON.stringify(body)).toEqual(errors)
}

async function signIn(email: string, password = demoPassword) {
  const res = await send('POST', '/api/login', { email, password })
  expect(res.status).toBe(200)
  return Session.parse(await res.json()).token
}

/** Characters no one types into a single-line field. */
const hostile = {
  nul: 'a\u0000b',
  controls: 'a\u0007b',
  newline: 'a\nb',
  tab: 'a\tb',
  del: 'a\u007fb',
  c1: 'a\u0085b',
  rlo: 'Dana\u202e',
  isolate: '\u2066Dana\u2069',
  rlm: 'Dana\u200f',
}

describe('PUT /api/user/edit', () => {
  it('refuses a name with a control or direction character per field, and keeps the name', async () => {
    const token = await signIn('customer@example.com')
    const auth = { authorization: `Bearer ${token}` }
    for (const name of Object.values(hostile)) {
      await refused('PUT', '/api/user/edit', { name }, { name: [plainTextMessage] }, auth)
    }
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@example.com'))
    expect(isPlainText(row!.name ?? '')).toBe(true)
    // Letters of any script, and emoji, are names like any other.
    for (const name of ['Zoë Ångström', 'دانة', '山田 太郎', 'Pilot 🪂']) {
      const res = await send('PUT', '/api/user/edit', { name }, auth)
      expect(res.status, name).toBe(200)
      expect((await res.json()).name).toBe(name)
    }
  })
})

describe('POST /api/user/create', () => {
  it('refuses a hostile name or e-mail with 422 instead of answering 200 and making nothing', async () => {
    const base = { email: 'new-pilot@example.com', password: 'long-enough-1' }
    const withPassword = { ...base, confirmPassword: base.password }
    for (const name of Object.values(hostile)) {
      await refused(
        'POST',
        '/api/user/create',
        { ...withPassword, name },
        { name: [plainTextMessage] },
      )
    }
    await refused(
      'POST',
      '/api/user/create',
      { ...withPassword, email: 'new\u0000pilot@example.com' },
      { email: [plainTextMessage] },
    )
    await refused(
      'POST',
      '/api/user/create',
      { ...withPassword, email: 'pilot@example.com\u202e' },
      { email: [plainTextMessage] },
    )
  })

  it('takes any printable password, direction marks included, but no control character', async () => {
    for (const password of [
      'long\u0000enough',
      'long\tenough',
      'long\nenough',
      'long\u0085enough',
    ]) {
      await refused(
        'POST',
        '/api/user/create',
        { email: 'secret@example.com', password, confirmPassword: password },
        { password: [secretTextMessage] },
      )
    }
    // A NUL in the confirmation alone simply does not match.
    await refused(
      'POST',
      '/api/user/create',
      { email: 'secret@example.com', password: 'long-enough-1', confirmPassword: 'long\u0000' },
      { confirm_password: ['The passwords do not match.'] },
    )
    const password = 'pässwörd \u202e 🪂 long'
    const res = await send('POST', '/api/user/create', {
      email: 'printable@example.com',
      password,
      confirmPassword: password,
      name: 'Printable Pilot',
    })
    expect(res.status).toBe(200)
    await mailer.idle()
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'printable@example.com'))
    expect(row?.name).toBe('Printable Pilot')
    expect(
      (await send('POST', '/api/login', { email: 'printable@example.com', password })).status,
    ).toBe(200)
  })
})

describe('POST /api/login and POST /api/login-guest', () => {
  it('refuses a NUL in the password and a hostile e-mail per field', async () => {
    await refused(
      'POST',
      '/api/login',
      { email: 'customer@example.com', password: 'a\u0000b' },
      { password: [secretTextMessage] },
    )
    await refused(
      'POST',
      '/api/login',
      { email: 'customer@example.com\u0000', password: demoPassword },
      { email: [plainTextMessage] },
    )
    // Any other character may still be tried: a password set before the rule may hold one.
    const tabbed = await send('POST', '/api/login', {
      email: 'customer@example.com',
      password: 'a\tb',
    })
    expect(tabbed.status).toBe(422)
    expect((await tabbed.json()).errors).toEqual({
      email: ['These credentials do not match our records.'],
    })
  })

  it('refuses a guest sign-in with a control or direction character in the e-mail', async () => {
    for (const email of [
      'guest\u0000@example.com',
      'guest@example.com\u202e',
      '\u2066g@example.com',
    ]) {
      await refused('POST', '/api/login-guest', { email }, { email: [plainTextMessage] })
    }
  })
})

describe('password links and the admin’s link', () => {
  it('refuses a hostile e-mail or new password per field', async () => {
    for (const path of ['/api/password/forgot', '/api/password/login-link']) {
      await refused('POST', path, { email: 'a@example.com\u0000' }, { email: [plainTextMessage] })
    }
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'dealer@example.com'))
    const { token } = await issueOneTimeToken(database.db, user!.id, 'password-reset')
    await refused(
      'POST',
      `/api/password/usetoken/${token}`,
      { password: 'new\u0000password', confirmPassword: 'new\u0000password' },
      { password: [secretTextMessage] },
    )
    const admin = await signIn('admin@example.com')
    await refused(
      'POST',
      '/api/admin/login-link',
      { email: 'customer@example.com\u202e' },
      { email: [plainTextMessage] },
      { authorization: `Bearer ${admin}` },
    )
  })
})

describe('GET /api/user/get-addresses/', () => {
  it('lists addresses for the account and takes no text from the client', async () => {
    // What the account's address calls write is checked in addresses.test.ts.
    const token = await signIn('customer@example.com')
    const res = await app.request('/api/user/get-addresses/', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    expect(Array.isArray(await res.json())).toBe(true)
  })
})

describe('POST /api/order/add', () => {
  const cart = { [CART_TOKEN_HEADER]: 'c'.repeat(43) }

  it('refuses a control or direction character in a meta key or value, a child’s and a sku, per field', async () => {
    const suit = (meta: { key: string; value: string }[]) => ({
      sku: 'CORVID2-CUSTOM',
      qty: 1,
      meta,
      child: [],
    })
    for (const text of Object.values(hostile)) {
      await refused(
        'POST',
        '/api/order/add',
        suit([{ key: 'option.booties', value: text }]),
        { 'meta.0.value': [plainTextMessage] },
        cart,
      )
      await refused(
        'POST',
        '/api/order/add',
        suit([{ key: `color.${text}`, value: 'n4D' }]),
        { 'meta.0.key': [plainTextMessage] },
        cart,
      )
    }
    await refused(
      'POST',
      '/api/order/add',
      {
        sku: 'CORVID2-CUSTOM\u0000',
        qty: 1,
        meta: [],
        child: [{ sku: 'SUPER\u202e', qty: 1, meta: [{ key: 'a\u0000', value: 'b' }] }],
      },
      {
        sku: [plainTextMessage],
        'child.0.sku': [plainTextMessage],
        'child.0.meta.0.key': [plainTextMessage],
      },
      cart,
    )
  })
})
