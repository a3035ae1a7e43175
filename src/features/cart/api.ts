import { queryOptions, useMutation } from '@tanstack/react-query'
import humps from 'humps'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import {
  requestOf,
  type CartIntent,
  type OutboxLineDisplay as LineDisplay,
  type SubmitAnswer,
  type SubmitDisplay,
  type SubmitRequest,
} from '../../../store-db/cart-outbox-model.ts'
import { CART_LINE_HEADER, type QueuedAnswer } from '../../../sw/messages.ts'
import { api, ApiError, NetworkError, type Camelized } from '../../lib/api-client.ts'
import { AUTH_COOKIE, readCookie } from '../../lib/cookies.ts'
import { cartBadgeStale } from '../../lib/cart-badge.ts'
import { askCartReplay } from '../../lib/cart-replay.ts'
import { cartKeys } from './keys.ts'
import { newIdempotencyKey, type Cart, type ShownCart } from './model.ts'
import { wireCart } from './wire.ts'
import type * as Outbox from './outbox.ts'

/**
 * The cart's calls (docs/cart-and-offline-sync.md) and its query. Every change goes into the outbox
 * in IndexedDB first (outbox.ts; the cart shows it at once, also offline, and after any reload or
 * new build), carries an Idempotency-Key made when the customer acted, and is sent once: TanStack
 * never retries it (docs/cart-and-offline-sync.md: mutations 0 retries); the service worker sends
 * what the network did not take (sw/cart-queue.ts). The ['cart'] query reads the server's cart into
 * IndexedDB and answers the cart as shown; it is not persisted (IndexedDB is).
 */

function owner(): 'account' | 'device' {
  return readCookie(AUTH_COOKIE) ? 'account' : 'device'
}

export const cartQuery = queryOptions({
  queryKey: cartKeys.all,
  queryFn: async ({ signal, client }): Promise<ShownCart> => {
    const outbox = await import('./outbox.ts')
    const version = await outbox.cartVersion()
    const asked = owner()
    const session = readCookie(AUTH_COOKIE)
    const server = await api.get<Cart>('/api/order', { auth: true, cart: true, signal })
    // Signed in or out while the read was on its way: the answer is the cart of whoever was at
    // the device before (after a sign-in, the device's cart the merge has just emptied) and is
    // not kept as this one's. The sign-in asks for the cart again.
    if (owner() === asked) await outbox.keepCartRead(wireCart(server), asked, version)
    // Answered for the session still signed in: it is live, and the device says who is at it.
    if (session !== null && readCookie(AUTH_COOKIE) === session)
      await outbox.recogniseLiveSession(client)
    const view = await outbox.readCartView()
    // The query is asked again after a sign-in: what waits goes out with the new session.
    if (view.waiting > 0) askCartReplay()
    return view.cart
  },
})

/**
 * The change could not be sent and no service worker was there to keep it. `not-ready`: the page
 * could not even load the code that keeps changes (offline in the first seconds of a first visit,
 * before the worker has saved the store for offline use).
 */
export class NotSavedError extends Error {
  constructor(reason: 'no-worker' | 'not-ready' = 'no-worker') {
    super(
      reason === 'not-ready'
        ? 'There is no network, and the store is not saved on this device yet, so it cannot keep the change. Try again when you are online.'
        : 'There is no network, and this browser cannot keep the change until there is. Try again when you are online.',
    )
    this.name = 'NotSavedError'
  }
}

/**
 * The outbox's code. On a page no worker controls, it may not have loaded yet when the network
 * drops, and nothing can bring it: the change is not kept, and the customer is told so (main.tsx
 * reloads the page only when the shop answers, so a new release still gets its reload).
 */
async function loadOutbox(): Promise<typeof Outbox> {
  try {
    return await import('./outbox.ts')
  } catch (error) {
    if (!workerControlsPage()) throw new NotSavedError('not-ready')
    throw error
  }
}

/** 'saved': the server has it. 'queued': kept on this device, sent when the network returns. */
export type ChangeOutcome = 'saved' | 'queued'

function isQueued(answer: object): answer is QueuedAnswer {
  return 'queued' in answer && answer.queued === true
}

/** The order a submit made (the submit call's answer, camelCase). */
export type SubmittedOrder = Camelized<SubmitAnswer>

/** A service worker controls the page: it sends the outbox. */
function workerControlsPage(): boolean {
  return !!globalThis.navigator?.serviceWorker?.controller
}

/**
 * Puts a change in the outbox and has it sent: by the worker when one controls the page (the
 * page waits for the server's answer, or a 202 "queued"), else by the page itself, which takes
 * the change back when no answer comes (no worker could keep it).
 */
export async function sendChange(intent: CartIntent): Promise<ChangeOutcome> {
  return (await sendIntent(intent)).outcome
}

