// The router runs `validateSearch` before any page code loads, so this module loads with the
// app: it holds the search params alone, not the filtering (filters.ts).

/**
 * The filters of the store and the family listings, as they sit in the URL (`?size=M&color=n4D
 * &min=500&max=2000&inStock=true`) so a filtered view can be shared. Prices are whole units of
 * the currency, as a shopper types them; products carry minor units.
 */
export interface CatalogSearch {
  size?: string
  /** A palette id, e.g. `n4D`. */
  color?: string
  min?: number
  max?: number
  inStock?: true
}

const paletteId = /^[a-z][0-9][A-Z]$/

function text(value: unknown): string | undefined {
  // The router parses `?size=10` as a number; a size is still the text the shopper saw.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed.length > 0 && trimmed.length <= 40 ? trimmed : undefined
}

function amount(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined
}

/**
 * The router's `validateSearch`: keeps what is well formed and drops the rest, so a mangled
 * shared link still opens the listing rather than an error page.
 */
export function validateCatalogSearch(raw: Record<string, unknown>): CatalogSearch {
  const search: CatalogSearch = {}
  const size = text(raw.size)
  if (size !== undefined) search.size = size
  const color = text(raw.color)
  if (color !== undefined && paletteId.test(color)) search.color = color
  const min = amount(raw.min)
  if (min !== undefined) search.min = min
  const max = amount(raw.max)
  if (max !== undefined) search.max = max
  if (raw.inStock === true || raw.inStock === 'true') search.inStock = true
  return search
}

/**
 * The store's search params: its filters and the words typed in its search field (`?q=corvid`),
 * so a search can be shared and survives a reload. The family listings have no search field.
 */
export interface StoreSearch extends CatalogSearch {
  q?: string
}

/** The longest query kept from a URL: longer than any product's name and variant together. */
const QUERY_MAX = 100

/** A query as it is searched and written to the URL: its words, single-spaced. */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The store route's `validateSearch`: the filters as the family listings read them, and `q`. */
export function validateStoreSearch(raw: Record<string, unknown>): StoreSearch {
  const search: StoreSearch = validateCatalogSearch(raw)
  // The router parses `?q=2` as a number and `?q=true` as a boolean: still the text typed.
  const q = ['string', 'number', 'boolean'].includes(typeof raw.q)
    ? normalizeQuery(String(raw.q).slice(0, QUERY_MAX))
    : ''
  if (q !== '') search.q = q
  return search
}
