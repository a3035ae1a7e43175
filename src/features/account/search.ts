// The router runs `validateSearch` before any page code loads, so this module loads with the
// app: it holds the sign-in screen's search params alone, nothing of the forms.

/** `/login`'s search params: which form shows, and where to go once signed in. */
export interface LoginSearch {
  /** `register`: the create-an-account form (it has no route of its own). */
  mode?: 'register'
  redirect?: string
  /** A dealer's invitation code (its link): the account registered becomes its customer. */
  dealer?: string
}

/**
 * A path on this site to go to after signing in, or undefined: anything that could lead off the
 * site (`//host`, `/\host`, a full URL, control characters) is dropped.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}

export function parseLoginSearch(raw: Record<string, unknown>): LoginSearch {
  const search: LoginSearch = {}
  if (raw.mode === 'register') search.mode = 'register'
  const redirect = safeRedirect(raw.redirect)
  if (redirect) search.redirect = redirect
  // The shape alone (contract/auth.ts invitationCodePattern): the server says whether it is real.
  if (typeof raw.dealer === 'string' && /^[A-Za-z0-9_-]{16}$/.test(raw.dealer))
    search.dealer = raw.dealer
  return search
}
