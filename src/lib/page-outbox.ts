import { CART_OUTBOX_LOCK, createCartQueue, type CartQueue } from '../../store-db/cart-queue.ts'
import { config } from './config.ts'
import { AUTH_COOKIE, readCookie } from './cookies.ts'
import { db } from './db.ts'

/**
 * The outbox's drainer (store-db/cart-queue.ts) as a page runs it while no service worker
 * controls the page: a first visit before its worker has activated, or a browser without one. A
 * change (a cart change, a submit, a form) goes into the outbox as ever, then through this
 * drainer's `handle` in place of the worker's fetch handler: the page gets the shop's answer, or
 * 202 "queued" when the network did not take it, and the change waits on the device. It is sent,
 * oldest first and once, when the network returns (`online`), when the page shows again, on the
 * drainer's own retries while the page lives, by the worker as soon as it starts (it drains as it
 * installs), or by the next page. The Web Lock `cart-outbox` keeps this page, other tabs and the
 * worker from sending at the same time; a resend carries the same key and body.
 */

let queue: CartQueue | undefined

function workerControlsPage(): boolean {
  return !!navigator.serviceWorker?.controller
}

/** This page's drainer, made (and its `online` and `visibilitychange` hooks set) once. */
export function pageOutbox(): CartQueue {
  if (queue) return queue
  const made = createCartQueue({
    db,
    send: (url, init) => fetch(url, init),
    // A page reads the session's cookie itself: no cookie, signed out.
    credentials: () =>
      Promise.resolve({ bearer: readCookie(AUTH_COOKIE) ?? undefined, fromCookie: true }),
    withLock: (drain) =>
      navigator.locks ? navigator.locks.request(CART_OUTBOX_LOCK, drain) : drain(),
    // The page's badge and screens read IndexedDB live: there is no other page to tell.
    broadcast: () => Promise.resolve(),
    // Once a worker controls the page, its own retries take over.
    schedule: (retry, ms) =>
      void setTimeout(() => {
        if (!workerControlsPage()) retry()
      }, ms),
    apiOrigin: config.apiUrl || location.origin,
    online: () => navigator.onLine,
  })
  const replay = () => {
    if (!workerControlsPage()) void made.replay().catch(() => undefined)
  }
  window.addEventListener('online', replay)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay()
  })
  queue = made
  return made
}

/** `fetch` for a change's call on a page no worker controls: through this page's drainer. */
export function sendThroughPageOutbox(
  input: Request | URL | string,
  init?: RequestInit,
): Promise<Response> {
  return pageOutbox().handle(new Request(input, init))
}

/** Sends what waits now (and reads the server's cart after it, with `refresh`). */
export function replayPageOutbox(options?: { refresh?: boolean }): ReturnType<CartQueue['replay']> {
  return pageOutbox().replay(options)
}
