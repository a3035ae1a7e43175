/*
 * The cart outbox's side of the protocol between pages and its drainer (cart-queue.ts): the
 * worker's reports and its synthetic "queued" answer, and the headers a page's change carries to
 * it. A page no worker controls runs the same drainer itself and hears the same answers.
 */

/**
 * The synthetic answer the worker gives a cart mutation it could not deliver (no response, or
 * the server failed with a 5xx): status 202 and this body. The server itself always answers 200;
 * a 202 means "kept in this device's queue, sent when the network returns".
 */
export const QUEUED_STATUS = 202
export interface QueuedAnswer {
  queued: true
}

/**
 * The header a page of an older build added to a cart mutation when a worker controlled it: the
 * product's name, URI-encoded. Read only to take such a request in (cart-queue.ts `handle`).
 */
export const CART_LINE_NAME_HEADER = 'X-Cart-Line-Name'
/**
 * What the page knew of the line it adds (OutboxLineDisplay, URI-encoded JSON), for a change the
 * worker takes in from a request. Never sent on to the server.
 */
export const CART_LINE_HEADER = 'X-Cart-Line'

/**
 * What the worker tells every page about the cart outbox (posted to all its clients, read
 * through workbox-window's `message` event), and its answer to CART_QUEUE / CART_REPLAY. The
 * truth is in IndexedDB (store-db cartOutbox, meta cartServer); these reports let a page that has
 * not loaded Dexie (the home page's first view) show the badge.
 * - CART_QUEUE: the Idempotency-Keys of the changes waiting, oldest first; `refused`: refusals
 *   kept and not yet dismissed; `state`: why the outbox waits (CartOutboxState); `count` and
 *   `merged`: the shown cart's item count and merge notice (rebase of the outbox on the server's
 *   last cart, computed by the worker with the page's own function).
 * - CART_SYNCED: a change reached the server; `cart` is the server's answer (the wire's
 *   snake_case Cart), already kept in IndexedDB.
 * - CART_REFUSED: the server refused a change (4xx); the refusal is in IndexedDB (store-db
 *   cartRefusals) until the customer dismisses it.
 */
export type CartWorkerReport =
  | {
      type: 'CART_QUEUE'
      keys: string[]
      refused: number
      state: 'ok' | 'offline' | 'not-the-shop' | 'signed-out' | 'server-error'
      count: number
      merged: boolean
    }
  | { type: 'CART_SYNCED'; key: string; cart: unknown }
  | { type: 'CART_REFUSED'; key: string }
