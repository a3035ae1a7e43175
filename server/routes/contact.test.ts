import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { newsletterLink, newsletterLinkOf } from '../../contract/newsletter.ts'
import { newsletterSubscribers, outbox } from '../db/schema.ts'
import { testHumanToken, testRecaptcha, testUnavailableToken } from '../services/recaptcha.ts'
import { limits } from '../services/throttle.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { startTestSmtp } from '../testing/test-mail.ts'
import { bag, priority, usAddress } from '../../tests/order-fixtures.ts'

let database: TestDatabase
let smtp: Awaited<ReturnType<typeof startTestSmtp>>
let app: ReturnType<typeof createTestApp>
let guarded: ReturnType<typeof createTestApp>
const recaptcha = testRecaptcha()

beforeAll(async () => {
  database = await openTestDatabase()
  smtp = await startTestSmtp(database.db)
  const env = { SITE_URL: 'https://shop.example', CONTACT_EMAIL: 'hello@shop.example' }
  app = createTestApp(database.db, { mailer: smtp.mailer, env })
  guarded = createTestApp(database.db, { mailer: smtp.mailer, env, recaptcha })
})
afterAll(async () => {
  await smtp.close()
  await database.close()
})

let nextAddress = 0
/** Each call from its own client address unless told, so tests meet the limits only on purpose. */
function post(
  path: string,
  body: unknown,
  {
    headers = {},
    address = `10.2.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`,
    on = app,
  }: { headers?: Record<string, string>; address?: string; on?: typeof app } = {},
) {
  return on.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  )
}

async function mailsTo(email: string) {
  return (await smtp.delivered()).filter((mail) => mail.to.includes(email))
}

const form = { name: 'Robin Pilot', email: 'robin@example.com', message: 'Room in May?\nThanks.' }

describe('POST /api/coach/contact-coaches/{coachSlug}', () => {
  it('mails the coach through the outbox, the visitor as Reply-To, and never shows the address', async () => {
    const res = await post('/api/coach/contact-coaches/elin-vardal', {
      ...form,
      email: 'Visitor.One@Example.com',
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      received: true,
      message:
        'Thank you: your message is on its way to Elin Vårdal, who will answer you by e-mail.',
    })
    expect(text).not.toContain('coaches.glidecraft.example')
    const [mail, ...more] = await mailsTo('elin-vardal@coaches.glidecraft.example')
    expect(more).toEqual([])
    expect(mail!.replyTo).toEqual(['visitor.one@example.com'])
    expect(mail!.subject).toBe('Robin Pilot wrote to you through Glidecraft')
    expect(mail!.text).toContain('Room in May?\nThanks.')
    expect(mail!.text).toContain('your reply goes to visitor.one@example.com')
    expect(mail!.html).toContain('Room in May?')
  })

  it('answers 404 for a coach that does not exist, and for a path that is no slug', async () => {
    expect((await post('/api/coach/contact-coaches/nobody-here', form)).status).toBe(404)
    expect((await post('/api/coach/contact-coaches/..%2Fadmin', form)).status).toBe(404)
  })

  it('takes the slug from the path only: a slug in the body is refused as an unknown field or ignored', async () => {
    const res = await post('/api/coach/contact-coaches/kenji-morimoto', {
      ...form,
      email: 'slug-in-body@example.com',
      coachSlug: 'elin-vardal',
    })
    expect(res.status).toBe(200)
    expect(await mailsTo('kenji-morimoto@coaches.glidecraft.example')).toHaveLength(1)
  })

  it('refuses bad input with a message per field (422)', async () => {
    const res = await post('/api/coach/contact-coaches/elin-vardal', {
      name: '',
      email: 'not-an-address',
      message: 'x'.repeat(5001),
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(body.errors.name).toEqual(['Enter your name.'])
    expect(body.errors.email).toEqual(['Enter a valid e-mail address.'])
    expect(body.errors.message).toEqual(['A message is at most 5000 characters.'])
    const bidi = await post('/api/coach/contact-coaches/elin-vardal', {
      ...form,
      name: 'Dana\u202Eevil',
    })
    expect(bidi.status).toBe(422)
    expect(Object.keys(((await bidi.json()) as { errors: object }).errors)).toEqual(['name'])
    const wrongTypes = await post('/api/coach/contact-coaches/elin-vardal', {
      name: 1,
      email: [],
      message: null,
    })
    expect(wrongTypes.status).toBe(422)
  })

  it('sends one mail per Idempotency-Key, whatever the number of sends, and replays the answer', async () => {
    const headers = { 'idempotency-key': 'c-offline-form-0001' }
    const body = { ...form, email: 'twice@example.com' }
    const first = await post('/api/coach/contact-coaches/hana-kovarova', body, { headers })
    const again = await post('/api/coach/contact-coaches/hana-kovarova', body, { headers })
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(await first.text())
    const sent = (await mailsTo('hana-kovarova@coaches.glidecraft.example')).filter((mail) =>
      mail.replyTo.includes('twice@example.com'),
    )
    expect(sent).toHaveLength(1)
    const other = await post(
      '/api/coach/contact-coaches/hana-kovarova',
      { ...body, message: 'Something else' },
      { headers },
    )
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({
      errors: { 'Idempotency-Key': [expect.any(String)] },
    })
    const bad = await post('/api/coach/contact-coaches/hana-kovarova', body, {
      headers: { 'idempotency-key': 'no spaces' },
    })
    expect(bad.status).toBe(422)
  })

  it('answers a filled honeypot like anyone, and mails nothing', async () => {
    const res = await post('/api/coach/contact-coaches/tom-achterberg', {
      ...form,
      email: 'robot@example.com',
      website: 'https://spam.example',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ received: true })
    const queued = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.replyTo, 'robot@example.com'))
    expect(queued).toEqual([])
  })

  it('counts per sender and client address: the 6th message in an hour is a 429', async () => {
    const address = '10.9.9.9'
    const body = { ...form, email: 'chatty@example.com' }
    for (let i = 0; i < limits.contact.pair.attempts; i += 1) {
      expect(
        (await post('/api/coach/contact-coaches/luca-ferrante', body, { address })).status,
      ).toBe(200)
    }
    const res = await post('/api/coach/contact-coaches/luca-ferrante', body, { address })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another sender from elsewhere is not held back.
    expect((await post('/api/coach/contact-coaches/luca-ferrante', form)).status).toBe(200)
  })
})

