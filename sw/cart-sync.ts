/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import { intentFromRequest } from '../store-db/cart-outbox-model.ts'
import {
  CART_OUTBOX_LOCK,
  createCartQueue,
  isCartMutation,
  type CartQueue,
  type ReplayResult,
  type SendCredentials,
} from '../store-db/cart-queue.ts'
import type { CartWorkerReport } from './messages.ts'
import { outboxDB } from './outbox-db.ts'
import { apiOrigins } from './policy.ts'

/*
 * The cart queue (store-db/cart-queue.ts) as this worker runs it: cart changes go through it, delivered
 * once, in the order they were made; what the network did not take is sent when it can (the
 * browser's background sync, a page's message, the worker waking up). Also moves in what the
 * queue of an earlier release left.
 */

declare const self: ServiceWorkerGlobalScope

async function broadcast(report: CartWorkerReport): Promise<void> {
  // With no page open (the browser's background sync), the answer is already in IndexedDB (the
  // server's last cart, a refusal): the next page reads it there.
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const page of pages) page.postMessage(report)
}

/**
 * The bearer of the session signed in now: the `authToken` cookie, where workers can read it.
 * A cookie that cannot be read counts as none: a change made signed out then goes to the
 * device's cart, and one made signed in waits for a session.
 */
async function currentCredentials(): Promise<SendCredentials> {
  const store = (
    self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }
  ).cookieStore
  if (!store) return { fromCookie: false }
  const bearer = (await store.get('authToken').catch(() => null))?.value || undefined
  return { bearer, fromCookie: true }
}

/**
 * The workbox-background-sync queue of earlier releases ('cart-mutations': raw requests with the
 * bearer frozen in). Its entries move into the outbox as frozen intents (they may have been sent
 * already; the same key and body make a resend harmless), each removed from the old queue only
 * once the outbox holds it. The Queue is made only for this: its `sync` event and its start-up
 * call land here, never in Workbox's own replay.
 */
const LEGACY_CART_QUEUE = 'cart-mutations'
async function moveLegacyQueue(queue: Queue): Promise<void> {
  const db = outboxDB()
  for (const entry of await queue.getAll()) {
    const key = entry.request.headers.get('Idempotency-Key')
    const body: unknown = await entry.request
      .clone()
      .json()
      .catch(() => undefined)
    const lineName = (entry.metadata as { lineName?: unknown } | undefined)?.lineName
    const name = typeof lineName === 'string' ? decodeURIComponent(lineName) : undefined
    const intent = intentFromRequest(new URL(entry.request.url).pathname, body, { name })
    // Queued with a bearer: made signed in, by an account the old queue did not name ('').
    const by = entry.request.headers.get('Authorization')?.startsWith('Bearer ') ? '' : undefined
    if (key && intent) {
      await db.addCartIntent(intent, key, { at: entry.timestamp, frozen: true, by })
    }
    await queue.shiftRequest()
  }
}

/**
 * Starts the cart queue: the API at `apiUrl` (empty: served with the site). Sends what waits at
 * once, and answers the cart's POSTs through the queue.
 */
export function startCartSync(apiUrl: string): CartQueue {
  const cartQueue: CartQueue = createCartQueue({
    get db() {
      return outboxDB()
    },
    send: (url, init) => fetch(url, init),
    credentials: currentCredentials,
    // One drainer at a time across the installing and the active worker and every page.
    withLock: (drain) =>
      self.navigator.locks ? self.navigator.locks.request(CART_OUTBOX_LOCK, drain) : drain(),
    broadcast,
    schedule: (retry, ms) => {
      // The browser's background sync sends it even if no page is open and this worker sleeps.
      const sync = (self.registration as { sync?: { register(tag: string): Promise<void> } }).sync
      void sync?.register(CART_OUTBOX_LOCK).catch(() => undefined)
      setTimeout(retry, ms)
    },
    apiOrigin: apiUrl || self.location.origin,
    online: () => self.navigator.onLine,
  })

  let legacyMoved: Promise<void> | undefined
  const legacyQueue: Queue = new Queue(LEGACY_CART_QUEUE, {
    maxRetentionTime: 60 * 24 * 60,
    onSync: async ({ queue }) => {
      legacyMoved ??= moveLegacyQueue(queue).catch(() => undefined)
      await legacyMoved
      const result: ReplayResult = await cartQueue.replay()
      if (result !== 'done') throw new Error(`The cart outbox is not sent yet (${result}).`)
    },
  })

  /** The browser's `sync` event for the outbox (registered by pages; see sw-registration.ts). */
  // (The WebWorker library has no SyncEvent type: Background Sync is Chromium's.)
  ;(self as EventTarget).addEventListener('sync', (raw) => {
    const event = raw as ExtendableEvent & { tag: string }
    if (event.tag !== CART_OUTBOX_LOCK) return
    event.waitUntil(
      cartQueue.replay().then((result) => {
        if (result !== 'done') throw new Error(`The cart outbox is not sent yet (${result}).`)
      }),
    )
  })

  // A worker that was asleep sends what waits as soon as it starts (browsers without Background
  // Sync have no other moment than this and a page's `online` message), after moving in what an
  // earlier release left in its queue.
  legacyMoved ??= moveLegacyQueue(legacyQueue).catch(() => undefined)
  void legacyMoved.then(() => cartQueue.replay())

  // Cart changes: through the queue, delivered once, in the order they were made.
  const cartOrigins = apiOrigins(self.location.origin, apiUrl)
  registerRoute(
    ({ url, request }) => isCartMutation(request, url, cartOrigins),
    ({ request, event }) => {
      const answer = cartQueue.handle(request)
      // The worker stays up until the change has been sent or queued.
      ;(event as ExtendableEvent).waitUntil(answer.catch(() => undefined))
      return answer
    },
    'POST',
  )

  return cartQueue
}
