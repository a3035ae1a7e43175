/*
 * Kept apart from contact.ts (and its zod schemas): the app's root route reads it on every
 * navigation (src/lib/recaptcha-page-load.ts), so it must weigh nothing on a first view.
 */

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
