import { useSyncExternalStore } from 'react'
import type { CartRefusalRecord } from '../../../store-db/store-db.ts'
import { db } from '../../lib/db.ts'

/**
 * The changes the server refused when the worker's queue replayed them (kept in IndexedDB by the
 * worker), as the page shows them until the customer dismisses each.
 */

let refusals: CartRefusalRecord[] = []
const refusalListeners = new Set<() => void>()

export async function loadRefusals(): Promise<void> {
  refusals = await db.cartRefusalList()
  for (const listener of refusalListeners) listener()
}

export async function dismissRefusal(key: string): Promise<void> {
  await db.dismissCartRefusal(key)
  await loadRefusals()
}

/** Changes the server refused while they were replayed, until the customer dismisses them. */
export function useCartRefusals(): CartRefusalRecord[] {
  return useSyncExternalStore(
    (listener) => {
      refusalListeners.add(listener)
      return () => refusalListeners.delete(listener)
    },
    () => refusals,
    () => refusals,
  )
}
