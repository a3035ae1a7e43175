// The router runs `validateSearch` before any page code loads, so this module loads with the
// app: it holds the search params alone, not the filtering (model.ts).

/** The dealers page's search params: a free-text query and an ISO country code. */
export interface DealerSearch {
  q?: string
  country?: string
}

/** `validateSearch` for /dealers: drops empty or malformed values so URLs stay tidy. */
export function parseDealerSearch(raw: Record<string, unknown>): DealerSearch {
  const search: DealerSearch = {}
  // The router parses `?q=123` as a number; a query is text either way.
  const q = typeof raw.q === 'number' ? String(raw.q) : raw.q
  if (typeof q === 'string' && q.trim() !== '') search.q = q
  if (typeof raw.country === 'string' && /^[A-Z]{2}$/.test(raw.country)) {
    search.country = raw.country
  }
  return search
}
