import { randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import {
  newsletterLink,
  signUpPendingMessage,
  subscribedMessage,
  unsubscribedMessage,
  type NewsletterAnswer,
} from '../../contract/newsletter.ts'
import { newsletterSubscribers, newsletterTokens } from '../db/schema.ts'
import { newsletterConfirmMail } from '../mail/templates.ts'
import { sha256, type Transaction } from './idempotency.ts'
import { queueMail } from '../mail/outbox.ts'

/*
 * The newsletter's double opt-in (issue 17): a sign-up (the newsletter page, or `optIn` at submit,
 * docs/forms.md) mails a confirmation link and changes nothing else; only opening the link
 * subscribes the address. Every mail carries an unsubscribe link of its own, made for that mail
 * (`unsubscribeLink`), that works at once for a year (and voids the confirmation links still out):
 * long enough for any mail kept in an inbox to work, yet no link works for good. The answers never
 * tell whether an address was already on the list. Tokens are 32 random bytes; only their SHA-256
 * is stored.
 */

/** How long a confirmation link works. */
export const confirmLinkMs = 7 * 24 * 3600 * 1000
/** How long an unsubscribe link works: each mail to the address carries a fresh one. */
export const unsubscribeLinkMs = 365 * 24 * 3600 * 1000

function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Signs `email` up from `source`, in the caller's transaction: a confirmation mail with its
 * links, unless the address is subscribed already (then nothing: it gets the newsletter). The
 * answer is the same either way.
 */
export async function signUpForNewsletter(
  tx: Transaction,
  {
    email,
    source,
    siteUrl,
    dedupeKey,
    now = new Date(),
  }: { email: string; source: string; siteUrl: string; dedupeKey: string; now?: Date },
): Promise<NewsletterAnswer> {
  const answer: NewsletterAnswer = { state: 'pending', message: signUpPendingMessage }
  const [row] = await tx
    .insert(newsletterSubscribers)
    .values({ email, source, state: 'pending' })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { source } })
    .returning({ state: newsletterSubscribers.state })
  if (row?.state === 'subscribed') return answer
  const confirm = newToken()
  await tx.insert(newsletterTokens).values({
    tokenHash: sha256(confirm),
    email,
    purpose: 'confirm',
    expiresAt: new Date(now.getTime() + confirmLinkMs),
  })
  await queueMail(
    tx,
    newsletterConfirmMail(
      { siteUrl },
      {
        to: email,
        confirmLink: newsletterLink(siteUrl, 'confirm', confirm),
        unsubscribeLink: await unsubscribeLink(tx, { email, siteUrl, now }),
        dedupeKey,
      },
    ),
  )
  return answer
}

/**
 * A fresh unsubscribe link for `email`, working for a year (`unsubscribeLinkMs`): every mail that
 * goes to the list's addresses makes its own, in the transaction that queues it.
 */
export async function unsubscribeLink(
  tx: Transaction,
  { email, siteUrl, now = new Date() }: { email: string; siteUrl: string; now?: Date },
): Promise<string> {
  const token = newToken()
  await tx.insert(newsletterTokens).values({
    tokenHash: sha256(token),
    email,
    purpose: 'unsubscribe',
    expiresAt: new Date(now.getTime() + unsubscribeLinkMs),
  })
  return newsletterLink(siteUrl, 'unsubscribe', token)
}

/** The address a live link of `purpose` names, or undefined. */
async function addressOfLink(
  tx: Transaction,
  token: string,
  purpose: 'confirm' | 'unsubscribe',
  now: Date,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ email: newsletterTokens.email })
    .from(newsletterTokens)
    .where(
      and(
        eq(newsletterTokens.tokenHash, sha256(token)),
        eq(newsletterTokens.purpose, purpose),
        gt(newsletterTokens.expiresAt, now),
      ),
    )
  return row?.email
}

/** A confirmation link opened: the address is subscribed (again: opening it twice is fine). */
export async function confirmNewsletter(
  tx: Transaction,
  token: string,
  now = new Date(),
): Promise<NewsletterAnswer | undefined> {
  const email = await addressOfLink(tx, token, 'confirm', now)
  if (!email) return undefined
  await tx
    .update(newsletterSubscribers)
    .set({
      state: 'subscribed',
      confirmedAt: sql`coalesce(case when ${newsletterSubscribers.state} = 'subscribed' then ${newsletterSubscribers.confirmedAt} end, ${now.toISOString()}::timestamptz)`,
      unsubscribedAt: null,
    })
    .where(eq(newsletterSubscribers.email, email))
  return { state: 'subscribed', message: subscribedMessage }
}

/**
 * An unsubscribe link opened: the address is off the list at once, and the confirmation links
 * still out no longer work (an old mail cannot sign it up again). Opening it twice is fine.
 */
export async function unsubscribeNewsletter(
  tx: Transaction,
  token: string,
  now = new Date(),
): Promise<NewsletterAnswer | undefined> {
  const email = await addressOfLink(tx, token, 'unsubscribe', now)
  if (!email) return undefined
  await tx
    .update(newsletterSubscribers)
    .set({
      state: 'unsubscribed',
      unsubscribedAt: sql`coalesce(case when ${newsletterSubscribers.state} = 'unsubscribed' then ${newsletterSubscribers.unsubscribedAt} end, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(newsletterSubscribers.email, email))
  await tx
    .delete(newsletterTokens)
    .where(and(eq(newsletterTokens.email, email), eq(newsletterTokens.purpose, 'confirm')))
  return { state: 'unsubscribed', message: unsubscribedMessage }
}
