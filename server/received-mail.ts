/*
 * A message as the customer's mail server receives it over SMTP, read from its raw text: the
 * server's mail tests (server/test-mail.ts) and the end-to-end mailbox (tests/e2e/mailbox.ts).
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
