/** The login token cookie of docs/accounts-and-guests.md. */
export const AUTH_COOKIE = 'authToken'

/** Cookies the helpers clear on logout (docs/accounts-and-guests.md). */
const clearedOnLogout = [AUTH_COOKIE, 'ACCESS_TOKEN', 'CSRF_TOKEN']

/** A value that is not valid percent-encoding (`%E0%A4%A`) counts as no value at all. */
function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

export function readCookie(
  name: string,
  // No document when pages are prerendered: no cookies there.
  source: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const pair of source.split(';')) {
    const eq = pair.indexOf('=')
    if (eq === -1) continue
    if (pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim()
      return value ? decodeCookieValue(value) : null
    }
  }
  return null
}

export function clearAuthCookies(): void {
  for (const name of clearedOnLogout) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`
  }
}
