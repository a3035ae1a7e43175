import { z } from 'zod'
import { Email } from './auth.ts'
import { Honeypot } from './contact.ts'

/*
 * The newsletter's double opt-in (issue 17). Signing up (here, or ticking `optIn` at submit,
 * docs/forms.md) mails a confirmation link; only the link's holder subscribes the address. Every
 * mail carries an unsubscribe link that works at once and for good. The links go to the newsletter
 * page with the token after `#` (`/newsletter#confirm=…`, `/newsletter#unsubscribe=…`): a fragment
 * never reaches a server, a log or a cache, and the page sends it to the calls below.
 */

/** `POST /api/newsletter/sign-up`. */
export const NewsletterSignUpRequest = z.object({
  email: Email,
  website: Honeypot,
})
export type NewsletterSignUpRequest = z.input<typeof NewsletterSignUpRequest>

/** The answer of the three calls: what happened, in the reader's words. */
export const NewsletterAnswer = z.object({
  /** `pending`: a confirmation link was mailed (or would be: the answer never tells). */
  state: z.enum(['pending', 'subscribed', 'unsubscribed']),
  message: z.string(),
})
export type NewsletterAnswer = z.infer<typeof NewsletterAnswer>

/** A newsletter link's token: 32 random bytes, base64url. */
export const newsletterTokenPattern = /^[A-Za-z0-9_-]{43}$/

/** Where the links point: the newsletter page, the token in its fragment. */
export function newsletterLink(siteUrl: string, action: 'confirm' | 'unsubscribe', token: string) {
  return `${siteUrl}/newsletter#${action}=${token}`
}

/** The page's fragment read back: which link, and its token. */
export function newsletterLinkOf(
  hash: string,
): { action: 'confirm' | 'unsubscribe'; token: string } | undefined {
  const match = /^#?(confirm|unsubscribe)=([A-Za-z0-9_-]{43})$/.exec(hash)
  if (!match) return undefined
  return { action: match[1] as 'confirm' | 'unsubscribe', token: match[2]! }
}

export const signUpPendingMessage =
  'Almost there: we have sent you an e-mail. Open its link to confirm, and the newsletter is yours.'
export const subscribedMessage = 'You are subscribed. The next newsletter comes to your inbox.'
export const unsubscribedMessage = 'You are unsubscribed. No more newsletters will come from us.'
export const newsletterLinkInvalid =
  'This link is invalid or has expired. Sign up again for a new one.'
