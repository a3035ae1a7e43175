import type { CartRefusalRecord } from '../../../store-db/store-db.ts'

/*
 * What the customer reads about a change the server refused, on the cart page and in the notice
 * every other page shows. Pure functions, unit tested in refusal-text.test.ts.
 */

/** What the server refused when a queued change reached it (kept in IndexedDB by the worker). */
export type CartRefusal = Pick<CartRefusalRecord, 'action' | 'name' | 'message'>

/** Which change was refused and the server's own words. */
export function refusalSentence(refusal: CartRefusal): string {
  switch (refusal.action) {
    case 'add':
      return `${refusal.name} could not be added: ${refusal.message}`
    case 'update-qty':
      return `The quantity of ${refusal.name} could not be changed: ${refusal.message}`
    case 'add-discount':
      return `The code ${refusal.name} could not be applied: ${refusal.message}`
    case 'set-merged-notified':
      return `Your cart could not be updated: ${refusal.message}`
    case 'submit':
      return `Your order could not be submitted: ${refusal.message}`
    case 'form':
      return `${refusal.name} could not be sent: ${refusal.message}`
  }
}

/**
 * The notice every page shows while refusals wait to be read: the oldest one in full (its
 * Dismiss dismisses that one, then the next shows), headed by how many there are when several.
 */
export function refusalNoticeText(
  refusals: readonly CartRefusal[],
): { heading: string | null; sentence: string } | null {
  const [first] = refusals
  if (!first) return null
  return {
    heading: refusals.length > 1 ? `${refusals.length} changes to your cart were refused.` : null,
    sentence: refusalSentence(first),
  }
}
