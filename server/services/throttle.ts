import { createHash } from 'node:crypto'
import { inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/index.ts'
import { orders, throttles } from '../db/schema.ts'

export interface Limit {
  attempts: number
  windowSeconds: number
}

/**
 * The limits of the calls that take an e-mail address from anyone. Each call is counted twice:
 * per (e-mail, client address) pair, tightly, and per client address, loosely. A guesser at one
 * address soon stops; one spread over many addresses gets few guesses each. The client address
 * is the one http/client-address.ts gives (an IPv6 client is its /64).
 */
export const limits = {
  login: {
    pair: { attempts: 5, windowSeconds: 15 * 60 },
    address: { attempts: 50, windowSeconds: 15 * 60 },
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

/**
 * Counts `weight` attempts against `key` (a call that tries several things at once counts each);
 * the seconds to wait, or 0 to go ahead.
 */
async function count(db: Database, throttleKey: string, limit: Limit, weight = 1) {
  const now = new Date()
  const windowEnd = new Date(now.getTime() + limit.windowSeconds * 1000)
  const expired = sql`${throttles.windowEndsAt} <= ${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(throttles)
    .values({ key: throttleKey, attempts: weight, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`case when ${expired} then ${weight}::integer else ${throttles.attempts} + ${weight}::integer end`,
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
 * Sign-in with a password, per account: every attempt on one e-mail address that got past its
 * (e-mail, address) and address limits, from whatever address, known account or not (the key is
 * the address as typed, lower-cased, so an unknown address is slowed down the same way). Spread
 * over many addresses, a guesser still gets 20 tries per 15 minutes. The owner is never locked
 * out by it: the mailed sign-in link (`/api/password/login-link`, then `verify-login`) does not
 * count here, and its own limits count per (e-mail, address) and per address only, so nobody
 * elsewhere can spend the owner's.
 */
export const accountLimit: Limit = { attempts: 20, windowSeconds: 15 * 60 }

/**
 * A password sign-in attempt on `email` from `address`: the pair and the address first; only an
 * attempt they let through counts against the account, so a guesser whose address is already
 * stopped cannot keep the account slowed down. The seconds to wait, or 0 to go ahead.
 */
export async function attemptSignIn(db: Database, email: string, address: string) {
  const wait = await attempt(db, 'login', email, address)
  if (wait > 0) return wait
  return count(db, key('login', 'account', email), accountLimit)
}

/**
 * Discount codes (add-discount): each code a call tries is an attempt, counted per cart (its
 * owner, from any address) and per client address (whatever cart: a fresh cart token starts no
 * fresh count), so codes cannot be guessed by the thousand.
 */
export const discountLimits = {
  cart: { attempts: 10, windowSeconds: 15 * 60 },
  address: { attempts: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>

/** Counts `codes` discount codes tried on the cart of `owner` (its scope) from `address`. */
export async function attemptCodes(
  db: Database,
  owner: string,
  address: string,
  codes: number,
): Promise<number> {
  const weight = Math.max(1, codes)
  const waits = await Promise.all([
    count(db, key('discount', 'cart', owner), discountLimits.cart, weight),
    count(db, key('discount', 'address', address), discountLimits.address, weight),
  ])
  return Math.max(...waits)
}

/**
 * Limits counted per client address alone, for calls that take no e-mail address.
 *
 * Page views: each view counts (a request carries up to 50). A visitor sends one per page, a
 * long offline queue a few hundred at once; a drop zone's Wi-Fi puts many visitors behind one
 * address, so the limit is generous. Beyond it views are refused with 429 and the app keeps them
 * for later.
 *
 * Anonymous carts (a cart token, no session): every add counts, and an add that makes a new cart
 * counts once more against `newCarts`. A customer adds a few dozen lines in a visit; the app's
 * queue, after a day offline, replays its waiting changes one after another (and takes a 429 as
 * "try again later", store-db/cart-queue.ts); a shared Wi-Fi holds a few customers at once.
 */
export const addressLimits = {
  pageViews: { attempts: 2_000, windowSeconds: 15 * 60 },
  anonymousAdds: { attempts: 300, windowSeconds: 15 * 60 },
  newCarts: { attempts: 60, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>

/**
 * Counts `weight` attempts of `scope` from `address`; the seconds to wait, or 0 to go ahead.
 */
export async function attemptFromAddress(
  db: Database,
  scope: keyof typeof addressLimits,
  address: string,
  weight = 1,
): Promise<number> {
  return count(db, key(scope, 'address', address), addressLimits[scope], weight)
}

interface CountedRow {
  key: string
  attempts: number
  window_ends_at: string | Date
}

/**
 * An anonymous add from `address` to the cart of `tokenHash`: counted against `anonymousAdds`,
 * and against `newCarts` when the token has no open cart yet (the add would make one). One
 * statement: the hot add pays one round trip for it.
 */
export async function attemptAnonymousAdd(
  db: Database,
  tokenHash: string,
  address: string,
): Promise<number> {
  const now = new Date()
  const { anonymousAdds, newCarts } = addressLimits
  const endOf = (limit: Limit) => new Date(now.getTime() + limit.windowSeconds * 1000).toISOString()
  const addKey = key('anonymousAdds', 'address', address)
  const cartKey = key('newCarts', 'address', address)
  // Both drivers (node-postgres, PGlite) answer an execute with its `rows`.
  const result = (await db.execute(sql`
    with fresh as (
      select not exists (
        select 1 from ${orders}
        where ${orders.cartTokenHash} = ${tokenHash} and ${orders.status} = 'open'
          and ${orders.userId} is null
      ) as yes
    )
    insert into ${throttles} (key, attempts, window_ends_at)
    select counted.key, 1, counted.ends from (values
      (${addKey}, ${endOf(anonymousAdds)}::timestamptz, true),
      (${cartKey}, ${endOf(newCarts)}::timestamptz, false)
    ) as counted(key, ends, always)
    where counted.always or (select yes from fresh)
    on conflict (key) do update set
      attempts = case when throttles.window_ends_at <= ${now.toISOString()}::timestamptz
        then 1 else throttles.attempts + 1 end,
      window_ends_at = case when throttles.window_ends_at <= ${now.toISOString()}::timestamptz
        then excluded.window_ends_at else throttles.window_ends_at end
    returning key, attempts, window_ends_at`)) as unknown as { rows: CountedRow[] }
  let wait = 0
  for (const row of result.rows) {
    const limit = row.key === addKey ? anonymousAdds : newCarts
    if (row.attempts <= limit.attempts) continue
    const ends = new Date(row.window_ends_at).getTime()
    wait = Math.max(wait, Math.max(1, Math.ceil((ends - now.getTime()) / 1000)))
  }
  return wait
}

/**
 * A successful password sign-in clears its pair's count and the account's: the right password
 * was given, so the slow-down has nothing left to protect.
 */
export async function clearSignIn(db: Database, email: string, address: string): Promise<void> {
  await db
    .delete(throttles)
    .where(
      inArray(throttles.key, [
        key('login', 'pair', email, address),
        key('login', 'account', email),
      ]),
    )
}

/** Drops counters whose window has ended (they would be reset on next use anyway). */
export async function pruneThrottles(db: Database): Promise<void> {
  await db.delete(throttles).where(lt(throttles.windowEndsAt, new Date()))
}
