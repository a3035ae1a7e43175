import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/index.ts'
import { outbox } from '../db/schema.ts'
import { createLogger } from '../log.ts'
import { receiveMail, type MailReceiver, type ReceivedMail } from '../testing/received-mail.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import {
  createMailer,
  defaultLeaseMs,
  defaultRetry,
  retryDelayMs,
  smtpTransport,
  type MailTransport,
  type Mailer,
  type MailerOptions,
} from './mailer.ts'
import { listOutbox, queueMail, resendMail, type MailMessage } from './outbox.ts'

/*
 * The outbox and its worker against a real database and a real SMTP server (smtp-server) on
 * 127.0.0.1: what a customer's mail server receives, and when. Time is faked (the worker reads
 * the clock for due times and leases); nothing sleeps.
 */

let database: TestDatabase
let sink: MailReceiver
let received: ReceivedMail[]
/** Each message the sink is sent is refused while this is above 0 (and counts it down). */
let refusals = 0
let arrived: (() => void) | undefined
const mailers: Mailer[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  sink = await receiveMail(
    0,
    (mail) => {
      received.push(mail)
      arrived?.()
    },
    {
      refuse: () => {
        if (refusals === 0) return undefined
        refusals--
        return { code: 451, message: 'Temporary local problem, try again later' }
      },
    },
  )
})
afterAll(async () => {
  await sink.close()
  await database.close()
})
beforeEach(async () => {
  received = []
  refusals = 0
  arrived = undefined
  await database.db.delete(outbox)
})
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(mailers.splice(0).map((mailer) => mailer.stop()))
})

/** Log lines as JSON, to read what the worker logged. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger(
    { logLevel: 'info', nodeEnv: 'test' },
    {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  )
  return { logger, lines }
}

/** A mailer sending to the sink over SMTP, stopped after the test. */
function smtpMailer(options: Partial<MailerOptions> = {}, db: Database = database.db): Mailer {
  const mailer = createMailer({
    db,
    logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    from: 'Glidecraft <shop@example.com>',
    ...options,
  })
  mailers.push(mailer)
  return mailer
}

function message(to: string, key = `test:${to}`): MailMessage {
  return {
    kind: 'test',
    to,
    subject: `Hello ${to}`,
    text: `Your code is SECRET-${to}\n`,
    html: `<p>Your code is SECRET-${to}</p>`,
    dedupeKey: key,
  }
}

/** Resolves when the sink has received `count` messages in all. */
function receivedCount(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (received.length >= count) resolve()
    }
    arrived = check
    check()
  })
}

async function row(to: string) {
  const [found] = await database.db.select().from(outbox).where(eq(outbox.to, to))
  return found!
}

describe('queueMail in the caller’s transaction', () => {
  it('sends nothing for a transaction rolled back, and what committed once', async () => {
    const mailer = smtpMailer()
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, message('rolled-back@example.com'))
        tx.rollback()
      }),
    ).rejects.toThrow()
    await database.db.transaction(async (tx) => {
      await queueMail(tx, message('committed@example.com'))
    })
    await mailer.idle()
    await mailer.idle()
    expect(received.map((mail) => mail.to)).toEqual([['committed@example.com']])
    const [mail] = received
    expect(mail!.subject).toBe('Hello committed@example.com')
    expect(mail!.text.trim()).toBe('Your code is SECRET-committed@example.com')
    expect(mail!.html).toContain('<p>Your code is SECRET-committed@example.com</p>')
    expect(mail!.messageId).toBe(`<${(await row('committed@example.com')).id}@example.com>`)
    expect(await database.db.select().from(outbox)).toHaveLength(1)
    expect(await row('committed@example.com')).toMatchObject({
      status: 'sent',
      sentVia: 'smtp',
      attempts: 1,
      // Sent over SMTP: the link-bearing bodies are not kept.
      text: null,
      html: null,
    })
  })

  it('queues a dedupe key once, however often it is queued', async () => {
    const mailer = smtpMailer()
    const first = await queueMail(database.db, message('twice@example.com', 'order-submitted:42'))
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/)
    const again = await database.db.transaction((tx) =>
      queueMail(tx, { ...message('twice@example.com', 'order-submitted:42'), subject: 'Again' }),
    )
    expect(again).toBeUndefined()
    await mailer.idle()
    // Even once sent, the key still holds: a replay long after queues nothing.
    expect(await queueMail(database.db, message('twice@example.com', 'order-submitted:42'))).toBe(
      undefined,
    )
    await mailer.idle()
    expect(received).toHaveLength(1)
    expect(received[0]!.subject).toBe('Hello twice@example.com')
  })

  it('wakes a started worker when the transaction commits, from any process, without polling', async () => {
    const mailer = smtpMailer({ pollMs: 3_600_000 })
    mailer.start()
    await mailer.idle()
    const other = await database.connectAgain()
    try {
      const first = receivedCount(1)
      await database.db.transaction(async (tx) => {
        await queueMail(tx, message('woken@example.com'))
      })
      await first
      // Queued through another connection, as another API process would.
      const second = receivedCount(2)
      await queueMail(other.db, message('woken-too@example.com'))
      await second
    } finally {
      await other.close()
    }
    expect(received.map((mail) => mail.to[0])).toEqual([
      'woken@example.com',
      'woken-too@example.com',
    ])
  })
})

