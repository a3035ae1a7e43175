import { hashKey, type QueryClient } from '@tanstack/react-query'
import type { Workbox } from 'workbox-window'
import type { CartWorkerReport } from '../../../sw/messages.ts'
import { onCartBadgeStale, setCartBadge } from '../../lib/cart-badge.ts'
import { loadDatabaseCode } from '../../lib/db-code.ts'
import { USER_QUERY_KEY } from '../../lib/signed-in-user.ts'
import { connectCartQueue } from '../../lib/sw-registration.ts'
import { cartKeys } from './keys.ts'
import { badgeLabel } from './model.ts'

/**
 * Keeps the header's badge in step with the cart (started once the first view is up, on every
 * page) and tells the worker when to send the outbox: at start, on `online` (browsers without
 * Background Sync rely on it), when the page shows again and after a sign-in (the ['cart'] query
 * is asked again then). With a worker, the badge follows the worker's CART_QUEUE reports (the
 * shown cart's count, computed by the worker with the same rebase as the cart page), so a page
 * that shows no cart does not load IndexedDB's code. With no worker, it follows IndexedDB itself.
 * While a cart is on screen, a read of the signed-in user has the device catch up with a sign-in
 * it missed (outbox.ts `recogniseLiveSession`).
 */

let started: Promise<void> | undefined

export function startCartSync(client: QueryClient, wb: Workbox | undefined): Promise<void> {
  started ??= start(client, wb)
  return started
}

type Badge = Pick<
  Extract<CartWorkerReport, { type: 'CART_QUEUE' }>,
  'count' | 'refused' | 'merged'
> & {
  waiting: number
}

function showBadge({ count, waiting, refused, merged }: Badge): void {
  setCartBadge({
    count,
    pending: waiting > 0,
    waiting,
    merged,
    refused,
    label: badgeLabel(waiting > 0, refused),
  })
}

/**
 * How to read the badge as IndexedDB holds it (the shown cart's count, what waits, refusals, a
 * merge). The modules load first: the reader itself awaits IndexedDB alone, so a live query over
 * it sees every table it reads.
 */
async function deviceBadgeReader(): Promise<() => Promise<Badge>> {
  const [{ readCartView }, { db }] = await Promise.all([
    import('./outbox.ts'),
    import('../../lib/db.ts'),
  ])
  return async () => {
    const view = await readCartView()
    const refused = await db.cartRefusals.count()
    return {
      count: view.cart.itemCount,
      waiting: view.waiting,
      refused,
      merged: view.cart.mergeNotice !== null,
    }
  }
}

let following: Promise<void> | undefined

/**
 * The badge follows IndexedDB on this page from now on: after a change made while no worker
 * controls the page (a first visit), which the page's own drainer sends (lib/page-outbox.ts),
 * now or when the network returns. The worker has no reason to report those writes, and while
 * it installs it may not answer for seconds; the page already holds IndexedDB's code (the change
 * went through the outbox), so it reads the count itself, at once and as it changes.
 */
export function followBadgeOnDevice(): Promise<void> {
  following ??= Promise.all([import('dexie'), deviceBadgeReader()]).then(
    ([{ liveQuery }, readBadge]) => {
      liveQuery(readBadge).subscribe(showBadge)
    },
    (error: unknown) => {
      // Its code could not load (offline): the next change tries again.
      following = undefined
      throw error
    },
  )
  return following
}

/**
 * The signed-in user was read (the session is live) while a cart is on screen: the device's
 * record of who is at it catches up with a sign-in whose own bookkeeping did not happen
 * (outbox.ts `recogniseLiveSession`, which needs the account's address this read brings), and
 * the cart is read again for the account. Pages with no cart on screen leave IndexedDB unloaded.
 */
function recogniseSessionOnCartScreens(client: QueryClient): void {
  const userHash = hashKey(USER_QUERY_KEY)
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== userHash || event.type !== 'updated') return
    if (event.action.type !== 'success') return
    const cart = client.getQueryCache().find({ queryKey: cartKeys.all, exact: true })
    if (!cart || cart.getObserversCount() === 0) return
    void import('./outbox.ts')
      .then(({ recogniseLiveSession }) => recogniseLiveSession(client))
      .then((changed) => {
        if (changed) void client.invalidateQueries({ queryKey: cartKeys.all, exact: true })
      })
      .catch(() => undefined)
  })
}

async function start(client: QueryClient, wb: Workbox | undefined): Promise<void> {
  recogniseSessionOnCartScreens(client)
  if (!wb) {
    // No worker (its registration failed, or no support): IndexedDB's code loads here, Dexie in
    // a task of its own first. The page sends what waits itself, now and when the network returns.
    await loadDatabaseCode()
    await followBadgeOnDevice()
    const { replayPageOutbox } = await import('../../lib/page-outbox.ts')
    if (navigator.onLine) await replayPageOutbox({ refresh: true }).catch(() => undefined)
    return
  }
  const onReport = (report: CartWorkerReport) => {
    if (report.type !== 'CART_QUEUE') return
    showBadge({ ...report, waiting: report.keys.length })
  }
  const queue = connectCartQueue(wb, onReport)
  const replay = () => void queue.ask('CART_REPLAY').catch(() => undefined)
  // A refusal dismissed on a page is no write of the worker's: its count is asked for again.
  onCartBadgeStale(() => void queue.ask('CART_QUEUE').catch(() => undefined))
  window.addEventListener('online', replay)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay()
  })
  // A sign-in asks the cart again: what waits goes out with the new session.
  const cartHash = hashKey(cartKeys.all)
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== cartHash || event.type !== 'updated') return
    if (event.action.type === 'invalidate') replay()
    // The cart page read the server's cart into IndexedDB: the badge follows (a merge notice).
    if (event.action.type === 'success') void queue.ask('CART_QUEUE').catch(() => undefined)
  })
  await queue.ask(navigator.onLine ? 'CART_REPLAY' : 'CART_QUEUE').catch(() => undefined)
}
