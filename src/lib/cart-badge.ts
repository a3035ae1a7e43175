import { shellValue } from './shell-value.ts'

/**
 * The header's cart count, kept here so the shell can show it without loading the cart's code:
 * the cart feature (started after the first view) sets it, the root route reads it.
 */
export interface CartBadgeState {
  count: number
  /** Changes wait to sync. */
  pending: boolean
  /** How many (the account's sign-out asks what to do with them). */
  waiting: number
  /** A guest cart was merged into the account's and the customer has not been told yet. */
  merged: boolean
  /** Changes the server refused that the customer has not dismissed yet. */
  refused: number
  /** What the badge says beside the count to a screen reader, in the cart feature's words. */
  label: string
}

const badge = shellValue<CartBadgeState | undefined>(
  undefined,
  (shown, next) =>
    shown !== undefined &&
    next !== undefined &&
    (Object.keys(next) as (keyof CartBadgeState)[]).every((field) => shown[field] === next[field]),
)

export function setCartBadge(next: CartBadgeState): void {
  badge.set(next)
}

export function useCartBadge(): CartBadgeState | undefined {
  return badge.use()
}

/** How the cart feature asks for the badge again (the worker's report, or IndexedDB's). */
let askBadge: (() => void) | undefined

export function onCartBadgeStale(ask: () => void): void {
  askBadge = ask
}

/**
 * This page changed what the badge counts (a refusal dismissed): it is asked again. With a
 * worker the badge follows the worker's reports, and no report comes of a page's own write.
 */
export function cartBadgeStale(): void {
  askBadge?.()
}
