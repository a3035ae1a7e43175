import { createMiddleware } from 'hono/factory'
import type { User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { messages } from '../http/errors.ts'
import { findSessionUser } from '../services/sessions.ts'

export type AuthEnv = { Variables: { user: User } }

/** Long enough for any token this server issues, short enough to refuse junk before hashing. */
const maxTokenLength = 512

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  const token = match?.[1]
  return token && token.length <= maxTokenLength ? token : undefined
}

/**
 * Lets a request through only with `Authorization: Bearer <token>` of a live session (SPEC §6),
 * and puts its user on the context as `c.get('user')`. Anything else is a 401.
 */
export function requireUser(db: Database) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const user = token ? await findSessionUser(db, token) : undefined
    if (!user) {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json({ message: messages.unauthenticated }, 401)
    }
    c.set('user', user)
    await next()
  })
}
