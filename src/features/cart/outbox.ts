import { useLiveQuery } from 'dexie-react-hooks'
import type { Cart as WireCart } from '../../../contract/cart.ts'
import { rebase, type CartIntent, type SubmitAnswer } from '../../../store-db/cart-outbox-model.ts'
import type { CartOutboxState, CartServerRecord } from '../../../store-db/store-db.ts'
import { cartBadgeStale } from '../../lib/cart-badge.ts'
import { cartToken } from '../../lib/cart-token.ts'
import { AUTH_COOKIE, readCookie } from '../../lib/cookies.ts'
import { db } from '../../lib/db.ts'
import { signedInEmail } from '../../lib/signed-in-user.ts'
import type { ShownCart } from './model.ts'
import { camelizeShown } from './wire.ts'

/**
 * The page's door to the cart's truth in IndexedDB (store-db `cartOutbox` and meta
 * `cartServer`): what the cart shows is `rebase(server's last cart, outbox)`, read live, so it
 * survives reloads, the query cache's expiry and a new build. Loaded with the cart page, the
 * product pages (which read the catalog snapshot from the same database) and on the first change:
 * it brings Dexie, which the home page's first view goes without.
 */

export interface CartView {
  cart: ShownCart
  /** Changes waiting in the outbox, of those shown. */
  waiting: number
  /**
   * Changes made signed in to an account that is not signed in now (its session ended): not
   * shown, they wait for it to sign in again on this device (cart-outbox-model.ts `visibleTo`).
   */
  held: number
  /** Why they wait (store-db CartOutboxState). */
  state: CartOutboxState
  /** The server has answered this device at least once (else the cart shown is only the outbox). */
  known: boolean
}

export async function readCartView(): Promise<CartView> {
  return db.transaction('r', db.cartOutbox, db.meta, async () => {
    const [{ server, visible }, status] = await Promise.all([
      // No session cookie: signed out now, whatever the device last kept.
      db.visibleCart({ signedIn: readCookie(AUTH_COOKIE) !== null }),
      db.cartOutboxStatus(),
    ])
    return {
      cart: camelizeShown(rebase(visible.server, visible.outbox, server.aliases)),
      // Forms wait in the same queue but are not the cart's (their pages show them).
      waiting: visible.outbox.filter((entry) => entry.kind !== 'form').length,
      held: visible.held,
      state: status.state,
      known: visible.server !== null,
    }
  })
}

/** The cart as shown, live; undefined until IndexedDB has answered. */
export function useCartView(): CartView | undefined {
  return useLiveQuery(readCartView)
}

/**
 * Puts a change in the outbox (an edit folds into the waiting changes where it can), as made in
 * the account signed in now, if any. The cart token is mirrored into IndexedDB first: the worker
 * sends with it, and cannot read localStorage. Resolves with whether the change is an entry of
 * its own (to send), or was folded into another.
 */
export async function putChange(intent: CartIntent, key: string): Promise<boolean> {
  await db.keepCartToken(cartToken())
  // Made signed in: it is sent only in this account (store-db OutboxEntry.by).
  return db.addCartIntent(intent, key, { by: signedInEmail() })
}

/** With no worker to keep it: a change that got no answer, or a refusal, is taken back. */
export async function takeBack(key: string): Promise<void> {
  await db.cartOutbox.where('key').equals(key).delete()
}

/** With no worker: the page sent the change itself and the server answered with its cart. */
export async function settleDirect(
  key: string,
  cart: WireCart,
  owner: CartServerRecord['owner'],
): Promise<void> {
  const entry = await db.cartOutbox.where('key').equals(key).first()
  if (entry) await db.settleCartEntry(entry, { cart, owner })
}

/** With no worker: the page sent the submit itself and the shop answered with the order. */
export async function settleSubmitDirect(key: string, order: SubmitAnswer): Promise<void> {
  const entry = await db.cartOutbox.where('key').equals(key).first()
  if (entry) await db.settleCartEntry(entry, { submitted: order, at: Date.now() })
}

/** The version of the last cart, read before asking the server (see keepCartRead). */
export async function cartVersion(): Promise<number> {
  return (await db.cartServer()).version
}

export async function keepCartRead(
  cart: WireCart,
  owner: CartServerRecord['owner'],
  version: number,
): Promise<void> {
  await db.keepCartRead(cart, owner, version)
}

/** The page showed a refusal inline as it happened: the notice need not tell it again. */
export async function dismissRefusal(key: string): Promise<void> {
  await db.dismissCartRefusal(key)
  cartBadgeStale()
}
