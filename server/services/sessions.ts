import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { backOfficeRoles } from '../../contract/admin.ts'
import type { Role, User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { sessions, users } from '../db/schema.ts'
import { toUser } from './users.ts'

/** Session lifetimes: 30 days when the customer asks to be remembered, 1 day otherwise. */
export const sessionTtlSeconds = { remember: 30 * 24 * 3600, default: 24 * 3600 } as const

/**
 * An admin's or a staff member's session is short (docs/back-office.md), whatever it was opened
 * with ("Keep me signed in" included): it ends after `idleSeconds` without a call, and
 * `maxSeconds` after sign-in at the latest. Its `expires_at` is where the idle limit ends it,
 * moved on by every call (never past the hard limit); findSession enforces both for every call.
 */
export const backOfficeSessionLimits = { idleSeconds: 30 * 60, maxSeconds: 12 * 3600 } as const

/** Whether an account of `role` gets the back office's short sessions. */
export function hasShortSessions(role: Role): boolean {
  return (backOfficeRoles as readonly Role[]).includes(role)
}

/** Only this digest is stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** 256 random bits, base64url: for sessions and one-time links alike. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Long enough for any token this server issues, short enough to refuse junk before hashing. */
const maxTokenLength = 512

/** The token of `Authorization: Bearer <token>`, if the header holds one of a sane length. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  const token = match?.[1]
  return token && token.length <= maxTokenLength ? token : undefined
}

export interface NewSession {
  token: string
  /**
   * The latest the session can last, which the `authToken` cookie's expiry follows. A back-office
   * session ends sooner when it goes unused (backOfficeSessionLimits).
   */
  expiresAt: Date
}

/**
 * Starts a session and returns its bearer token. The raw token exists only in this return value
 * and in the client's `authToken` cookie. An admin's or a staff member's session is cut to the
 * back office's limits (backOfficeSessionLimits).
 */
export async function startSession(
  db: Database,
  userId: string,
  options: { ttlSeconds: number; guest?: boolean },
): Promise<NewSession> {
  if (!(options.ttlSeconds > 0)) throw new RangeError('ttlSeconds must be positive')
  const token = newToken()
  // From this process's clock, created_at included, so both limits count from one clock.
  const now = Date.now()
  let expiresAt = new Date(now + options.ttlSeconds * 1000)
  let lastsUntil = expiresAt
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  if (user && hasShortSessions(user.role)) {
    const { idleSeconds, maxSeconds } = backOfficeSessionLimits
    lastsUntil = new Date(Math.min(expiresAt.getTime(), now + maxSeconds * 1000))
    expiresAt = new Date(Math.min(lastsUntil.getTime(), now + idleSeconds * 1000))
  }
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(now),
    expiresAt,
    guest: options.guest ?? false,
  })
  return { token, expiresAt: lastsUntil }
}

/** A session of `ttlSeconds` as a bare token (tests and the admin tools). */
export async function createSession(
  db: Database,
  userId: string,
  ttlSeconds: number,
): Promise<string> {
  return (await startSession(db, userId, { ttlSeconds })).token
}

export interface SessionUser {
  user: User
  /** Opened by guest login: the account's own data stays out of its reach. */
  guest: boolean
  createdAt: Date
}

/**
 * The session query, built once per database and prepared under its name: every signed-in
 * call asks it, and building drizzle's SQL for it cost more than running it. On PostgreSQL each
 * pooled connection parses and plans it once.
 */
const sessionQueries = new WeakMap<Database, ReturnType<typeof sessionQuery>>()
function sessionQuery(db: Database) {
  return db
    .select({ user: users, guest: sessions.guest, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_session')
}

/**
 * The user a bearer token belongs to, if its session exists and has not expired. An admin's or a
 * staff member's session also ends `maxSeconds` after sign-in, and each call moves its idle end
 * on (backOfficeSessionLimits); a session opened before its account got such a role is cut to
 * them at its first call after.
 */
export async function findSession(db: Database, token: string): Promise<SessionUser | undefined> {
  let query = sessionQueries.get(db)
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)))
  const now = new Date()
  const tokenHash = hashToken(token)
  const [row] = await query.execute({ tokenHash, now })
  if (!row) return undefined
  if (hasShortSessions(row.user.role)) {
    const { idleSeconds, maxSeconds } = backOfficeSessionLimits
    const endsAt = row.createdAt.getTime() + maxSeconds * 1000
    if (endsAt <= now.getTime()) return undefined
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Math.min(endsAt, now.getTime() + idleSeconds * 1000)) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  return { user: toUser(row.user), guest: row.guest, createdAt: row.createdAt }
}

/** The user a bearer token belongs to, if its session exists and has not expired. */
export async function findSessionUser(db: Database, token: string): Promise<User | undefined> {
  return (await findSession(db, token))?.user
}

/** Ends one session (logout): its token stops working at once. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

/** Ends every session of a user (a new password, or an admin's decision). */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash })
  return removed.length
}
