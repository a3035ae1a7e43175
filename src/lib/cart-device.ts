import type { CartWorkerReport, WorkerMessage } from '../../sw/messages.ts'
import { useCartBadge } from './cart-badge.ts'
import { cartReplayMessage } from './cart-replay.ts'

/**
 * What sign-out needs of the cart on this device, through lib so the account feature does not
 * import the cart's: how many changes wait (the badge's count, set by the cart's sync), sending
 * them now (the worker's CART_REPLAY, or the page's own drainer), and forgetting the cart (the
 * outbox, the server's last cart, the refusals and the mirrored cart token in IndexedDB) so the
 * next person on the device sees none of it.
 */

/** The cart changes waiting on this device, as the badge last heard. */
export function useWaitingCartChanges(): number {
  return useCartBadge()?.waiting ?? 0
}

/** The cart changes waiting on this device now, read from the outbox itself. */
export async function countWaitingCartChanges(): Promise<number> {
  const { db } = await import('./db.ts')
  return db.cartOutbox.filter((entry) => entry.kind !== 'form').count()
}

/**
 * Has the outbox sent now (by the worker, or by this page's own drainer when no worker controls
 * it: lib/page-outbox.ts); resolves with how many changes still wait.
 */
export async function sendWaitingCartChanges(): Promise<number> {
  const worker = globalThis.navigator?.serviceWorker?.controller
  if (!worker) {
    const { replayPageOutbox } = await import('./page-outbox.ts')
    await replayPageOutbox()
    return countWaitingCartChanges()
  }
  const message: WorkerMessage = cartReplayMessage()
  const report = await new Promise<CartWorkerReport | undefined>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => resolve(event.data as CartWorkerReport)
    worker.postMessage(message, [channel.port2])
  })
  return report?.type === 'CART_QUEUE' ? report.keys.length : 0
}

/** How long a sign-in waits for the worker, before and after it. */
const SIGN_IN_WAITS_MS = 10_000

/**
 * What waits is sent and then the server's cart is read (by the worker, or by this page's own
 * drainer when no worker controls it); at most SIGN_IN_WAITS_MS.
 */
async function sendAndRead(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = globalThis.navigator?.serviceWorker?.controller
    ? sendWaitingCartChanges()
    : import('./page-outbox.ts').then(({ replayPageOutbox }) => replayPageOutbox({ refresh: true }))
  await Promise.race([
    send.catch(() => 0),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SIGN_IN_WAITS_MS)
    }),
  ])
  clearTimeout(timer)
}

/**
 * Before a sign-in: the changes made signed out are sent first, with the device's cart token, so
 * the sign-in's merge takes the device's cart as the customer saw it. Changes made signed in wait
 * for their account either way. Gives up after SIGN_IN_WAITS_MS: what is still waiting then is
 * sent after the sign-in, into the account (the server takes an edit of a guest line the merge
 * summed away as the guest's share of the summed line).
 */
export async function sendWaitingCartChangesBeforeSignIn(): Promise<void> {
  if (!globalThis.indexedDB) return
  if ((await countWaitingCartChanges().catch(() => 0)) === 0) return
  await sendAndRead()
}

/**
 * After a sign-in: what still waits of the changes made signed out is the account's now (the
 * merge made the device's cart the account's; `email`: the account's, '' if not read yet). Then
 * it is sent and the account's cart read into this device, so the cart shown from here on
 * (offline too) is the account's, not the device's from before.
 */
export async function adoptWaitingCartChanges(email: string): Promise<void> {
  if (!globalThis.indexedDB) return
  const { db } = await import('./db.ts')
  await db.adoptCartOutbox(email.trim().toLowerCase())
  await sendAndRead()
}

/**
 * Forgets this device's cart, under the outbox's lock so no drain is halfway through an entry.
 * Resolves once done (at once where IndexedDB is not available).
 */
export async function forgetDeviceCart(): Promise<void> {
  const { db } = await import('./db.ts')
  const forget = () => db.forgetCart()
  await (navigator.locks ? navigator.locks.request('cart-outbox', forget) : forget())
}

/**
 * The page forgot a session the server ended: the account's last cart leaves the screen and its
 * waiting changes are held, unseen, for it to sign in again (store-db `forgetEndedSession`).
 */
export async function forgetEndedSessionCart(): Promise<void> {
  if (!globalThis.indexedDB) return
  const { db } = await import('./db.ts')
  await db.forgetEndedSession()
}
