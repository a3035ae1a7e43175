import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema.ts'
import { securityHeaderList } from '../http/security-headers.ts'
import {
  createTempDir,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../test-helpers.ts'
import { outboxMailer } from '../test-mail.ts'

let database: TestDatabase
const mailer = () => outboxMailer(database.db)

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const development = { NODE_ENV: 'development', SITE_URL: 'https://shop.example' }

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

    const res = await app.request('/dev/mail')
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
    const css = await app.request('/dev/mail.css')
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
  })

  it('shows mail as text: markup in a subject, an address or a body is escaped', async () => {
    await database.db.insert(outbox).values({
      to: '"<b>bold</b>"@example.com',
      subject: '<script>alert(1)</script> & more',
      text: 'Look: <img src=x onerror=alert(1)> and https://shop.example/a?b="c"<i>\njavascript:alert(1)',
    })
    const app = createTestApp(database.db, { env: development })
    const page = await (await app.request('/dev/mail')).text()
    expect(page).toContain('<h2>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h2>')
    expect(page).toContain('&quot;&lt;b&gt;bold&lt;/b&gt;&quot;@example.com')
    expect(page).toContain('Look: &lt;img src=x onerror=alert(1)&gt; and ')
    expect(page).toContain('<a href="https://shop.example/a?b=">https://shop.example/a?b=</a>')
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img')
    expect(page).not.toContain('href="javascript:')
  })

  it('says when mail goes out over SMTP and is not kept here', async () => {
    const app = createTestApp(database.db, {
      env: { ...development, SMTP_URL: 'smtp://127.0.0.1:1' },
    })
    expect(await (await app.request('/dev/mail')).text()).toContain('SMTP_URL is set')
  })

  it('is not there in production, nor with DEV_MAIL=false, beside the built site too', async () => {
    const site = await createTempDir({ 'index.html': '<!doctype html><title>shop</title>' })
    try {
      const envs: Record<string, string>[] = [
        { NODE_ENV: 'production' },
        { NODE_ENV: 'development', DEV_MAIL: 'false' },
      ]
      for (const env of envs) {
        for (const staticDir of [undefined, site.dir]) {
          const app = createTestApp(database.db, { env, staticDir })
          for (const path of ['/dev/mail', '/dev/mail.css']) {
            const res = await app.request(path)
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
