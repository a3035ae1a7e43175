import { humanGate, recaptchaHeader } from './contact-form.ts'
import { createRoute, z } from '@hono/zod-openapi'
import { GuestLoginRequest, LoginRequest, Session } from '../../contract/auth.ts'
import { clearAuthCookies, signIn } from '../http/auth-cookie.ts'
import { clientAddress } from '../http/client-address.ts'
import { errorResponse, throttledResponse, tooManyAttempts } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { bearerToken, revokeSession } from '../services/sessions.ts'
import { findOrCreateGuest, findUserByEmail, type AccountDeps } from '../services/accounts.ts'
import { verifyPassword } from '../services/passwords.ts'
import { attempt, attemptSignIn, clearSignIn } from '../services/throttle.ts'
import { mergeCartAtSignIn } from './cart.ts'

const SessionSchema = component(Session, 'Session')
const LoginSchema = component(LoginRequest, 'LoginRequest')
const GuestLoginSchema = component(GuestLoginRequest, 'GuestLoginRequest')

export const wrongCredentials = 'These credentials do not match our records.'

/** The 429 of a throttled call, with the seconds to wait in `Retry-After`. */
const sessionResponse = {
  description:
    'Signed in: `{token, expires_at}`. The token is also set as the `authToken` cookie (path /, ' +
    'SameSite=Lax; Secure exactly when the answer carries HSTS: over HTTPS, or behind a trusted ' +
    'proxy saying `X-Forwarded-Proto: https`; not HttpOnly: the app reads it and sends it as the ' +
    'bearer token, and the API never reads the cookie)',
  content: { 'application/json': { schema: SessionSchema } },
}

export function authRoutes(deps: AccountDeps) {
  const { db } = deps
  const login = createRoute({
    method: 'post',
    path: '/login',
    tags: ['auth'],
    summary: 'Sign in with e-mail and password',
    description:
      "A session lasts 30 days with `remember`, 1 day without; an admin's or staff member's ends " +
      'after 30 minutes without a call and 12 hours after sign-in at most. Wrong password and unknown ' +
      'e-mail get the same 422, in the same time. Attempts are counted per (e-mail, client ' +
      'address) (5 per 15 minutes) and per client address (50), an IPv6 client by its /64; ' +
      'beyond, 429. Per e-mail address from every client address at once, 20 attempts per 15 ' +
      'minutes, then 429 until the window ends, for unknown addresses the same: the account ' +
      'owner can still sign in with a mailed link (`POST /api/password/login-link`), which ' +
      'this slow-down does not touch.',
    request: { body: { required: true, content: { 'application/json': { schema: LoginSchema } } } },
    responses: {
      200: sessionResponse,
      422: errorResponse('Invalid input, or the e-mail and password do not match an account'),
      429: throttledResponse,
    },
  })

  const loginGuest = createRoute({
    method: 'post',
    path: '/login-guest',
    tags: ['auth'],
    summary: 'Sign in as a guest with an e-mail address only',
    description:
      'Always opens a guest session, whether the address has an account or not. A guest ' +
      'session sees no account data (profile edits and addresses answer 403) and only what it ' +
      'made itself: the device’s cart and the orders placed from it. Orders placed elsewhere ' +
      'with the address take the mailed sign-in link. A guest sets a password through the ' +
      'reset link to get a full account. With reCAPTCHA configured, ' +
      'the page’s token goes in `X-Recaptcha-Token`. Counted per (e-mail, client address), 10 ' +
      'per 15 minutes, and per client address, 30; beyond, 429.',
    request: {
      headers: recaptchaHeader,
      body: { required: true, content: { 'application/json': { schema: GuestLoginSchema } } },
    },
    responses: {
      200: sessionResponse,
      422: errorResponse('Invalid input, or (under `recaptcha`) a refused reCAPTCHA token'),
      429: throttledResponse,
    },
  })

  const logout = createRoute({
    method: 'post',
    path: '/user/logout',
    tags: ['auth'],
    summary: 'Sign out',
    description:
      'Revokes the bearer token’s session, if any, and clears the `authToken`, `ACCESS_TOKEN` ' +
      'and `CSRF_TOKEN` cookies. Answers 200 even without a live session.',
    security: [{ bearerAuth: [] }],
    responses: {
      200: {
        description: 'Signed out',
        content: { 'application/json': { schema: z.object({ message: z.string() }) } },
      },
    },
  })

  return createRouter()
    .openapi(login, async (c) => {
      const { email, password, remember } = c.req.valid('json')
      const address = clientAddress(c)
      const wait = await attemptSignIn(db, email, address)
      if (wait > 0) return tooManyAttempts(c, wait)
      const user = await findUserByEmail(db, email)
      const ok = await verifyPassword(user?.passwordHash, password)
      if (!user || !ok) {
        return c.json({ message: wrongCredentials, errors: { email: [wrongCredentials] } }, 422)
      }
      await clearSignIn(db, email, address)
      await mergeCartAtSignIn(db, c, user.id)
      return c.json(await signIn(c, db, user.id, { remember }), 200)
    })
    .openapi(loginGuest, async (c) => {
      const { email, remember } = c.req.valid('json')
      const wait = await attempt(db, 'guest', email, clientAddress(c))
      if (wait > 0) return tooManyAttempts(c, wait)
      const robot = await humanGate(c, deps, 'login-guest')
      if (robot) return robot
      // A guest session reads neither the account's cart nor its orders: nothing merges.
      const user = await findOrCreateGuest(db, email)
      return c.json(await signIn(c, db, user.id, { remember, guest: true }), 200)
    })
    .openapi(logout, async (c) => {
      const token = bearerToken(c.req.header('authorization'))
      if (token) await revokeSession(db, token)
      clearAuthCookies(c)
      return c.json({ message: 'Signed out.' }, 200)
    })
}
