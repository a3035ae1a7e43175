import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/*
 * A message as the customer's mail server receives it over SMTP, read from its raw text, and a
 * real SMTP server that receives them: for the server's mail tests (server/test-mail.ts) and the
 * end-to-end mailbox (tests/e2e/mailbox.ts).
 */

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

/** Quoted-printable as nodemailer writes long lines: soft breaks and `=XX` escapes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

export function parseReceivedMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4).replace(/\r\n$/, '')
  const header = (name: string) =>
    headers.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? ''
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding'))
    ? decodeQuotedPrintable(body)
    : body
  return { to, subject: header('Subject'), text: text.replace(/\r\n/g, '\n') }
}

export interface MailReceiver {
  port: number
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 (`port` 0: a free one) that hands each message it receives to
 * `onMail`, as the customer's mail server would get it.
 */
export async function receiveMail(
  port: number,
  onMail: (mail: ReceivedMail) => void,
): Promise<MailReceiver> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        onMail(parseReceivedMail(Buffer.concat(chunks).toString('latin1'), to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