/**
 * A change this page made: the badge follows. Controlled by the worker, it is asked again (the
 * worker's report, read from the same IndexedDB). A page that sent its change itself, before a
 * worker controlled it (a first visit), wrote the server's answer straight into IndexedDB, which
 * the worker has no reason to report (and, installing, may not answer for seconds): the page
 * reads the badge from IndexedDB itself.
 */
async function sendIntent(
  intent: CartIntent,
): Promise<{ outcome: ChangeOutcome; answer?: Cart | SubmittedOrder }> {
  try {
    return await sendIntentOnce(intent)
  } finally {
    // Not controlled: the page wrote IndexedDB itself, and reads the badge from it at once.
    if (workerControlsPage()) cartBadgeStale()
    else
      void import('./sync.ts')
        .then(({ showBadgeFromDevice }) => showBadgeFromDevice())
        .catch(() => cartBadgeStale())
  }
}

async function sendIntentOnce(
  intent: CartIntent,
): Promise<{ outcome: ChangeOutcome; answer?: Cart | SubmittedOrder }> {
  const key = newIdempotencyKey()
  const outbox = await loadOutbox()
  const own = await outbox.putChange(intent, key)
  const controlled = workerControlsPage()
  if (!own) {
    // Folded into a change still waiting: it goes with that one.
    if (controlled) askCartReplay()
    return { outcome: controlled ? 'queued' : 'saved' }
  }
  const { path, body } = requestOf({ ...intent, key, claimed: false, at: 0 })
  const headers: Record<string, string> = {}
  if (controlled && intent.kind === 'add') {
    headers[CART_LINE_HEADER] = encodeURIComponent(JSON.stringify(intent.line))
  }
  try {
    const answer = await api.post<Cart | SubmittedOrder | QueuedAnswer>(path, body, {
      auth: true,
      cart: true,
      idempotencyKey: key,
      headers,
    })
    if (isQueued(answer)) return { outcome: 'queued' }
    if (!controlled) {
      if (intent.kind === 'submit') {
        await outbox.settleSubmitDirect(key, humps.decamelizeKeys(answer) as SubmitAnswer)
      } else await outbox.settleDirect(key, wireCart(answer as Cart), owner())
    }
    return { outcome: 'saved', answer }
  } catch (error) {
    if (controlled) {
      // The worker kept the refusal for the notice; this page shows it where the customer acted.
      if (error instanceof ApiError) await outbox.dismissRefusal(key)
      else if (error instanceof NetworkError) return { outcome: 'queued' }
      throw error
    }
    await outbox.takeBack(key)
    // No answer and no worker to keep it: say so rather than pretend.
    if (error instanceof NetworkError) throw new NotSavedError()
    throw error
  }
}

/**
 * Submits the cart as an order (POST /api/order/submit {notes, optIn}) through the outbox, after
 * every change queued before it: `saved` with the order when the shop answered now, `queued` when
 * it waits on this device for the network (a made-to-order order submitted at the drop zone),
 * shown as "submitted, waiting to send". A refusal throws as the shop gave it (422 per field).
 */
export async function sendSubmit(
  request: SubmitRequest,
  order: SubmitDisplay,
): Promise<{ outcome: 'saved'; order: SubmittedOrder } | { outcome: 'queued' }> {
  const sent = await sendIntent({ kind: 'submit', request, order })
  return sent.outcome === 'saved' && sent.answer
    ? { outcome: 'saved', order: sent.answer as SubmittedOrder }
    : { outcome: 'queued' }
}

const changeOptions = { networkMode: 'always', retry: 0 } as const

/** Adds a product (a variant, or a configured design with its child lines) to the cart. */
export function useAddToOrder() {
  return useMutation({
    ...changeOptions,
    mutationFn: ({ request, line }: { request: AddToOrderRequest; line: LineDisplay }) =>
      sendChange({ kind: 'add', request, line }),
  })
}

/**
 * Sets a line's quantity (0 removes it): the line as shown, by its id (a server line's, or the
 * key of the add that made a line not synced yet). The outbox folds it where it can.
 */
export function useUpdateQty() {
  return useMutation({
    ...changeOptions,
    mutationFn: ({ lineId, qty, name }: { lineId: string; qty: number; name: string }) =>
      sendChange({ kind: 'update-qty', lineId, qty, name }),
  })
}

export function useAddDiscount() {
  return useMutation({
    ...changeOptions,
    mutationFn: ({ cartId, codes }: { cartId: string; codes: string }) =>
      sendChange({ kind: 'add-discount', cartId, codes }),
  })
}

export function useSetMergedNotified() {
  return useMutation({
    ...changeOptions,
    mutationFn: () => sendChange({ kind: 'set-merged-notified' }),
  })
}
