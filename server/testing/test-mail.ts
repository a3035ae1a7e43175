import type { Database } from '../db/index.ts'
import { createLogger } from '../log.ts'
import { receiveMail, type ReceivedMail } from './received-mail.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'

/**
 * A real SMTP server in the test process, and a mailer that sends to it over SMTP: tests read
 * each message as the customer's mail server received it.
 */
export async function startTestSmtp(db: Database) {
  const received: ReceivedMail[] = []
  const smtp = await receiveMail(0, (mail) => received.push(mail))
  const mailer: Mailer = createMailer({
    db,
    logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    from: 'Glidecraft <shop@example.com>',
  })
  return {
    mailer,
    received,
    /** Every message sent so far, once the mailer has handed all of them over. */
    async delivered(): Promise<ReceivedMail[]> {
      await mailer.idle()
      return received
    },
    close: smtp.close,
  }
}

/** A mailer with no SMTP server: it keeps what it sends in the outbox table. */
export function outboxMailer(db: Database): Mailer {
  return createMailer({
    db,
    logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    from: 'shop@example.com',
  })
}

/** The token at the end of the first link in a message to `path/…`. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}/([A-Za-z0-9_-]+)`))
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`)
  return match[1]
}
