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

/** "1 change waiting to sync. It is kept…", "2 changes waiting to sync. They are kept…". */
export function waitingText(count: number): string {
  return count === 1
    ? '1 change waiting to sync. It is kept on this device and sent when the network returns.'
    : `${count} changes waiting to sync. They are kept on this device and sent when the network returns.`
}

/**
 * An e-mail address as the cart names it to whoever holds the device: its first letter and its
 * domain ("c•••@example.com"), enough for its owner to know it, little for anyone else.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = at < 0 ? email : email.slice(0, at)
  const first = [...local][0] ?? ''
  return `${first}•••${at < 0 ? '' : email.slice(at)}`
}

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`
}

/**
 * Changes made signed in that wait, unseen, for their account to sign in again on this device:
 * how many, and the account by its masked address (`accounts`; none when the device did not know
 * it), never what they are: the person holding the device may be someone else.
 */
export function heldText(count: number, accounts: readonly string[] = []): string {
  const changes = count === 1 ? '1 change' : `${count} changes`
  const wait = count === 1 ? 'waits' : 'wait'
  const it = count === 1 ? 'it' : 'them'
  if (accounts.length === 0)
    return `${changes} made while signed in ${wait} for ${count === 1 ? 'that account' : 'the account they were made in'}: sign in to it again on this device to send ${it}.`
  if (accounts.length === 1)
    return `${changes} made while signed in as ${accounts[0]} ${wait}: sign in as that account on this device to send ${it}.`
  return `${changes} made while signed in as ${orList(accounts)} ${wait}: sign in as the account ${count === 1 ? 'it was' : 'each was'} made in on this device to send ${it}.`
}

/** The held notice's link: "Sign in to send it", "Sign in to send them". */
export function heldSignInText(count: number): string {
  return count === 1 ? 'Sign in to send it' : 'Sign in to send them'
}

/**
 * A line the shop has not answered for yet (added offline, or kept before lines said when they
 * ship) says when it ships from the catalog snapshot (`inStockOf` its sku: undefined when the
 * snapshot does not know the product): in stock, or made to order, the weeks being the shop's to
 * say. Otherwise nothing, never a guess. A line the shop answered keeps the shop's words.
 */
export function withSnapshotAvailability<L extends { sku: string; availability?: unknown }>(
  lines: readonly L[],
  inStockOf: (line: L) => boolean | undefined,
): L[] {
  return lines.map((line) => {
    if (line.availability !== undefined) return line
    const inStock = inStockOf(line)
    return inStock === undefined
      ? line
      : { ...line, availability: { in_stock: inStock, weeks_min: null, weeks_max: null } }
  })
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
