import { receiveMail, type ReceivedMail } from '../../server/testing/received-mail.ts'
import { thisWorkerPorts } from './store-server.ts'

/*
 * The customer's mailbox for the end-to-end tests: a real SMTP server (smtp-server) in the test
 * process, where the store's server, started with SMTP_URL pointing here (store-server.ts),
 * delivers its mail. Tests read each message as the customer's mail server received it.
 */

/** Where the worker's store server (store-server.ts) sends its mail. */
export const smtpPort = thisWorkerPorts().smtp

export interface Mailbox {
  /** The first message to `address` (not taken before) that `matches`, once it arrives. */
  next(address: string, matches?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function openMailbox(timeoutMs = 20_000): Promise<Mailbox> {
  const received: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiting = new Set<() => void>()
  const smtp = await receiveMail(smtpPort, (mail) => {
    received.push(mail)
    for (const wake of waiting) wake()
  })
  return {
    next(address, matches = () => true) {
      const find = () =>
        received.find(
          (mail) =>
            !taken.has(mail) &&
            mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
            matches(mail),
        )
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find()
          if (!mail) return
          taken.add(mail)
          waiting.delete(check)
          clearTimeout(timer)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiting.delete(check)
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.add(check)
        check()
      })
    },
    close: smtp.close,
  }
}

/** The path of the first link in a message to the store's `prefix/…` page. */
export function linkPath(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+(${prefix}/[A-Za-z0-9_-]+)`))
  if (!match?.[1]) throw new Error(`no ${prefix} link in: ${mail.text}`)
  return match[1]
}