describe('retries', () => {
  it('waits 30 s, 1 min, 2 min … up to an hour between attempts', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempt) => retryDelayMs(attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ])
    expect(defaultRetry.maxAttempts).toBe(30)
  })

  it('tries again after the backoff when the SMTP server fails, then sends once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'))
    const { logger, lines } = capturedLogger()
    const mailer = smtpMailer({ logger, pollMs: 10_000 })
    refusals = 2
    await queueMail(database.db, message('retried@example.com'))
    mailer.start()
    await mailer.idle()
    expect(await row('retried@example.com')).toMatchObject({
      status: 'queued',
      attempts: 1,
      dueAt: new Date('2027-03-01T10:00:30Z'),
    })
    expect((await row('retried@example.com')).lastError).toContain('451')

    // Not before it is due.
    vi.setSystemTime(new Date('2027-03-01T10:00:29Z'))
    await mailer.idle()
    expect((await row('retried@example.com')).attempts).toBe(1)

    // The poll finds it due: attempt 2 fails, and attempt 3 is a minute later.
    await vi.advanceTimersByTimeAsync(10_000)
    await mailer.idle()
    expect(await row('retried@example.com')).toMatchObject({
      status: 'queued',
      attempts: 2,
      dueAt: new Date('2027-03-01T10:01:39Z'),
    })
    const sent = receivedCount(1)
    await vi.advanceTimersByTimeAsync(60_000)
    await sent
    await mailer.idle()
    expect(received).toHaveLength(1)
    expect(await row('retried@example.com')).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
    })

    // The log says which message and attempt, never whom to, the subject, the body or the answer.
    const failures = lines.filter((line) => line.msg === 'mail attempt failed; will retry')
    expect(failures).toHaveLength(2)
    expect(failures[0]).toMatchObject({ kind: 'test', attempt: 1 })
    const logged = JSON.stringify(lines)
    for (const secret of ['retried@example.com', 'SECRET', 'Hello', 'Temporary local problem']) {
      expect(logged).not.toContain(secret)
    }
  })

  it('gives up after the last attempt, logs an error, and an admin can send it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'))
    const { logger, lines } = capturedLogger()
    const retry = { firstDelayMs: 1_000, maxDelayMs: 1_500, maxAttempts: 3 }
    const mailer = smtpMailer({ logger, retry })
    refusals = 3
    await queueMail(database.db, message('unlucky@example.com'))
    const dueTimes: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      await mailer.idle()
      const current = await row('unlucky@example.com')
      dueTimes.push(current.dueAt.getTime() - Date.now())
      vi.setSystemTime(current.dueAt)
    }
    // 1 s, then 1.5 s (capped); the third failure leaves it failed, due no more.
    expect(dueTimes.slice(0, 2)).toEqual([1_000, 1_500])
    expect(await row('unlucky@example.com')).toMatchObject({ status: 'failed', attempts: 3 })
    vi.setSystemTime(Date.now() + 3_600_000)
    await mailer.idle()
    expect(received).toHaveLength(0)
    expect(lines.filter((line) => line.msg === 'mail failed; no more attempts')).toHaveLength(1)
    expect(lines.find((line) => line.level === 50)).toMatchObject({ kind: 'test', attempt: 3 })

    const failed = await row('unlucky@example.com')
    const copy = await resendMail(database.db, failed.id)
    expect(copy).toBeDefined()
    await mailer.idle()
    expect(received.map((mail) => mail.subject)).toEqual(['Hello unlucky@example.com'])
    // Sent over SMTP, its text is gone: there is nothing left to send again.
    expect(await resendMail(database.db, copy!.id)).toBeUndefined()
  })
})

