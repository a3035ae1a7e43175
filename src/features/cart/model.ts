import type { Cart as WireCart } from '../../../contract/cart.ts'
import type { Camelized } from '../../lib/api-client.ts'
import type { CartOutboxState } from '../../../store-db/store-db.ts'

/**
 * The cart as the page shows it. What is shown is computed in one place,
 * store-db/cart-outbox-model.ts `rebase(server's last cart, outbox)` (the worker uses the same
 * function for the badge it reports); this file only turns it into the app's camelCase and holds
 * the cart's words. Pure functions, unit tested in model.test.ts.
 */

export type Cart = Camelized<WireCart>
export type CartLine = Cart['items'][number] & {
  /** Shown before the server has confirmed it. */
  pending: boolean
}

export interface ShownCart extends Omit<Cart, 'items'> {
  items: CartLine[]
  /** Totals include changes the server has not priced yet (a discount, a new line). */
  estimated: boolean
  /** A submitted order waits in the outbox: its lines left the cart with it. */
  submitting: boolean
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/**
 * A key for one act of the customer (contract/cart.ts: 8–128 of [A-Za-z0-9_-]). Prefixed so it is
 * never shaped like a line's uuid: an update-qty names a line not synced yet by its add's key.
 */
export function newIdempotencyKey(): string {
  const key = `c-${crypto.randomUUID()}`
  if (!KEY_PATTERN.test(key)) throw new Error('crypto.randomUUID gave an unexpected key')
  return key
}

/** "2 changes waiting to sync". */
export function waitingText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`
}

/** Changes made signed in that wait, unseen, for their account to sign in again on this device. */
export function heldText(count: number): string {
  return count === 1
    ? '1 change made signed in waits for its account to sign in again on this device.'
    : `${count} changes made signed in wait for their account to sign in again on this device.`
}

/** Why the waiting changes are not moving, in the customer's words; null when nothing to say. */
export function waitingReason(state: CartOutboxState): string | null {
  switch (state) {
    case 'not-the-shop':
      return 'The network answered, but not the shop (a Wi-Fi sign-in page?). Trying again.'
    case 'signed-out':
      return 'Waiting for you to sign in again: your session has ended.'
    case 'server-error':
      return 'The shop could not take them just now. Trying again.'
    case 'offline':
    case 'ok':
      return null
  }
}

/**
 * What the header's cart badge says beside its count to a screen reader: what the count is, and
 * what needs attention (the shell shows it as it is, so its wording lives here).
 */
export function badgeLabel(pending: boolean, refused: number): string {
  let label = 'in the cart'
  if (pending) label += ', changes waiting to sync'
  if (refused > 0) label += refused === 1 ? ', 1 change refused' : `, ${refused} changes refused`
  return label
}
