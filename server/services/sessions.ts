import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { sessions, users } from '../db/schema.ts'
import { toUser } from './users.ts'

/** Only this digest is stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Starts a session and returns its bearer token (32 random bytes, base64url). The raw token
 * exists only in this return value and in the client's `authToken` cookie.
 */
export async function createSession(
  db: Database,
  userId: string,
  ttlSeconds: number,
): Promise<string> {
  if (!(ttlSeconds > 0)) throw new RangeError('ttlSeconds must be positive')
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  })
  return token
}

/** The user a bearer token belongs to, if its session exists and has not expired. */
export async function findSessionUser(db: Database, token: string): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
  return row ? toUser(row.user) : undefined
}
