import type { QueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import type { Cart as WireCart } from '../../../contract/cart.ts'
import { rebase, type CartIntent } from '../../../store-db/cart-outbox-model.ts'
import type { CartOutboxState, CartServerRecord } from '../../../store-db/store-db.ts'
import { cartBadgeStale } from '../../lib/cart-badge.ts'
import { cartToken } from '../../lib/cart-token.ts'
import { AUTH_COOKIE, readCookie } from '../../lib/cookies.ts'
import { db } from '../../lib/db.ts'
import { signedInEmail } from '../../lib/signed-in-user.ts'
import { maskedEmail, withSnapshotAvailability, type ShownCart } from './model.ts'
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
  /**
   * The accounts the held changes were made in, each by its masked address (model.ts
   * `maskedEmail`: the full address never reaches the screen); none where the device did not
   * know the address when the change was made.
   */
  heldFor: string[]
  /** Why they wait (store-db CartOutboxState). */
  state: CartOutboxState
  /** The server has answered this device at least once (else the cart shown is only the outbox). */
  known: boolean
}

export async function readCartView(): Promise<CartView> {
  return db.transaction('r', db.cartOutbox, db.meta, db.products, async () => {
    const [{ server, visible }, status, outbox] = await Promise.all([
      // No session cookie: signed out now, whatever the device last kept.
      db.visibleCart({ signedIn: readCookie(AUTH_COOKIE) !== null }),
      db.cartOutboxStatus(),
      db.cartOutboxEntries(),
    ])
    const shown = rebase(visible.server, visible.outbox, server.aliases)
    // A line the shop has not answered for says what the catalog snapshot knows of its variant.
    const unanswered = shown.items.filter((line) => line.availability === undefined)
    const products = new Map(
      await Promise.all(
        [...new Set(unanswered.map((line) => line.product_slug))].map(
          async (slug) => [slug, await db.catalogProduct(slug)] as const,
        ),
      ),
    )
    const items = withSnapshotAvailability(shown.items, (line) => {
      const product = products.get(line.product_slug)
      // As the shop reckons it: a sku the product does not list as a variant is in stock.
      return product && (product.variants.find((v) => v.sku === line.sku)?.inStock ?? true)
    })
    const seen = new Set(visible.outbox.map((entry) => entry.key))
    const heldBy = outbox.filter((entry) => !seen.has(entry.key) && entry.by !== undefined)
    return {
      cart: camelizeShown({ ...shown, items }),
      // Forms wait in the same queue but are not the cart's (their pages show them).
      waiting: visible.outbox.filter((entry) => entry.kind !== 'form').length,
      held: visible.held,
      // One change whose account the device did not know makes the notice name none.
      heldFor: heldBy.some((entry) => !entry.by)
        ? []
        : [...new Set(heldBy.map((entry) => maskedEmail(entry.by!)))],
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
 * The shop has just answered a read made with the session signed in now: the session is live,
 * and the device's record of who is at it (store-db meta `cartViewer`) must say so. A sign-in
 * whose own bookkeeping did not happen (the page reloaded or went away between the sign-in's
 * answer and the account taking over what waits, lib/cart-device.ts `adoptWaitingCartChanges`, or
 * that write failed) left it saying "signed out", or another account: the account's cart and its
 * held changes stayed hidden, though the worker sent them with the session. It is brought up to
 * date as the sign-in would have done, once the account's address is known (`client`'s user
 * query); a session whose address is not read yet waits for it. Resolves with whether it changed.
 */
export async function recogniseLiveSession(client?: QueryClient): Promise<boolean> {
  const email = signedInEmail(client)
  // undefined: no session now; '': its address is not read yet.
  if (!email) return false
  const viewer = await db.cartViewer()
  // Never kept (a device from before): everything is shown already.
  if (!viewer || (viewer.signedIn && viewer.email === email)) return false
  // Still signed in as that account (a 401 elsewhere may have ended it meanwhile).
  if (signedInEmail(client) !== email) return false
  await db.adoptCartOutbox(email)
  return true
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
