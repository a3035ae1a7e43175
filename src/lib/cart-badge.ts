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
  /** Changes the server refused that the customer has not dismissed yet. */
  refused: number
  /** What the badge says beside the count to a screen reader, in the cart feature's words. */
  label: string
}

let badge: CartBadgeState | undefined
const listeners = new Set<() => void>()

export function setCartBadge(next: CartBadgeState): void {
  const shown = badge
  const fields = Object.keys(next) as (keyof CartBadgeState)[]
  if (shown && fields.every((field) => shown[field] === next[field])) return
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
