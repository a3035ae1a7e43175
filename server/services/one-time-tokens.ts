import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../db/index.ts'
import { oneTimeTokens, type OneTimeTokenPurpose } from '../db/schema.ts'
import { hashToken, newToken } from './sessions.ts'

/** How long each kind of link works: never more than an hour. */
export const oneTimeTokenTtlSeconds = {
  'password-reset': 60 * 60,
  'login-link': 15 * 60,
  'admin-login': 15 * 60,
  'confirm-email': 60 * 60,
} as const satisfies Record<OneTimeTokenPurpose, number>

/** A new single-use token for `userId`; only its hash is stored. */
export async function issueOneTimeToken(
  db: Database,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(Date.now() + oneTimeTokenTtlSeconds[purpose] * 1000)
  await db.insert(oneTimeTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt })
  return { token, expiresAt }
}

/**
 * Uses a token up: marks it used in the same statement that finds it, so of two requests with one
 * token only one gets its user. Undefined when it is unknown, used, expired or of another purpose.
 */
export async function consumeOneTimeToken(
  db: Database,
  token: string,
  purposes: readonly OneTimeTokenPurpose[],
): Promise<{ userId: string; purpose: OneTimeTokenPurpose } | undefined> {
  const now = new Date()
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose })
  return row
}

/**
 * Whether `token` is live (known, unused, unexpired, of one of `purposes`), without using it up:
 * the reset call asks this before it pays for a password hash, then consumes the token.
 */
export async function isLiveOneTimeToken(
  db: Database,
  token: string,
  purposes: readonly OneTimeTokenPurpose[],
): Promise<boolean> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
  return row !== undefined
}

/**
 * Retires every unused link of an account, reset and sign-in links alike (admin ones too): a new
 * password or "sign out everywhere" must leave no way in that was handed out before.
 */
export async function voidOneTimeTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)))
}
