import { hashKey, type QueryClient } from '@tanstack/react-query'
import humps from 'humps'
import type { Workbox } from 'workbox-window'
import type { CartWorkerReport } from '../../../sw/messages.ts'
import { setCartBadge } from '../../lib/cart-badge.ts'
import { connectCartQueue } from '../../lib/sw-registration.ts'
import { cartKeys, cartQuery } from './api.ts'
import {
  badgeLabel,
  keepLiveChanges,
  shownCart,
  withoutChange,
  type Cart,
  type CartState,
} from './model.ts'
import {
  changeSettled,
  liveKeys,
  setWaitingKeys,
  subscribeWaiting,
  waitingCount,
} from './waiting.ts'

/**
 * Keeps the page in step with the worker's cart queue (started once the first view is up, on
 * every page): the header's count, "N changes waiting to sync", the server's cart as each queued
 * change lands, refusals (counted on the badge, which makes the root route show them), and the `online` signal the worker needs in browsers without
 * Background Sync. With no worker, nothing is queued: changes not answered are dropped from the
 * overlay at start (the page that made them said they were not saved).
 */

let started: Promise<void> | undefined

export function startCartSync(client: QueryClient, wb: Workbox | undefined): Promise<void> {
  started ??= start(client, wb)
  return started
}

async function start(client: QueryClient, wb: Workbox | undefined): Promise<void> {
  /** Refusals not yet dismissed: the worker's count at start, then the list once loaded. */
  let refused = 0
  const showBadge = () => {
    const state = client.getQueryData<CartState>(cartKeys.all)
    const cart = shownCart(state)
    const pending = waitingCount(state?.changes.length ?? 0) > 0
    setCartBadge({
      count: cart.itemCount,
      pending,
      merged: cart.mergeNotice !== null,
      refused,
      label: badgeLabel(pending, refused),
    })
  }
  // The IndexedDB code loads only when there is a refusal to show (not on every page). Once
  // loaded, its list (which the cart page and the notice dismiss from) is what the badge counts.
  let watched = false
  const loadRefusals = () =>
    void import('./refusals.ts')
      .then((refusals) => {
        if (!watched) {
          watched = true
          refusals.subscribeRefusals(() => {
            refused = refusals.refusalCount()
            showBadge()
          })
        }
        return refusals.loadRefusals()
      })
      .catch(() => undefined)
  const prune = () =>
    client.setQueryData<CartState>(cartKeys.all, (state) =>
      state ? keepLiveChanges(state, liveKeys()) : state,
    )
  const cartHash = hashKey(cartKeys.all)
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === cartHash) showBadge()
  })
  subscribeWaiting(showBadge)
  showBadge()

  let refresh: ReturnType<typeof setTimeout> | undefined
  const refreshSoon = () => {
    clearTimeout(refresh)
    // The server's own read settles what replies arriving out of order may have left; also on
    // pages that do not show the cart, whose header still counts it.
    refresh = setTimeout(
      () => void client.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'all' }),
      500,
    )
  }

  const onReport = (report: CartWorkerReport) => {
    switch (report.type) {
      case 'CART_QUEUE':
        setWaitingKeys(report.keys)
        prune()
        // Only the worker's answer to this page carries the count.
        if (report.refused !== undefined && report.refused !== refused) {
          refused = report.refused
          showBadge()
          loadRefusals()
        }
        break
      case 'CART_SYNCED':
        changeSettled(report.key)
        client.setQueryData<CartState>(cartKeys.all, (state) => ({
          ...withoutChange(state ?? { server: null, changes: [] }, report.key),
          server: report.cart ? (humps.camelizeKeys(report.cart) as Cart) : (state?.server ?? null),
        }))
        refreshSoon()
        break
      case 'CART_REFUSED':
        changeSettled(report.key)
        client.setQueryData<CartState>(cartKeys.all, (state) =>
          state ? withoutChange(state, report.key) : state,
        )
        loadRefusals()
        refreshSoon()
        break
    }
  }

  if (wb) {
    const queue = connectCartQueue(wb, onReport)
    const replay = () => void queue.ask('CART_REPLAY').catch(() => undefined)
    window.addEventListener('online', replay)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && waitingCount(0) > 0) replay()
    })
    await queue.ask(navigator.onLine ? 'CART_REPLAY' : 'CART_QUEUE').catch(() => undefined)
  } else {
    // No worker: nothing waits anywhere but in this page's own sends.
    setWaitingKeys([])
    prune()
  }
  if (navigator.onLine) await client.prefetchQuery(cartQuery)
}
