import { useSyncExternalStore } from 'react'
import type { CartRefusalRecord } from '../../../store-db/store-db.ts'
import { cartBadgeStale } from '../../lib/cart-badge.ts'
import { db } from '../../lib/db.ts'

/**
 * The changes the server refused when the worker's queue replayed them (kept in IndexedDB by the
 * worker), as the page shows them until the customer dismisses each: on the cart page, and in
 * the notice every other page shows (components/refusal-notice.tsx). One list for both, so
 * dismissing in one place dismisses in the other. Loaded only when there is a refusal to show:
 * this module brings Dexie.
 */

let refusals: CartRefusalRecord[] = []
const refusalListeners = new Set<() => void>()

export async function loadRefusals(): Promise<void> {
  refusals = await db.cartRefusalList()
  for (const listener of refusalListeners) listener()
}

export async function dismissRefusal(key: string): Promise<void> {
  await db.dismissCartRefusal(key)
  // Dismissed for every page: the badge stops counting it too.
  cartBadgeStale()
  await loadRefusals()
}

export function subscribeRefusals(listener: () => void): () => void {
  refusalListeners.add(listener)
  return () => refusalListeners.delete(listener)
}

/** How many refusals wait to be read, as last loaded. */
export function refusalCount(): number {
  return refusals.length
}

/** Changes the server refused while they were replayed, until the customer dismisses them. */
export function useCartRefusals(): CartRefusalRecord[] {
  return useSyncExternalStore(
    subscribeRefusals,
    () => refusals,
    () => refusals,
  )
}
