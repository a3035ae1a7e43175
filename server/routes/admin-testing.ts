import { randomBytes, randomUUID } from 'node:crypto'
import type { Role } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { users } from '../db/schema.ts'
import { startSession } from '../services/sessions.ts'
import type { createTestApp } from '../testing/test-helpers.ts'

/* What the back office's tests share: accounts of each role with a session, and their calls. */

/** An account of `role` (proven address, no password) and a session of it: its bearer token. */
export async function accountWithRole(
  db: Database,
  role: Role,
  { guestSession = false, name = null }: { guestSession?: boolean; name?: string | null } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${role}-${randomUUID()}@example.com`,
      name,
      role,
      emailVerifiedAt: new Date(),
    })
    .returning()
  if (!user) throw new Error('no user made')
  const { token } = await startSession(db, user.id, { ttlSeconds: 3600, guest: guestSession })
  return { id: user.id, email: user.email, role, bearer: token }
}

/**
 * `send(method, path, bearer, body)`: a back-office call to the test app `app()` (`/api` +
 * path), from a client address of its own.
 */
export function adminCaller(app: () => ReturnType<typeof createTestApp>) {
  return (method: 'GET' | 'POST', path: string, bearer?: string, body?: unknown) => {
    const headers: Record<string, string> = {}
    if (bearer) headers.authorization = `Bearer ${bearer}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    return app().request(
      `/api${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: `admin-${randomBytes(4).toString('hex')}` } } },
    )
  }
}
