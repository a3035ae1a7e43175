import type { Context } from 'hono'
import {
  CART_ACCOUNT_HEADER,
  CART_TOKEN_HEADER,
  cartTokenPattern,
  madeForAnotherAccountMessage,
} from '../../contract/cart.ts'
import type { Database } from '../db/index.ts'
import { sha256 } from './idempotency.ts'
import { bearerToken, findSession, hashToken } from './sessions.ts'

/*
 * Who a cart or order call is for, decided in one place for every cart, checkout, order and
 * payment route and every sign-in:
 *
 * - an account session (password, e-mail link, new password): the account's cart and orders;
 * - a guest session (e-mail only), whatever account has the address: never the account's cart
 *   or orders (an e-mail address proves nothing). It uses the device's cart (X-Cart-Token)
 *   exactly as if it were not signed in, or, without that header, a cart of the session's own.
 *   It reads the orders placed with that cart, so a guest finds again on the same device what
 *   it made there, and nothing made on another device. Its orders are marked with the account
 *   (orders.guest_of) and join it only at a sign-in of an account whose address a mailed link
 *   has proven (routes/cart.ts mergeCartAtSignIn);
 * - no session: the device's anonymous cart token.
 *
 * A change made signed in names its account (X-Cart-Account, contract/cart.ts): it is applied
 * with a live session of that account only (none: 401; another account's: 409), so a change a
 * customer made in their account never lands in a device's or another account's cart.
 */

/** Whose cart: an account's, or one kept by a token (the device's, or a guest session's own). */
export type CartOwner =
  /** `tokenHash`: the device's cart token sent with a signed-in call (its cart merges in). */
  | { kind: 'user'; userId: string; tokenHash: string | undefined }
  | {
      kind: 'token'
      tokenHash: string
      /**
       * A guest session's own cart key (sessionCartKey), when the device's token is the owner:
       * orders the session submitted without the device's header are its own too.
       */
      sessionKey?: string
    }

/**
 * An owner's idempotency scopes (services/idempotency.ts), its own first. A signed-in device's
 * cart token comes after: a change sent before sign-in and replayed after it is recognised.
 */
export function scopesOf(owner: CartOwner): [string, ...string[]] {
  if (owner.kind === 'token') return [cartScope(owner.tokenHash)]
  return owner.tokenHash
    ? [userScope(owner.userId), cartScope(owner.tokenHash)]
    : [userScope(owner.userId)]
}

/** The cart-token hashes whose orders (not carts) a token owner reads. */
export function orderTokenHashes(owner: CartOwner & { kind: 'token' }): string[] {
  return owner.sessionKey ? [owner.tokenHash, owner.sessionKey] : [owner.tokenHash]
}

export const userScope = (userId: string) => `user:${userId}`
export const cartScope = (tokenHash: string) => `cart:${tokenHash}`

/**
 * The key of a guest session's own cart (kept where device tokens' hashes are): derived from
 * the session's token hash, so it is the session's alone and ends with it.
 */
export function sessionCartKey(sessionTokenHash: string): string {
  return sha256(`guest-session-cart\n${sessionTokenHash}`)
}

export const noOwnerMessage =
  'Sign in, or send the device’s cart token in the X-Cart-Token header, to change a cart.'
export const expiredSessionMessage = 'Your session has expired. Sign in again.'

export type Resolved =
  { owner: CartOwner | undefined } | { answer: { status: 401 | 409 | 422; body: unknown } }

/** The X-Cart-Account header, lower case: undefined if not sent, null if not decodable. */
function madeFor(c: Context): string | undefined | null {
  const header = c.req.header(CART_ACCOUNT_HEADER)
  if (header === undefined) return undefined
  try {
    return decodeURIComponent(header).trim().toLowerCase()
  } catch {
    return null
  }
}

/** The device's cart token from the request: undefined if not sent, null if malformed. */
function deviceTokenHash(c: Context): string | undefined | null {
  const header = c.req.header(CART_TOKEN_HEADER)
  if (header === undefined) return undefined
  return cartTokenPattern.test(header) ? hashToken(header) : null
}

const malformedToken = {
  status: 422 as const,
  body: {
    message: 'The cart token is malformed.',
    errors: { [CART_TOKEN_HEADER]: ['The cart token must be 43 characters of [A-Za-z0-9_-].'] },
  },
}

const malformedAccount = {
  status: 422 as const,
  body: {
    message: 'The account a change was made in is malformed.',
    errors: { [CART_ACCOUNT_HEADER]: ['Send the account’s e-mail address, percent-encoded.'] },
  },
}

/**
 * The cart's owner from the request (see the rules above). `mergeDevice` is called for an
 * account owner whose request carries a device token: that cart's lines join the account's.
 */
export async function resolveOwner(
  db: Database,
  c: Context,
  mergeDevice: (userId: string, tokenHash: string) => Promise<void>,
): Promise<Resolved> {
  const tokenHash = deviceTokenHash(c)
  if (tokenHash === null) return { answer: malformedToken }
  const account = madeFor(c)
  if (account === null) return { answer: malformedAccount }
  const authorization = c.req.header('authorization')
  if (authorization === undefined) {
    if (account !== undefined)
      return { answer: { status: 401, body: { message: expiredSessionMessage } } }
    return { owner: tokenHash ? { kind: 'token', tokenHash } : undefined }
  }
  const bearer = bearerToken(authorization)
  const session = bearer ? await findSession(db, bearer) : undefined
  if (!bearer || !session)
    return { answer: { status: 401, body: { message: expiredSessionMessage } } }
  if (account !== undefined && account !== session.user.email.trim().toLowerCase())
    return { answer: { status: 409, body: { message: madeForAnotherAccountMessage } } }
  if (session.guest) {
    const sessionKey = sessionCartKey(hashToken(bearer))
    return {
      owner: tokenHash
        ? { kind: 'token', tokenHash, sessionKey }
        : { kind: 'token', tokenHash: sessionKey },
    }
  }
  if (tokenHash) await mergeDevice(session.user.id, tokenHash)
  return { owner: { kind: 'user', userId: session.user.id, tokenHash } }
}

/** The request's device cart token's hash, if well formed (sign-in ignores a malformed one). */
export function signInTokenHash(c: Context): string | undefined {
  return deviceTokenHash(c) ?? undefined
}
