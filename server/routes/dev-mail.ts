import { BlockList, isIP } from 'node:net'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { Database } from '../db/index.ts'
import type { ClientBindings } from '../http/client-address.ts'
import { messages } from '../http/errors.ts'
import { listOutbox, type KeptMessage } from '../mail/outbox.ts'

/** The newest messages shown; older ones stay in the table (`npm run admin -- outbox --limit`). */
export const devMailShown = 50

/** Served as a file: the site's policy allows no inline style. */
const stylesheet = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
article{border-top:1px solid #ccc;padding:.5rem 0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;padding:.75rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:0}dd{margin:0}`

/** Development answers: never stored by a browser or a proxy, never indexed. */
const devHeaders = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }

/** A link only where the text has an http(s) URL: nothing else in a body becomes markup. */
const urlPattern = /https?:\/\/[^\s<>"]+/g

function withLinks(text: string) {
  const parts: (string | HtmlEscapedString | Promise<HtmlEscapedString>)[] = []
  let last = 0
  for (const match of text.matchAll(urlPattern)) {
    parts.push(text.slice(last, match.index))
    parts.push(html`<a href="${match[0]}">${match[0]}</a>`)
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return parts
}

/** Where a message stands, in a few words. */
function stateOf(message: KeptMessage): string {
  switch (message.status) {
    case 'sent':
      return message.sentVia === 'smtp' ? 'Sent over SMTP' : 'Delivered here'
    case 'failed':
      return `Not sent: gave up after ${message.attempts} attempts (${message.lastError ?? ''})`
    case 'sending':
      return 'Being sent'
    case 'queued':
      return message.attempts === 0
        ? 'Queued'
        : `Queued again: attempt ${message.attempts} failed (${message.lastError ?? ''})`
  }
}

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** 127.0.0.0/8 and ::1 (BlockList also matches `::ffff:127.0.0.1`, a dual-stack socket's form). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false
  const family = isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The page lists live sign-in and reset links: it answers only a browser on this machine. The
 * socket's own address decides, never a forwarded-for header (anyone can write one, and behind a
 * proxy on the same machine every request would look local: there, keep DEV_MAIL off).
 */
const loopbackOnly = createMiddleware(async (c, next) => {
  const env = c.env as ClientBindings | undefined
  if (!isLoopback(env?.incoming?.socket?.remoteAddress)) {
    return c.text(messages.notFound, 404, devHeaders)
  }
  await next()
})

/**
 * `/dev/mail`: the development mailbox. Without SMTP_URL the worker delivers mail by keeping it
 * in the outbox; this page shows the outbox newest first, each message with where it stands and
 * its text with links clickable, so a developer can follow a reset or sign-in link. Mounted
 * only with DEV_MAIL=true outside production (app.ts), and answered only over loopback; every
 * value is HTML-escaped by hono's `html` template.
 */
export function devMailRoutes({ db, smtp }: { db: Database; smtp: boolean }) {
  return new Hono()
    .use('/dev/*', loopbackOnly)
    .get('/dev/mail.css', (c) =>
      c.body(stylesheet, 200, { ...devHeaders, 'Content-Type': 'text/css; charset=utf-8' }),
    )
    .get('/dev/mail', async (c) => {
      const messages = await listOutbox(db, devMailShown)
      const where = smtp
        ? html`<p>
            <strong>SMTP_URL is set:</strong> mail goes out over SMTP, and its text is not kept here
            once sent. Texts listed were kept while it was unset.
          </p>`
        : html`<p>
            SMTP_URL is unset, so the server delivers its mail here instead of sending it.
          </p>`
      const page = html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>Outbox · development mail</title>
            <link rel="stylesheet" href="/dev/mail.css" />
          </head>
          <body>
            <main>
              <h1>Outbox</h1>
              ${where}
              <p>
                The ${devMailShown} newest messages, newest first. This page is for development: the
                server shows it only with DEV_MAIL=true outside production, and only to this
                machine.
              </p>
              ${messages.length === 0 ? html`<p>No mail yet.</p>` : ''}
              ${messages.map(
                (message) =>
                  html`<article>
                    <h2>${message.subject}</h2>
                    <dl>
                      <dt>To</dt>
                      <dd>${message.to}</dd>
                      <dt>Queued</dt>
                      <dd>
                        <time datetime="${message.createdAt.toISOString()}"
                          >${message.createdAt.toISOString()}</time
                        >
                      </dd>
                      <dt>State</dt>
                      <dd>${stateOf(message)}</dd>
                    </dl>
                    ${
                      message.text === null
                        ? html`<p>The text is not kept once sent over SMTP.</p>`
                        : html`<pre>${withLinks(message.text)}</pre>`
                    }
                  </article>`,
              )}
            </main>
          </body>
        </html>`
      return c.html(page, 200, devHeaders)
    })
}
