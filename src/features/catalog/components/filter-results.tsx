import type { QueryStatus } from './store-search.tsx'

/** The store's search beside the filters: the words searched for and where the search stands. */
export interface SearchedFor {
  query: string
  status: Exclude<QueryStatus, 'idle'>
}

function count(shown: number): string {
  return `${shown} ${shown === 1 ? 'product matches' : 'products match'}`
}

/**
 * The line read out as the listing changes. `total`: the products the filters narrow (with a
 * search, those that match it); `shown`: what the filters leave of them.
 */
export function resultsText(shown: number, total: number, searched?: SearchedFor): string {
  if (!searched)
    return shown === total
      ? `${total} ${total === 1 ? 'product' : 'products'}`
      : `${shown} of ${total} products match`
  const words = `“${searched.query}”`
  if (searched.status === 'loading') return `Searching for ${words}…`
  if (searched.status === 'failed')
    return `The search could not be loaded. Showing every product; try again once you are online.`
  const filtered = shown < total ? ' and these filters' : ''
  if (shown === 0) return `No products match ${words}${filtered}.`
  return `${count(shown)} ${words}${filtered}.`
}

/** The live count of what the filters (and the store's search) leave, read out when it changes. */
export function FilterResults({
  shown,
  total,
  searched,
}: {
  shown: number
  total: number
  searched?: SearchedFor
}) {
  return (
    <p className="filter-results" role="status" aria-live="polite">
      {resultsText(shown, total, searched)}
    </p>
  )
}