describe('several workers and restarts', () => {
  it('sends each message once with two API processes’ workers on one database', async () => {
    const other = await database.connectAgain()
    try {
      const first = smtpMailer()
      const second = smtpMailer({}, other.db)
      const addresses = Array.from({ length: 12 }, (_, i) => `pilot-${i}@example.com`)
      for (const address of addresses) await queueMail(database.db, message(address))
      await Promise.all([first.idle(), second.idle(), first.idle(), second.idle()])
      expect(received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort())
      const rows = await database.db.select().from(outbox)
      expect(rows.every((mail) => mail.status === 'sent' && mail.attempts === 1)).toBe(true)
    } finally {
      await other.close()
    }
  })

  it('sends a message whose worker died mid-send once its lease ends, once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'))
    // The process that dies: its SMTP conversation never ends.
    let release: () => void = () => {}
    let claimed: () => void = () => {}
    const tookIt = new Promise<void>((resolve) => (claimed = resolve))
    const hanging: MailTransport = {
      via: 'smtp',
      send: () =>
        new Promise<void>((resolve) => {
          release = resolve
          claimed()
        }),
    }
    const { logger, lines } = capturedLogger()
    const dying = createMailer({
      db: database.db,
      logger,
      from: 'shop@example.com',
      transport: hanging,
    })
    await queueMail(database.db, message('restart@example.com'))
    const dyingRun = dying.idle()
    await tookIt
    expect(await row('restart@example.com')).toMatchObject({ status: 'sending', attempts: 1 })

    // The restarted process: the message is not taken while the lease holds…
    const restarted = smtpMailer()
    restarted.start()
    await restarted.idle()
    expect(received).toHaveLength(0)
    // …and is once it has ended.
    vi.setSystemTime(new Date(Date.now() + defaultLeaseMs + 1))
    await restarted.idle()
    expect(received.map((mail) => mail.to[0])).toEqual(['restart@example.com'])
    expect(await row('restart@example.com')).toMatchObject({ status: 'sent', attempts: 2 })

    // Should the first process come back after all, it cannot mark the message again.
    release()
    await dyingRun
    expect(lines.map((line) => line.msg)).toContain('mail sent after its lease ended')
    expect(await row('restart@example.com')).toMatchObject({ status: 'sent', attempts: 2 })
    await restarted.idle()
    expect(received).toHaveLength(1)
  })

  it('stops cleanly: the send under way finishes and is recorded, nothing more is taken', async () => {
    let release: () => void = () => {}
    let claimed: () => void = () => {}
    const tookIt = new Promise<void>((resolve) => (claimed = resolve))
    const sent: string[] = []
    const slow: MailTransport = {
      via: 'smtp',
      send: (mail) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(mail.to)
            resolve()
          }
          claimed()
        }),
    }
    const mailer = createMailer({
      db: database.db,
      logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
      from: 'shop@example.com',
      transport: slow,
    })
    await queueMail(database.db, message('first@example.com'))
    await queueMail(database.db, message('second@example.com'))
    mailer.start()
    await tookIt
    const stopped = mailer.stop()
    release()
    await stopped
    expect(sent).toHaveLength(1)
    const rows = await listOutbox(database.db, 10)
    expect(rows.map((mail) => mail.status).sort()).toEqual(['queued', 'sent'])
  })
})

describe('account mail', () => {
  it('answers before the work that finds the account and queues its mail', async () => {
    const deferred: (() => Promise<void>)[] = []
    const real = smtpMailer()
    // A mailer that holds `later` work until told: the answer must not wait for it.
    const holding: Mailer = { ...real, later: (task) => void deferred.push(task) }
    const app = createTestApp(database.db, { mailer: holding })
    const res = await app.request('/api/password/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com' }),
    })
    expect(res.status).toBe(200)
    expect(await listOutbox(database.db, 10)).toHaveLength(0)
    expect(deferred).toHaveLength(1)
    await deferred[0]!()
    await real.idle()
    expect(received.map((mail) => [mail.to[0], mail.subject])).toEqual([
      ['customer@example.com', 'Set your Glidecraft password'],
    ])
    expect(received[0]!.html).toContain('/PasswordResets/newpassword/')
  })

  it('keeps mail in the development mailbox without SMTP_URL, bodies and all', async () => {
    const mailer = createMailer({
      db: database.db,
      logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
      from: 'shop@example.com',
    })
    mailers.push(mailer)
    await queueMail(database.db, message('dev@example.com'))
    await mailer.idle()
    expect(await row('dev@example.com')).toMatchObject({
      status: 'sent',
      sentVia: 'dev-mailbox',
      text: 'Your code is SECRET-dev@example.com\n',
    })
  })
})

describe('the SMTP transport', () => {
  it('sends the reply-to address and gives each message its outbox id as Message-ID', async () => {
    const transport = smtpTransport(
      `smtp://127.0.0.1:${sink.port}`,
      'Shop <shop@glidecraft.example>',
    )
    try {
      await transport.send({
        ...message('reply@example.com'),
        id: '00000000-0000-4000-8000-000000000001',
        replyTo: 'orders@glidecraft.example',
        attempt: 1,
        claim: '00000000-0000-4000-8000-000000000002',
        leaseEnds: new Date(),
      })
    } finally {
      transport.close?.()
    }
    expect(received[0]).toMatchObject({
      replyTo: ['orders@glidecraft.example'],
      messageId: '<00000000-0000-4000-8000-000000000001@glidecraft.example>',
    })
  })
})
