/*
 * Kept apart from contact.ts (and its zod schemas): the app's root route reads it on every
 * navigation (src/lib/recaptcha-page-load.ts), and the sign-in calls send the header, so it must
 * weigh nothing on a first view (zod alone would double the sign-in page's JavaScript).
 */

/**
 * The reCAPTCHA token (when the site uses one) travels in this header, so the forms' bodies stay
 * as the API reference writes them.
 */
export const RECAPTCHA_TOKEN_HEADER = 'X-Recaptcha-Token'

/**
 * The pages whose forms use the invisible reCAPTCHA, and whose Content-Security-Policy opens
 * Google's origins for it (server/http/security-headers.ts): the contact page, a coach's page,
 * sign-in with registration and guest sign-in (`/login`), and the checkout, whose first step is
 * the same sign-in. Matched in any letter case.
 */
export function isRecaptchaPagePath(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean)
  const [first] = segments
  if (first === 'contact' || first === 'login' || first === 'checkout') return segments.length <= 2
  return first === 'coaches' && segments.length === 2
}

/**
 * The site key reaches the page at run time, not at build: the server puts it in every HTML page
 * it sends as `<meta name="recaptcha-site-key" content="…">` (server/site/page-settings.ts), and
 * the app reads it there (src/lib/config.ts). One build serves with a key or without one.
 */
export const RECAPTCHA_SITE_KEY_META = 'recaptcha-site-key'