describe('POST /api/contact/ (with its trailing slash)', () => {
  it('mails the shop (CONTACT_EMAIL) with the visitor as Reply-To', async () => {
    const res = await post('/api/contact/', {
      ...form,
      email: 'asker@example.com',
      subject: 'Sizing',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      received: true,
      message: 'Thank you: your message is on its way to us. We answer by e-mail.',
    })
    const [mail] = (await mailsTo('hello@shop.example')).filter((m) =>
      m.replyTo.includes('asker@example.com'),
    )
    expect(mail!.subject).toBe('Contact form: Sizing')
    expect(mail!.text).toContain('From: Robin Pilot <asker@example.com>')
    expect(mail!.text).toContain('Subject: Sizing')
  })

  it('is only the path with the trailing slash', async () => {
    expect((await post('/api/contact', form)).status).toBe(404)
  })

  it('refuses bad input per field', async () => {
    const res = await post('/api/contact/', { email: 'a@example.com', subject: 'x'.repeat(151) })
    expect(res.status).toBe(422)
    const { errors } = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(errors).sort()).toEqual(['message', 'name', 'subject'])
  })
})

describe('reCAPTCHA (the test verifier)', () => {
  it('takes a token the verifier takes, refuses one it refuses (422 under recaptcha)', async () => {
    const ok = await post('/api/contact/', form, {
      on: guarded,
      headers: { 'x-recaptcha-token': testHumanToken },
    })
    expect(ok.status).toBe(200)
    const refused = await post('/api/contact/', form, {
      on: guarded,
      headers: { 'x-recaptcha-token': 'a-robot-token' },
    })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ errors: { recaptcha: [expect.any(String)] } })
    expect(recaptcha.seen).toContain('a-robot-token')
  })

  it('takes a form without a token (queued offline) under a tighter per-address limit', async () => {
    const address = '10.8.8.8'
    for (let i = 0; i < limits.unverified.pair.attempts; i += 1) {
      const res = await post(
        '/api/contact/',
        { ...form, email: `queued${i}@example.com` },
        {
          on: guarded,
          address,
        },
      )
      expect(res.status).toBe(200)
    }
    const over = await post(
      '/api/contact/',
      { ...form, email: 'queued-last@example.com' },
      {
        on: guarded,
        address,
      },
    )
    expect(over.status).toBe(429)
    // With a token the same address goes on.
    const verified = await post(
      '/api/contact/',
      { ...form, email: 'verified@example.com' },
      {
        on: guarded,
        address,
        headers: { 'x-recaptcha-token': testHumanToken },
      },
    )
    expect(verified.status).toBe(200)
  })

  it('takes the form when Google cannot be asked, rather than lose it', async () => {
    const res = await post('/api/coach/contact-coaches/elin-vardal', form, {
      on: guarded,
      headers: { 'x-recaptcha-token': testUnavailableToken },
    })
    expect(res.status).toBe(200)
  })

  it('ignores a token without a verifier (no secret): rate limits and honeypot', async () => {
    const res = await post('/api/contact/', form, { headers: { 'x-recaptcha-token': 'anything' } })
    expect(res.status).toBe(200)
  })
})

