import type { WorkerMessage } from '../../sw/messages.ts'
import { AUTH_COOKIE, readCookie } from './cookies.ts'

/**
 * CART_REPLAY (sw/messages.ts): the worker sends the cart outbox now. It carries the session's
 * bearer from the `authToken` cookie for a worker that cannot read cookies itself (no CookieStore
 * API in workers); the worker keeps it in memory only. No workbox-window here: the cart's calls
 * import this, and they are prerendered in Node too.
 */
export function cartReplayMessage(): WorkerMessage {
  const bearer = readCookie(AUTH_COOKIE) ?? undefined
  return bearer ? { type: 'CART_REPLAY', bearer } : { type: 'CART_REPLAY' }
}

/** Asks the worker that controls the page to send the cart outbox; nothing without one. */
export function askCartReplay(): void {
  globalThis.navigator?.serviceWorker?.controller?.postMessage(cartReplayMessage())
}
