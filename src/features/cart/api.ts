import { queryOptions, useMutation } from '@tanstack/react-query'
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
import type * as PageOutbox from '../../lib/page-outbox.ts'
import type * as Outbox from './outbox.ts'

/**
 * The cart's calls (docs/cart-and-offline-sync.md) and its query. Every change goes into the outbox
 * in IndexedDB first (outbox.ts; the cart shows it at once, also offline, and after any reload or
 * new build), carries an Idempotency-Key made when the customer acted, and is sent once: TanStack
 * never retries it (docs/cart-and-offline-sync.md: mutations 0 retries); the outbox's drainer
 * (store-db/cart-queue.ts, run by the service worker, or by a page no worker controls) sends what
 * the network did not take. The ['cart'] query reads the server's cart into IndexedDB and answers
 * the cart as shown; it is not persisted (IndexedDB is).
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
 * The change could not be kept: the network dropped before a page no worker controls had loaded
 * the code that keeps changes (the first seconds of a first visit, before the worker has saved
 * the store for offline use). Once that code is loaded, such a page keeps what it cannot send
 * (lib/page-outbox.ts).
 */
export class NotSavedError extends Error {
  constructor() {
    super(
      'There is no network, and the store is not saved on this device yet, so it cannot keep the change. Try again when you are online.',
    )
    this.name = 'NotSavedError'
  }
}

/**
 * The code a change needs: the outbox's, and on a page no worker controls, the page's own
 * drainer. Such a page may not have loaded it when the network drops, and nothing can bring it:
 * the change is not kept, and the customer is told so (main.tsx reloads the page only when the
 * shop answers, so a new release still gets its reload).
 */
async function loadChangeCode(
  controlled: boolean,
): Promise<[typeof Outbox, typeof PageOutbox | undefined]> {
  try {
    return await Promise.all([
      import('./outbox.ts'),
      controlled ? undefined : import('../../lib/page-outbox.ts'),
    ])
  } catch (error) {
    if (!workerControlsPage()) throw new NotSavedError()
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
 * Puts a change in the outbox and has it sent by the outbox's drainer: the worker's when one
 * controls the page, else the page's own (lib/page-outbox.ts). The page waits for the server's
 * answer, or a 202 "queued": the change waits on the device and is sent when the network returns.
 */
export async function sendChange(intent: CartIntent): Promise<ChangeOutcome> {
  return (await sendIntent(intent)).outcome
}

/**
 * A change this page made: the badge follows. Controlled by the worker, it is asked again (the
 * worker's report, read from the same IndexedDB). A page no worker controls (a first visit) has
 * its own drainer write IndexedDB, which the worker has no reason to report (and, installing,
 * may not answer for seconds): the page follows the badge in IndexedDB itself.
 */
async function sendIntent(
  intent: CartIntent,
): Promise<{ outcome: ChangeOutcome; answer?: Cart | SubmittedOrder }> {
  try {
    return await sendIntentOnce(intent)
  } finally {
    if (workerControlsPage()) cartBadgeStale()
    else
      void import('./sync.ts')
        .then(({ followBadgeOnDevice }) => followBadgeOnDevice())
        .catch(() => cartBadgeStale())
  }
}

async function sendIntentOnce(
  intent: CartIntent,
): Promise<{ outcome: ChangeOutcome; answer?: Cart | SubmittedOrder }> {
  const key = newIdempotencyKey()
  const controlled = workerControlsPage()
  const [outbox, pageOutbox] = await loadChangeCode(controlled)
  const own = await outbox.putChange(intent, key)
  if (!own) {
    // Folded into a change still waiting: it goes with that one.
    if (pageOutbox) void pageOutbox.replayPageOutbox().catch(() => undefined)
    else askCartReplay()
    return { outcome: 'queued' }
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
      ...(pageOutbox ? { fetch: pageOutbox.sendThroughPageOutbox } : {}),
    })
    if (isQueued(answer)) return { outcome: 'queued' }
    return { outcome: 'saved', answer }
  } catch (error) {
    // The drainer kept the refusal for the notice; this page shows it where the customer acted.
    if (error instanceof ApiError) await outbox.dismissRefusal(key)
    else if (error instanceof NetworkError) return { outcome: 'queued' }
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
