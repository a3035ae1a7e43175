import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { Database } from './db/index.ts'
import { createLogger } from './log.ts'
import { parseReceivedMail, type ReceivedMail } from './received-mail.ts'
import { createMailer, type Mailer } from './services/mail.ts'

/**
 * A real SMTP server in the test process, and a mailer that sends to it over SMTP: tests read
 * each message as the customer's mail server received it.
 */
export async function startTestSmtp(db: Database) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        received.push(parseReceivedMail(Buffer.concat(chunks).toString('latin1'), to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const mailer: Mailer = createMailer({
    db,
    logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    smtpUrl: `smtp://127.0.0.1:${port}`,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The token at the end of the first link in a message to `path/…`. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}/([A-Za-z0-9_-]+)`))
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`)
  return match[1]
}
