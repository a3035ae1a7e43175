import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/*
 * A message as the customer's mail server receives it over SMTP, read from its raw MIME text
 * (postal-mime), and a real SMTP server that receives them: for the server's mail tests
 * (server/testing/test-mail.ts) and the end-to-end mailbox (tests/e2e/mailbox.ts).
 */

export interface ReceivedMail {
  to: string[]
  subject: string
  /** The plain-text part. */
  text: string
  /** The HTML part ('' when there is none). */
  html: string
  messageId: string
  replyTo: string[]
}

export async function parseReceivedMail(raw: Buffer, to: string[]): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw)
  return {
    to,
    subject: email.subject ?? '',
    text: (email.text ?? '').replace(/\r\n/g, '\n'),
    html: email.html ?? '',
    messageId: email.messageId ?? '',
    replyTo: (email.replyTo ?? []).flatMap((address) =>
      'address' in address ? [address.address ?? ''] : [],
    ),
  }
}

export interface MailReceiver {
  port: number
  close(): Promise<void>
}

export interface ReceiveOptions {
  /**
   * Asked before a message is taken: an answer refuses it with that SMTP reply (a 4xx is a
   * temporary failure the sender retries), as a busy or failing mail server would.
   */
  refuse?: () => { code: number; message: string } | undefined
}

/**
 * A real SMTP server on 127.0.0.1 (`port` 0: a free one) that hands each message it receives to
 * `onMail`, as the customer's mail server would get it, before it answers the sender.
 */
export async function receiveMail(
  port: number,
  onMail: (mail: ReceivedMail) => void,
  options: ReceiveOptions = {},
): Promise<MailReceiver> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const refusal = options.refuse?.()
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
          return
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        parseReceivedMail(Buffer.concat(chunks), to).then(
          (mail) => {
            onMail(mail)
            callback()
          },
          (error: Error) => callback(error),
        )
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
