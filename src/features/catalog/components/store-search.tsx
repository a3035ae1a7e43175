import { useCallback, useEffect, useId, useMemo, useState, type Ref } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import type { Product } from '../api.ts'
import type { createProductIndex, searchProducts } from '../product-search.ts'
import { normalizeQuery } from '../search.ts'

/*
 * The store's search field. It searches with the app bar's product search (product-search.ts,
 * MiniSearch), over the family listings the page already shows, so offline too; that code loads
 * when the customer comes to the field (focus, a keystroke) or the URL carries a query, never
 * with the page.
 */

interface ProductSearchModule {
  createProductIndex: typeof createProductIndex
  searchProducts: typeof searchProducts
}

let loading: Promise<ProductSearchModule> | null = null

/** The search code, fetched once (again after a failure, at the next try). */
function loadProductSearch(): Promise<ProductSearchModule> {
  loading ??= import('../product-search.ts').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** Where a query stands: none typed, its code on the way, or it could not be fetched. */
export type QueryStatus = 'idle' | 'loading' | 'failed' | 'ready'

export interface ProductQuery {
  status: QueryStatus
  /** The matching products' slugs, best match first (0); null unless `status` is 'ready'. */
  ranks: ReadonlyMap<string, number> | null
  /** Fetches the search code ahead of the first keystroke. */
  prepare: () => void
}

/** `products` searched for `term` (already normalised): typo-tolerant, by name, family, SKU… */
export function useProductQuery(
  products: readonly Product[],
  palette: readonly PaletteSwatch[],
  term: string,
): ProductQuery {
  const [search, setSearch] = useState<ProductSearchModule | null>(null)
  const [failed, setFailed] = useState(false)
  const prepare = useCallback(() => {
    loadProductSearch().then(
      (module) => {
        setSearch(module)
        setFailed(false)
      },
      () => setFailed(true),
    )
  }, [])
  // A query from the URL (a shared link, a reload) is searched without waiting for the field.
  useEffect(() => {
    if (term !== '') prepare()
  }, [term, prepare])

  const index = useMemo(
    () => search && search.createProductIndex(products, palette),
    [search, products, palette],
  )
  const ranks = useMemo(
    () =>
      search && index && term !== ''
        ? new Map(search.searchProducts(index, term).map((product, rank) => [product.slug, rank]))
        : null,
    [search, index, term],
  )
  const status: QueryStatus = term === '' ? 'idle' : ranks ? 'ready' : failed ? 'failed' : 'loading'
  return { status, ranks, prepare }
}

export interface StoreQuery {
  /** What the field shows, as typed. */
  typed: string
  /** What is searched and written to the URL. */
  query: string
  type: (text: string) => void
}

/**
 * The field's text, and the URL's `?q=` behind it. The field keeps what is typed (spaces too)
 * and writes each change to the URL, which lags a keystroke or two; the URL's query replaces
 * the field's only when it is not one the field wrote (a link to /store, a new shared search).
 */
export function useStoreQuery(urlQuery: string, write: (query: string) => void): StoreQuery {
  const [typed, setTyped] = useState(urlQuery)
  const [seen, setSeen] = useState(urlQuery)
  const [written, setWritten] = useState<readonly string[]>([])
  if (urlQuery !== seen) {
    setSeen(urlQuery)
    const at = written.indexOf(urlQuery)
    if (at >= 0) {
      setWritten(written.slice(at + 1))
    } else {
      setWritten([])
      setTyped(urlQuery)
    }
  }
  const query = normalizeQuery(typed)
  const type = (text: string) => {
    setTyped(text)
    const next = normalizeQuery(text)
    if (next === query) return
    setWritten((queue) => [...queue, next])
    write(next)
  }
  return { typed, query, type }
}

interface StoreSearchFieldProps {
  value: string
  onType: (text: string) => void
  /** The customer came to the field: the search's code is fetched. */
  onPrepare: () => void
  inputRef?: Ref<HTMLInputElement>
}

/** The field above the store's filters: a visible label, results as the customer types. */
export function StoreSearchField({ value, onType, onPrepare, inputRef }: StoreSearchFieldProps) {
  const id = useId()
  // Before the app's script runs there is nothing to answer a keystroke.
  const hydrated = useHydrated()
  return (
    <form
      role="search"
      className="store-search"
      onSubmit={(event) => {
        event.preventDefault()
        // Enter closes a phone's keyboard: the results are what the customer wants to see.
        event.currentTarget.querySelector('input')?.blur()
      }}
    >
      <label htmlFor={id}>Search the store</label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={hydrated ? value : ''}
        disabled={!hydrated}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="e.g. corvid, mission bag, navy"
        onFocus={onPrepare}
        onPointerDown={onPrepare}
        onChange={(event) => {
          onPrepare()
          onType(event.target.value)
        }}
      />
    </form>
  )
}
