import type { Context, MiddlewareHandler } from 'hono'
import type { Database } from '../db/index.ts'
import { requireRole, requireUser, type AuthEnv } from '../middleware/auth.ts'
import { sessionRef, type Actor } from '../services/admin/audit.ts'

/*
 * Who may call the back office (docs/back-office.md): an account session of an admin or a staff
 * member; `adminOnly` calls (refunds, dealer rates, discount codes) an admin's alone. Checked on
 * the server for every call, before its input is read: no session is a 401, a guest session or
 * any other role (customer, dealer) a 403.
 */

/** The middleware of a back-office route, in the order they run. */
export function requireBackOffice(
  db: Database,
  { adminOnly = false } = {},
): [MiddlewareHandler<AuthEnv>, MiddlewareHandler<AuthEnv>] {
  return [
    requireUser(db, { account: true }),
    adminOnly ? requireRole('admin') : requireRole('admin', 'staff'),
  ]
}

/** The caller, as the audit log names it (after requireBackOffice). */
export function actorOf(c: Context<AuthEnv>): Actor {
  const user = c.get('user')
  return { id: user.id, role: user.role, sessionRef: sessionRef(c.get('token')) }
}

/** The OpenAPI words for who may make a call. */
export const backOfficeAccess = {
  all: 'Admins and staff (an account session; a guest session on such an account is refused).',
  adminOnly: 'Admins only: staff are refused with 403.',
} as const
