import { createHash } from 'node:crypto'
import { eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/index.ts'
import { throttles } from '../db/schema.ts'

export interface Limit {
  attempts: number
  windowSeconds: number
}

/**
 * The limits of the calls that take an e-mail address from anyone. Each call is counted twice:
 * per (e-mail, client address) pair, tightly, and per client address, loosely. A guesser at one
 * address soon stops; one spread over many addresses gets few guesses each. An attacker can
 * never lock out the real customer: no limit counts attempts on an account from every address
 * at once, so attempts from elsewhere leave the customer's own (e-mail, address) pair untouched.
 */
export const limits = {
  login: {
    pair: { attempts: 5, windowSeconds: 15 * 60 },
    address: { attempts: 50, windowSeconds: 15 * 60 },
  },
  /**
   * Discount codes (add-discount): counted per (cart owner, client address), the owner in place
   * of an e-mail address, and per client address, so codes cannot be guessed by the thousand.
   */
  discount: {
    pair: { attempts: 10, windowSeconds: 15 * 60 },
    address: { attempts: 30, windowSeconds: 15 * 60 },
  },
  guest: {
    pair: { attempts: 10, windowSeconds: 15 * 60 },
    address: { attempts: 30, windowSeconds: 15 * 60 },
  },
  mail: {
    pair: { attempts: 3, windowSeconds: 15 * 60 },
    address: { attempts: 20, windowSeconds: 15 * 60 },
  },
  // Setting a password with a reset link: the pair is (link token, address). A customer uses
  // one link a few times at most; a guesser of tokens, or of work for the password hash, stops.
  reset: {
    pair: { attempts: 5, windowSeconds: 15 * 60 },
    address: { attempts: 20, windowSeconds: 15 * 60 },
  },
  /**
   * The forms anyone may send (contact, contact a coach; issue 17): the pair is (the sender's
   * e-mail address, client address). A person writes a few messages an hour at most.
   */
  contact: {
    pair: { attempts: 5, windowSeconds: 60 * 60 },
    address: { attempts: 20, windowSeconds: 60 * 60 },
  },
  /**
   * Forms sent without a reCAPTCHA token while a secret is configured (a form queued offline, a
   * page whose script did not load; services/recaptcha.ts): counted again, tighter, per (form,
   * client address) and per client address.
   */
  unverified: {
    pair: { attempts: 10, windowSeconds: 60 * 60 },
    address: { attempts: 20, windowSeconds: 60 * 60 },
  },
} as const satisfies Record<string, { pair: Limit; address: Limit }>

export type ThrottleScope = keyof typeof limits

/** Keys are digests: the table never holds an e-mail address or an IP address. */
function key(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex')
}

/** Counts one attempt against `key`; the attempts so far in its window and when it ends. */
async function count(db: Database, throttleKey: string, limit: Limit) {
  const now = new Date()
  const windowEnd = new Date(now.getTime() + limit.windowSeconds * 1000)
  const expired = sql`${throttles.windowEndsAt} <= ${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(throttles)
    .values({ key: throttleKey, attempts: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${throttles.attempts} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${throttles.windowEndsAt} end`,
      },
    })
    .returning({ attempts: throttles.attempts, windowEndsAt: throttles.windowEndsAt })
  if (!row) throw new Error('throttle upsert returned no row')
  return row.attempts > limit.attempts
    ? Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000))
    : 0
}

/**
 * Counts an attempt of `scope` on `email` from `address` (counted first, then judged, so
 * concurrent attempts cannot slip past the limit). Returns the seconds to wait, or 0 if the
 * attempt may go ahead.
 */
export async function attempt(
  db: Database,
  scope: ThrottleScope,
  email: string,
  address: string,
): Promise<number> {
  const { pair, address: perAddress } = limits[scope]
  const waits = await Promise.all([
    count(db, key(scope, 'pair', email, address), pair),
    count(db, key(scope, 'address', address), perAddress),
  ])
  return Math.max(...waits)
}

/**
 * Limits counted per client address alone, for calls that take no e-mail address. Page views: a
 * visitor sends one request per page (a long offline queue a few more); a drop zone's Wi-Fi puts
 * many visitors behind one address, so the limit is generous. Beyond it views are refused with
 * 429 and the app keeps them for later.
 */
export const addressLimits = {
  pageViews: { attempts: 600, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>

/** Counts an attempt of `scope` from `address`; the seconds to wait, or 0 to go ahead. */
export async function attemptFromAddress(
  db: Database,
  scope: keyof typeof addressLimits,
  address: string,
): Promise<number> {
  return count(db, key(scope, 'address', address), addressLimits[scope])
}

/** A successful sign-in clears its pair's count: the customer's typos are forgiven. */
export async function clearPair(
  db: Database,
  scope: ThrottleScope,
  email: string,
  address: string,
): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key(scope, 'pair', email, address)))
}

/** Drops counters whose window has ended (they would be reset on next use anyway). */
export async function pruneThrottles(db: Database): Promise<void> {
  await db.delete(throttles).where(lt(throttles.windowEndsAt, new Date()))
}
