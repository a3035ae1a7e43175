import { desc } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Database } from '../db/index.ts'
import { outbox } from '../db/schema.ts'
import { loggableError, type Logger } from '../log.ts'

export interface Message {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /**
   * Hands a message over for delivery and returns at once: the caller's answer must not take
   * longer when a message is sent (that would tell whether an account exists). Failures are
   * logged, without the message.
   */
  send(message: Message): void
  /**
   * Runs work whose duration depends on whether an account exists (finding it, making a link,
   * mailing it) after the answer has gone, so the answer cannot tell. Failures are logged.
   */
  later(task: () => Promise<void>): void
  /** Resolves when every message handed over so far has been delivered or has failed. */
  idle(): Promise<void>
}

export interface MailerOptions {
  db: Database
  logger: Logger
  /** `smtp://user:pass@host:port` or `smtps://…`; without it mail goes to the outbox table. */
  smtpUrl?: string | undefined
  from: string
}

/**
 * The one way the store sends mail: over SMTP (nodemailer) when SMTP_URL is set, else into the
 * `outbox` table, where development can read it.
 */
export function createMailer({ db, logger, smtpUrl, from }: MailerOptions): Mailer {
  const transport = smtpUrl ? createTransport(smtpUrl) : undefined
  const pending = new Set<Promise<void>>()

  const deliver = async (message: Message) => {
    if (transport) await transport.sendMail({ from, ...message })
    else await db.insert(outbox).values(message)
  }

  const track = (task: () => Promise<void>, failure: string) => {
    const running = Promise.resolve()
      .then(task)
      .catch((error: unknown) => logger.error({ error: loggableError(error) }, failure))
      .finally(() => pending.delete(running))
    pending.add(running)
  }

  return {
    send: (message) => track(() => deliver(message), 'mail failed'),
    later: (task) => track(task, 'mail task failed'),
    async idle() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}

/** A message kept in the outbox, with when it was kept. */
export interface KeptMessage extends Message {
  id: string
  createdAt: Date
}

/** The newest `limit` messages of the outbox, newest first (the /dev/mail page, `npm run admin`). */
export async function listOutbox(db: Database, limit: number): Promise<KeptMessage[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit)
}
