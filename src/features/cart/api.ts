import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import { CART_LINE_NAME_HEADER, type QueuedAnswer } from '../../../sw/messages.ts'
import { api, NetworkError, type RequestOptions } from '../../lib/api-client.ts'
import type { LineDisplay } from '../../lib/line-display.ts'
import { persisted } from '../../lib/query-client.ts'
import {
  newIdempotencyKey,
  withoutChange,
  type Cart,
  type CartChange,
  type CartState,
} from './model.ts'
import { changeEnded, changeQueued, changeStarted } from './waiting.ts'

/**
 * The cart's calls (SPEC §7) and its query. Every change is laid over the cart at once (the
 * customer sees it with no wait, also offline), carries an Idempotency-Key made when the
 * customer acted, and is sent once: TanStack never retries it (SPEC §9: mutations 0 retries),
 * the service worker's queue resends what the network did not take (sw/cart-queue.ts).
 */

export const cartKeys = { all: ['cart'] as const }

export const cartQuery = queryOptions({
  queryKey: cartKeys.all,
  queryFn: async ({ client, signal }): Promise<CartState> => {
    const server = await api.get<Cart>('/api/order', { auth: true, cart: true, signal })
    // The changes still on their way stay laid over the server's answer.
    return { server, changes: client.getQueryData<CartState>(cartKeys.all)?.changes ?? [] }
  },
  ...persisted,
})

/** The change could not be sent and no service worker was there to keep it. */
export class NotSavedError extends Error {
  constructor() {
    super(
      'There is no network, and this browser cannot keep the change until there is. Try again when you are online.',
    )
    this.name = 'NotSavedError'
  }
}

/** 'saved': the server has it. 'queued': kept on this device, sent when the network returns. */
export type ChangeOutcome = 'saved' | 'queued'

function isQueued(answer: Cart | QueuedAnswer): answer is QueuedAnswer {
  return 'queued' in answer && answer.queued === true
}

function post(change: CartChange, options: RequestOptions): Promise<Cart | QueuedAnswer> {
  switch (change.kind) {
    case 'add':
      return api.post('/api/order/add', change.request, options)
    case 'update-qty':
      return api.post(
        `/api/order/item/${encodeURIComponent(change.lineId)}/update-qty`,
        { qty: change.qty },
        options,
      )
    case 'add-discount':
      return api.post(
        `/api/order/${encodeURIComponent(change.cartId)}/add-discount`,
        { discount_codes: change.codes },
        options,
      )
    case 'set-merged-notified':
      return api.post('/api/order/set-merged-notified', {}, options)
  }
}

function update(client: QueryClient, next: (state: CartState) => CartState): void {
  client.setQueryData<CartState>(cartKeys.all, (state) =>
    next(state ?? { server: null, changes: [] }),
  )
}

/** Lays a change over the cart, sends it, and settles the cart with what became of it. */
export async function sendChange(
  client: QueryClient,
  change: CartChange,
  lineName?: string,
): Promise<ChangeOutcome> {
  // An answer to an earlier read must not overwrite what this change brings.
  await client.cancelQueries({ queryKey: cartKeys.all })
  update(client, (state) => ({ ...state, changes: [...state.changes, change] }))
  changeStarted(change.key)
  const headers: Record<string, string> = {}
  if (lineName && workerControlsPage())
    headers[CART_LINE_NAME_HEADER] = encodeURIComponent(lineName)
  try {
    const answer = await post(change, {
      auth: true,
      cart: true,
      idempotencyKey: change.key,
      headers,
    })
    if (isQueued(answer)) {
      changeQueued(change.key)
      return 'queued'
    }
    update(client, (state) => ({ ...withoutChange(state, change.key), server: answer }))
    return 'saved'
  } catch (error) {
    update(client, (state) => withoutChange(state, change.key))
    // No answer and no worker to keep it: say so rather than pretend.
    if (error instanceof NetworkError) throw new NotSavedError()
    throw error
  } finally {
    changeEnded(change.key)
  }
}

/** A service worker controls the page: its cart changes go through the worker's queue. */
function workerControlsPage(): boolean {
  return !!globalThis.navigator?.serviceWorker?.controller
}

const changeOptions = { networkMode: 'always', retry: 0 } as const

/** Adds a product (a variant, or a configured design with its child lines) to the cart. */
export function useAddToOrder() {
  const client = useQueryClient()
  return useMutation({
    ...changeOptions,
    mutationFn: ({ request, line }: { request: AddToOrderRequest; line: LineDisplay }) =>
      sendChange(client, { key: newIdempotencyKey(), kind: 'add', request, line }, line.name),
  })
}

/** Changes a line's quantity; 0 removes it. Works on a line not yet synced (its id is its add's key). */
export function useUpdateQty() {
  const client = useQueryClient()
  return useMutation({
    ...changeOptions,
    mutationFn: ({ lineId, qty, name }: { lineId: string; qty: number; name: string }) =>
      sendChange(client, { key: newIdempotencyKey(), kind: 'update-qty', lineId, qty }, name),
  })
}

export function useAddDiscount() {
  const client = useQueryClient()
  return useMutation({
    ...changeOptions,
    mutationFn: ({ cartId, codes }: { cartId: string; codes: string }) =>
      sendChange(client, { key: newIdempotencyKey(), kind: 'add-discount', cartId, codes }),
  })
}

export function useSetMergedNotified() {
  const client = useQueryClient()
  return useMutation({
    ...changeOptions,
    mutationFn: () => sendChange(client, { key: newIdempotencyKey(), kind: 'set-merged-notified' }),
  })
}
