import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema.ts'
import { securityHeaderList } from '../http/security-headers.ts'
import {
  createTempDir,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'

let database: TestDatabase
const mailer = () => outboxMailer(database.db)

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const development = { NODE_ENV: 'development', DEV_MAIL: 'true', SITE_URL: 'https://shop.example' }

/** A GET from a socket at `address`, as @hono/node-server hands it to the app. */
function getFrom(
  app: ReturnType<typeof createTestApp>,
  path: string,
  address = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return app.request(path, { headers }, { incoming: { socket: { remoteAddress: address } } })
}

describe('/dev/mail', () => {
  it('lists a reset mail with its link clickable, under the site’s strict policy, kept by no cache', async () => {
    const local = mailer()
    const app = createTestApp(database.db, { env: development, mailer: local })
    const asked = await app.request('/api/password/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com' }),
    })
    expect(asked.status).toBe(200)
    await local.idle()

    const res = await getFrom(app, '/dev/mail')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toBe(
      securityHeaderList({ connectSources: [] })['Content-Security-Policy'],
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    const page = await res.text()
    const link = page.match(
      /<a href="(https:\/\/shop\.example\/PasswordResets\/newpassword\/[A-Za-z0-9_-]+)">\1<\/a>/,
    )
    expect(link).not.toBeNull()
    expect(page).toContain('<h2>Set your Glidecraft password</h2>')
    expect(page).toContain('<dd>customer@example.com</dd>')
    expect(page).toContain('SMTP_URL is unset')
    // Nothing inline: the policy would block it.
    expect(page).not.toMatch(/<script|<style|style="/)
    const css = await getFrom(app, '/dev/mail.css', '::1')
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
  })

  it('shows mail as text: markup in a subject, an address or a body is escaped', async () => {
    await database.db.insert(outbox).values({
      kind: 'test',
      dedupeKey: 'dev-mail-escape',
      status: 'sent',
      sentVia: 'dev-mailbox',
      to: '"<b>bold</b>"@example.com',
      subject: '<script>alert(1)</script> & more',
      text: 'Look: <img src=x onerror=alert(1)> and https://shop.example/a?b="c"<i>\njavascript:alert(1)',
    })
    const app = createTestApp(database.db, { env: development })
    const page = await (await getFrom(app, '/dev/mail')).text()
    expect(page).toContain('<h2>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h2>')
    expect(page).toContain('&quot;&lt;b&gt;bold&lt;/b&gt;&quot;@example.com')
    expect(page).toContain('Look: &lt;img src=x onerror=alert(1)&gt; and ')
    expect(page).toContain('<a href="https://shop.example/a?b=">https://shop.example/a?b=</a>')
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img')
    expect(page).not.toContain('href="javascript:')
  })

  it('shows where each message stands, and no text for mail sent over SMTP', async () => {
    await database.db.insert(outbox).values([
      {
        kind: 'test',
        dedupeKey: 'dev-mail-retrying',
        to: 'retrying@example.com',
        subject: 'Waiting for the relay',
        text: 'kept until sent',
        status: 'queued',
        attempts: 2,
        lastError: '451 try later',
      },
      {
        kind: 'test',
        dedupeKey: 'dev-mail-smtp',
        to: 'smtp@example.com',
        subject: 'Gone over SMTP',
        text: null,
        status: 'sent',
        sentVia: 'smtp',
      },
    ])
    const app = createTestApp(database.db, { env: development })
    const page = await (await getFrom(app, '/dev/mail')).text()
    expect(page).toContain('<dd>Queued again: attempt 2 failed (451 try later)</dd>')
    expect(page).toContain('<pre>kept until sent</pre>')
    expect(page).toContain('<dd>Sent over SMTP</dd>')
    expect(page).toContain('The text is not kept once sent over SMTP.')
  })

  it('says when mail goes out over SMTP and is not kept here', async () => {
    const app = createTestApp(database.db, {
      env: { ...development, SMTP_URL: 'smtp://127.0.0.1:1' },
    })
    expect(await (await getFrom(app, '/dev/mail')).text()).toContain('SMTP_URL is set')
  })

  it('answers only a loopback socket, whatever a forwarded-for header says', async () => {
    const app = createTestApp(database.db, { env: development })
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect((await getFrom(app, '/dev/mail', address)).status, address).toBe(200)
    }
    const forged = {
      'x-forwarded-for': '127.0.0.1',
      'x-real-ip': '127.0.0.1',
      forwarded: 'for=127.0.0.1',
    }
    for (const address of ['192.0.2.1', '10.0.0.2', '::ffff:192.0.2.1', 'fe80::1', '::']) {
      for (const path of ['/dev/mail', '/dev/mail.css']) {
        const res = await getFrom(app, path, address, forged)
        expect(res.status, `${address} ${path}`).toBe(404)
        expect(await res.text()).not.toContain('Outbox')
      }
    }
    // No socket at all (an in-process call) is no proof of a local browser either.
    expect((await app.request('/dev/mail')).status).toBe(404)
  })

  it('is not there by default, in production, nor with DEV_MAIL=false, beside the built site too', async () => {
    const site = await createTempDir({ 'index.html': '<!doctype html><title>shop</title>' })
    try {
      const envs: Record<string, string>[] = [
        { NODE_ENV: 'development' },
        { NODE_ENV: 'test' },
        { NODE_ENV: 'production' },
        { NODE_ENV: 'production', DEV_MAIL: 'true' },
        { NODE_ENV: 'development', DEV_MAIL: 'false' },
      ]
      for (const env of envs) {
        for (const staticDir of [undefined, site.dir]) {
          const app = createTestApp(database.db, { env, staticDir })
          for (const path of ['/dev/mail', '/dev/mail.css']) {
            const res = await getFrom(app, path)
            expect(res.status, `${JSON.stringify(env)} ${staticDir} ${path}`).toBe(404)
            expect(await res.text()).not.toContain('Outbox')
          }
        }
      }
    } finally {
      await site.cleanup()
    }
  })
})
