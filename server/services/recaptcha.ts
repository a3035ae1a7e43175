/*
 * Invisible reCAPTCHA behind a small interface (issue 17). The forms anyone may send (contact,
 * contact a coach, registration, guest sign-in) carry the page's token in a header
 * (contract/recaptcha-pages.ts RECAPTCHA_TOKEN_HEADER), so their bodies stay as the API reference
 * writes them.
 *
 * - With a secret (RECAPTCHA_SECRET_KEY), a token is verified with Google's siteverify: a token
 *   Google refuses is a 422 under `recaptcha`.
 * - Without a token (a form queued offline, whose token would be stale by the time it is sent;
 *   a page whose script did not load), the form is taken under the rate limits and the honeypot
 *   alone: with a secret set such forms also count against a tighter per-address limit
 *   (throttle.ts `unverified`), so leaving the token out buys a robot nothing.
 * - Google unreachable: the form is taken (under the rate limits) rather than a visitor's
 *   message lost; a warning is logged.
 * - Without a secret: no verification; rate limits and the honeypot.
 */

/** What the verifier says of one token. */
export type RecaptchaVerdict =
  | { human: true }
  | { human: false; codes: string[] }
  /** Google could not be asked (network, time-out, a non-JSON answer). */
  | { unavailable: true }

export interface RecaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<RecaptchaVerdict>
}

export const siteverifyUrl = 'https://www.google.com/recaptcha/api/siteverify'

/** Google's verifier: POST siteverify with the secret, the token and the client's address. */
export function googleRecaptcha(
  secret: string,
  { fetch: fetcher = fetch, timeoutMs = 5000 }: { fetch?: typeof fetch; timeoutMs?: number } = {},
): RecaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      try {
        const response = await fetcher(siteverifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) return { unavailable: true }
        const answer = (await response.json()) as {
          success?: unknown
          'error-codes'?: unknown
        }
        if (answer.success === true) return { human: true }
        const codes = Array.isArray(answer['error-codes'])
          ? answer['error-codes'].filter((code): code is string => typeof code === 'string')
          : []
        // Our own secret refused: Google said nothing about the visitor.
        if (codes.some((code) => code.includes('secret'))) return { unavailable: true }
        return { human: false, codes }
      } catch {
        return { unavailable: true }
      }
    },
  }
}

/** Tokens the test verifier takes as a person's; any other token is a robot's. */
export const testHumanToken = 'test-human-token'
/** A token the test verifier cannot check, as if Google were unreachable. */
export const testUnavailableToken = 'test-unavailable-token'

/** A verifier for tests: no network; it answers by the token alone. */
export function testRecaptcha(): RecaptchaVerifier & { seen: string[] } {
  const seen: string[] = []
  return {
    seen,
    async verify(token) {
      seen.push(token)
      if (token === testHumanToken) return { human: true }
      if (token === testUnavailableToken) return { unavailable: true }
      return { human: false, codes: ['invalid-input-response'] }
    },
  }
}

/** What a form's sender gets: through, refused, or through without a check (counted tighter). */
export type HumanCheck = 'verified' | 'unverified' | 'refused'

/**
 * The check of one form: `verified` (a token Google took), `refused` (a token it refused),
 * `unverified` (no verifier, no token, or Google unreachable).
 */
export async function checkHuman(
  verifier: RecaptchaVerifier | undefined,
  token: string | undefined,
  remoteIp: string,
  onUnavailable?: () => void,
): Promise<HumanCheck> {
  if (!verifier || !token) return 'unverified'
  // A token is at most a few thousand characters; anything else is not one.
  if (token.length > 4096) return 'refused'
  const verdict = await verifier.verify(token, remoteIp)
  if ('unavailable' in verdict) {
    onUnavailable?.()
    return 'unverified'
  }
  return verdict.human ? 'verified' : 'refused'
}