async function confirmationLinks(email: string) {
  const mails = await mailsTo(email)
  const mail = mails
    .filter((m) => m.subject === 'Confirm your Glidecraft newsletter sign-up')
    .at(-1)!
  const links = [...mail.text.matchAll(/https:\/\/shop\.example\/newsletter(#[^\s]+)/g)].map(
    (match) => newsletterLinkOf(match[1]!)!,
  )
  return {
    count: mails.length,
    confirm: links.find((link) => link.action === 'confirm')!.token,
    unsubscribe: links.find((link) => link.action === 'unsubscribe')!.token,
  }
}

async function stateOf(email: string) {
  const [row] = await database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
  return row?.state
}

describe('newsletter double opt-in', () => {
  it('signs up by mail: pending until the link is opened, then subscribed; unsubscribe works at once', async () => {
    const email = 'reader@example.com'
    const res = await post('/api/newsletter/sign-up', { email: 'Reader@Example.com' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ state: 'pending' })
    expect(await stateOf(email)).toBe('pending')
    const { confirm, unsubscribe } = await confirmationLinks(email)
    expect(newsletterLink('https://shop.example', 'confirm', confirm)).toMatch(/#confirm=/)
    const confirmed = await post(`/api/newsletter/confirm/${confirm}`, {})
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({ state: 'subscribed' })
    expect(await stateOf(email)).toBe('subscribed')
    // Opening it twice is fine.
    expect((await post(`/api/newsletter/confirm/${confirm}`, {})).status).toBe(200)
    const left = await post(`/api/newsletter/unsubscribe/${unsubscribe}`, {})
    expect(await left.json()).toMatchObject({ state: 'unsubscribed' })
    expect(await stateOf(email)).toBe('unsubscribed')
    // The old confirmation link cannot sign the address up again.
    expect((await post(`/api/newsletter/confirm/${confirm}`, {})).status).toBe(422)
    expect((await post(`/api/newsletter/unsubscribe/${unsubscribe}`, {})).status).toBe(200)
  })

  it('a confirmation link works a week and an unsubscribe link a year, then neither does', async () => {
    const email = 'later@example.com'
    await post('/api/newsletter/sign-up', { email })
    const first = await confirmationLinks(email)
    const day = 24 * 3600 * 1000
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 8 * day)
      const late = await post(`/api/newsletter/confirm/${first.confirm}`, {})
      expect(late.status).toBe(422)
      expect(Object.keys(((await late.json()) as { errors: object }).errors)).toEqual(['token'])
      // A sign-up again mails a fresh pair; the unsubscribe link works until its year is out.
      await post('/api/newsletter/sign-up', { email })
      const second = await confirmationLinks(email)
      expect(second.unsubscribe).not.toBe(first.unsubscribe)
      expect((await post(`/api/newsletter/confirm/${second.confirm}`, {})).status).toBe(200)
      vi.setSystemTime(Date.now() + 350 * day)
      expect((await post(`/api/newsletter/unsubscribe/${first.unsubscribe}`, {})).status).toBe(200)
      vi.setSystemTime(Date.now() + 12 * day)
      expect((await post(`/api/newsletter/unsubscribe/${first.unsubscribe}`, {})).status).toBe(422)
      expect((await post(`/api/newsletter/unsubscribe/${second.unsubscribe}`, {})).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    expect(await stateOf(email)).toBe('unsubscribed')
  })

  it('answers the same for an address already subscribed, and mails it nothing', async () => {
    const email = 'already@example.com'
    await post('/api/newsletter/sign-up', { email })
    const { confirm, count } = await confirmationLinks(email)
    await post(`/api/newsletter/confirm/${confirm}`, {})
    const again = await post('/api/newsletter/sign-up', { email })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ state: 'pending' })
    expect(await mailsTo(email)).toHaveLength(count)
  })

  it('refuses unknown and malformed links, and bad sign-ups per field', async () => {
    expect((await post(`/api/newsletter/confirm/${'A'.repeat(43)}`, {})).status).toBe(422)
    expect((await post('/api/newsletter/unsubscribe/short', {})).status).toBe(404)
    const bad = await post('/api/newsletter/sign-up', { email: 'nope' })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ errors: { email: [expect.any(String)] } })
  })

  it('limits sign-ups of one address from one client like other mail (3 per 15 minutes)', async () => {
    const address = '10.7.7.7'
    for (let i = 0; i < limits.mail.pair.attempts; i += 1) {
      expect(
        (await post('/api/newsletter/sign-up', { email: 'bomb@example.com' }, { address })).status,
      ).toBe(200)
    }
    expect(
      (await post('/api/newsletter/sign-up', { email: 'bomb@example.com' }, { address })).status,
    ).toBe(429)
  })

  it("the submit's optIn goes the same way: a confirmation link, and nothing without it", async () => {
    const call = cartCaller(() => app)
    const submitWith = async (optIn: boolean) => {
      const email = `checkout-${randomUUID()}@example.com`
      const login = await call('POST', '/login-guest', {}, { body: { email, remember: false } })
      const caller = {
        token: newCartToken(),
        bearer: ((await login.json()) as { token: string }).token,
      }
      const step = async (path: string, body: unknown) =>
        expect((await call('POST', path, caller, { body, key: newKey() })).status).toBe(200)
      await step('/order/add', bag)
      await step('/order/save-shipping-address', { address: usAddress })
      await step('/order/save-shipping-option', priority)
      await step('/order/submit', { notes: '', optIn })
      return email
    }
    const wanted = await submitWith(true)
    expect(await stateOf(wanted)).toBe('pending')
    const { confirm } = await confirmationLinks(wanted)
    expect((await post(`/api/newsletter/confirm/${confirm}`, {})).status).toBe(200)
    expect(await stateOf(wanted)).toBe('subscribed')
    const unwanted = await submitWith(false)
    expect(await stateOf(unwanted)).toBeUndefined()
    const mails = await mailsTo(unwanted)
    expect(mails.map((mail) => mail.subject)).not.toContain(
      'Confirm your Glidecraft newsletter sign-up',
    )
  })
})

describe('reCAPTCHA on guest sign-in and registration', () => {
  it('refuses a token the verifier refuses, and takes a good one', async () => {
    const refused = await post(
      '/api/login-guest',
      { email: 'robot-guest@example.com' },
      { on: guarded, headers: { 'x-recaptcha-token': 'a-robot-token' } },
    )
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ errors: { recaptcha: [expect.any(String)] } })
    const guest = await post(
      '/api/login-guest',
      { email: 'person-guest@example.com' },
      { on: guarded, headers: { 'x-recaptcha-token': testHumanToken } },
    )
    expect(guest.status).toBe(200)
    const registered = await post(
      '/api/user/create',
      { email: 'robot-reg@example.com', password: 'flyfast-test', confirmPassword: 'flyfast-test' },
      { on: guarded, headers: { 'x-recaptcha-token': 'a-robot-token' } },
    )
    expect(registered.status).toBe(422)
    // Without a verifier (no secret) the token is not asked for.
    const plain = await post('/api/login-guest', { email: 'plain-guest@example.com' })
    expect(plain.status).toBe(200)
  })
})
