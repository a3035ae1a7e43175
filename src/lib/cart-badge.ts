import { useSyncExternalStore } from 'react'

/**
 * The header's cart count, kept here so the shell can show it without loading the cart's code:
 * the cart feature (started after the first view) sets it, the root route reads it.
 */
export interface CartBadgeState {
  count: number
  /** Changes wait to sync. */
  pending: boolean
  /** A guest cart was merged into the account's and the customer has not been told yet. */
  merged: boolean
}

let badge: CartBadgeState | undefined
const listeners = new Set<() => void>()

export function setCartBadge(next: CartBadgeState): void {
  if (badge?.count === next.count && badge.pending === next.pending && badge.merged === next.merged)
    return
  badge = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCartBadge(): CartBadgeState | undefined {
  return useSyncExternalStore(
    subscribe,
    () => badge,
    () => undefined,
  )
}
