import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { Database } from '../db/index.ts'
import { sessionTtlSeconds, startSession, type NewSession } from '../services/sessions.ts'
import { viaHttps } from './security-headers.ts'

/**
 * The `authToken` cookie (docs/accounts-and-guests.md). The app reads it and sends it as a bearer
 * token, so it cannot be HttpOnly; the API itself never reads it (no request is authorised by a
 * cookie, so a cross-site request carries no authority). It is Secure exactly when the answer
 * carries HSTS (`viaHttps`): behind a TLS-terminating proxy the request reaches us over plain HTTP,
 * and only the proxy's `X-Forwarded-Proto` says the customer's browser used HTTPS.
 */
export function setAuthCookie(c: Context, session: NewSession) {
  setCookie(c, 'authToken', session.token, {
    path: '/',
    sameSite: 'Lax',
    secure: viaHttps(c.req.header('x-forwarded-proto'), c.req.url),
    expires: session.expiresAt,
  })
}

/**
 * Logout clears the token cookie and the two others the app's helpers clear
 * (docs/accounts-and-guests.md).
 */
export function clearAuthCookies(c: Context) {
  for (const name of ['authToken', 'ACCESS_TOKEN', 'CSRF_TOKEN'])
    deleteCookie(c, name, { path: '/' })
}

/** Opens a session, sets the `authToken` cookie and answers with the token. */
export async function signIn(
  c: Context,
  db: Database,
  userId: string,
  options: { remember: boolean; guest?: boolean },
) {
  const session = await startSession(db, userId, {
    ttlSeconds: options.remember ? sessionTtlSeconds.remember : sessionTtlSeconds.default,
    guest: options.guest ?? false,
  })
  setAuthCookie(c, session)
  return { token: session.token, expires_at: session.expiresAt.toISOString() }
}
