import { randomUUID } from 'node:crypto'
import { createTransport } from 'nodemailer'
import { onMailQueued, type Database } from '../db/index.ts'
import type { MailDelivery } from '../db/schema.ts'
import { loggableError, type Logger } from '../log.ts'
import { claimDueMail, markMailAttemptFailed, markMailSent, type ClaimedMail } from './outbox.ts'

/*
 * The store's mail goes out through the outbox (outbox.ts): callers queue a message in their
 * own transaction, and the worker here delivers it: over SMTP when SMTP_URL is set, else into the
 * development mailbox (the outbox table itself, read by /dev/mail and `npm run admin -- outbox`).
 * A failed attempt is tried again after a backoff that doubles up to a cap; a message is sent at
 * least once and, short of a process dying between the SMTP server's answer and the update that
 * records it, exactly once.
 */

/** How a claimed message leaves the store. */
export interface MailTransport {
  readonly via: MailDelivery
  /** Resolves once the message is handed over; rejects with the reason it was not. */
  send(mail: ClaimedMail): Promise<void>
  close?(): void
}

/** The SMTP server's answer times: well inside the lease, so a slow server never outlives it. */
const smtpTimeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }

/** The domain part of a sender such as `Glidecraft <shop@example.com>`, for Message-IDs. */
function senderDomain(from: string): string {
  return from.match(/@([^\s>]+)/)?.[1] ?? 'localhost'
}

/**
 * SMTP through nodemailer, one connection per message (a pooled connection outlives a restarted
 * relay and fails the next message; mail is not sent at a rate where reuse pays). Each message's
 * Message-ID is its outbox id: were it ever sent twice (a process dying at the wrong moment),
 * the copies are one message to the recipient's mail system.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    ...smtpTimeouts,
  })
  const domain = senderDomain(from)
  return {
    via: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@${domain}>`,
      })
    },
    close: () => transporter.close(),
  }
}

/** Without SMTP_URL: a message is delivered by being kept in the outbox table as it is. */
export const devMailbox: MailTransport = { via: 'dev-mailbox', send: async () => {} }

/** When each attempt after a failed one is made, and when the store stops trying. */
export interface RetryPolicy {
  /** The wait after the first failed attempt; each further failure doubles it. */
  firstDelayMs: number
  /** The longest wait between two attempts. */
  maxDelayMs: number
  /** After this many failed attempts the message is `failed` and an error is logged. */
  maxAttempts: number
}

/**
 * 30 s, 1 min, 2 min … capped at an hour: 30 attempts span about a day, which outlasts an SMTP
 * provider's outage or a day's sending quota.
 */
export const defaultRetry: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 30,
}

/** The wait after failed attempt number `attempt` (from 1). */
export function retryDelayMs(attempt: number, policy: RetryPolicy = defaultRetry): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.min(attempt - 1, 30), policy.maxDelayMs)
}

/** What an SMTP failure may say in the outbox row (never in a log): its code and answer. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500)
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  const parts = [code, responseCode, error.message].filter((part) => part !== undefined)
  return parts.join(' ').slice(0, 500)
}

export interface Mailer {
  /**
   * Runs work whose duration depends on whether an account exists (finding it, making a link,
   * queuing its mail) after the answer has gone, so the answer cannot tell. Failures are logged.
   */
  later(task: () => Promise<void>): void
  /**
   * Resolves when every `later` task has finished and no message is due now: each one due was
   * delivered, or its failed attempt recorded and its next one scheduled.
   */
  idle(): Promise<void>
  /**
   * Follows the outbox: delivers what is due at once (mail left by a stopped or crashed process
   * too), whenever mail is queued (the commit's notification, from any process), and every
   * `pollMs` (retries falling due, a notification missed).
   */
  start(): void
  /** Stops following and waits for the delivery under way; the transport is closed. */
  stop(): Promise<void>
}

export interface MailerOptions {
  db: Database
  logger: Logger
  /** `smtp://user:pass@host:port` or `smtps://…`; without it mail goes to the dev mailbox. */
  smtpUrl?: string | undefined
  from: string
  /** Overrides the transport SMTP_URL chooses (tests). */
  transport?: MailTransport
  retry?: RetryPolicy
  /** How long a claimed message is this worker's before another may take it. */
  leaseMs?: number
  /** How often the outbox is looked at besides the notifications. */
  pollMs?: number
  now?: () => Date
}

export const defaultLeaseMs = 5 * 60_000
export const defaultPollMs = 30_000

/** The one way the store sends mail: the outbox and its delivery worker. */
export function createMailer({
  db,
  logger,
  smtpUrl,
  from,
  transport = smtpUrl ? smtpTransport(smtpUrl, from) : devMailbox,
  retry = defaultRetry,
  leaseMs = defaultLeaseMs,
  pollMs = defaultPollMs,
  now = () => new Date(),
}: MailerOptions): Mailer {
  const laterTasks = new Set<Promise<void>>()
  let draining: Promise<void> | undefined
  let again = false
  let following: { timer: NodeJS.Timeout; unsubscribe: (() => void) | undefined } | undefined
  let stopped = false

  /** Claims and delivers one due message; false when none is due. */
  const deliverOne = async (): Promise<boolean> => {
    const mail = await claimDueMail(db, { claim: randomUUID(), now: now(), leaseMs })
    if (!mail) return false
    const about = { mail: mail.id, kind: mail.kind, attempt: mail.attempt }
    try {
      await transport.send(mail)
    } catch (error) {
      const last = mail.attempt >= retry.maxAttempts
      const retryAt = last
        ? undefined
        : new Date(now().getTime() + retryDelayMs(mail.attempt, retry))
      await markMailAttemptFailed(db, mail, { error: describeFailure(error), retryAt })
      // The id, kind and error class and code: never the address, the bodies or the answer text.
      const failure = { ...about, error: loggableError(error), retryAt }
      if (last) logger.error(failure, 'mail failed; no more attempts')
      else logger.warn(failure, 'mail attempt failed; will retry')
      return true
    }
    if (!(await markMailSent(db, mail, { via: transport.via, now: now() }))) {
      logger.warn(about, 'mail sent after its lease ended')
    }
    return true
  }

  /** One pass over what is due; a call during a pass makes that pass look once more. */
  const drain = (): Promise<void> => {
    if (draining) {
      again = true
      return draining
    }
    draining = (async () => {
      do {
        again = false
        try {
          while (!stopped && (await deliverOne()));
        } catch (error) {
          logger.error({ error: loggableError(error) }, 'mail delivery failed')
          return
        }
      } while (again && !stopped)
    })().finally(() => {
      draining = undefined
    })
    return draining
  }

  const wake = () => void drain()

  return {
    later(task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) =>
          logger.error({ error: loggableError(error) }, 'mail task failed'),
        )
        .finally(() => {
          laterTasks.delete(running)
          if (following) wake()
        })
      laterTasks.add(running)
    },
    async idle() {
      do {
        while (laterTasks.size > 0) await Promise.all(laterTasks)
        await drain()
      } while (laterTasks.size > 0)
    },
    start() {
      if (following || stopped) return
      following = {
        timer: setInterval(wake, pollMs),
        unsubscribe: onMailQueued(db, wake),
      }
      following.timer.unref?.()
      wake()
    },
    async stop() {
      stopped = true
      if (following) {
        clearInterval(following.timer)
        following.unsubscribe?.()
        following = undefined
      }
      await Promise.all(laterTasks)
      await draining
      transport.close?.()
    },
  }
}
