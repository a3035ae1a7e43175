import { createMiddleware } from 'hono/factory'
import type { Role, User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { messages } from '../http/errors.ts'
import { bearerToken, findSession, type SessionUser } from '../services/sessions.ts'

export type AuthEnv = { Variables: { user: User; session: SessionUser; token: string } }

/**
 * Lets a request through only with `Authorization: Bearer <token>` of a live session
 * (docs/accounts-and-guests.md), and puts its user on the context as `c.get('user')`. Anything else
 * is a 401. With `account`, a guest session (guest login: e-mail only) is refused with 403: it may
 * not see the account's own data.
 */
export function requireUser(db: Database, options: { account?: boolean } = {}) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const session = token ? await findSession(db, token) : undefined
    if (!token || !session) {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json({ message: messages.unauthenticated }, 401)
    }
    if (options.account && session.guest) return c.json({ message: messages.forbidden }, 403)
    c.set('user', session.user)
    c.set('session', session)
    c.set('token', token)
    await next()
  })
}

/**
 * Lets through only an account session whose role is one of `roles` (after requireUser); anyone
 * else, a guest session on such an account included, gets 403. The one role check of the API.
 */
export function requireRole(...roles: [Role, ...Role[]]) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    if (!roles.includes(c.get('user').role) || c.get('session').guest) {
      return c.json({ message: messages.forbidden }, 403)
    }
    await next()
  })
}
