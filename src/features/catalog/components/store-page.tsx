import { useSuspenseQueries, type UseSuspenseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDeferredValue, useMemo, useRef, type ReactNode } from 'react'
import { families, familyKeys } from '../../../../contract/families.ts'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { familyQuery, type Product } from '../api.ts'
import { filterProducts, hasFilters } from '../filters.ts'
import type { CatalogSearch, StoreSearch } from '../search.ts'
import { indexPalette } from '../palette.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { CatalogBrowser } from './catalog-browser.tsx'
import { ProductCard } from './product-card.tsx'
import { StoreSearchField, useProductQuery, useStoreQuery } from './store-search.tsx'

interface StorePageProps {
  palette: PaletteSwatch[]
  search: StoreSearch
  onSearch: (search: StoreSearch) => void
  /** The customer's own designs kept on this device (another feature's, composed by the route). */
  savedDesigns?: ReactNode
}

/** Each family's list, the same arrays while the queries' data stays the same. */
const familyLists = (results: UseSuspenseQueryResult<Product[]>[]) =>
  results.map((result) => result.data)

/** A search (`q`, possibly empty) with the filters beside it, as the URL holds them. */
function withQuery(filters: CatalogSearch, query: string): StoreSearch {
  return query === '' ? filters : { ...filters, q: query }
}

/**
 * `/store`: every active product, grouped by family, narrowed by the search field and the
 * filters in the URL (a product shows when it matches the words and every filter). Within a
 * family, the best match comes first.
 */
export function StorePage({ palette, search: urlSearch, onSearch, savedDesigns }: StorePageProps) {
  const lists = useSuspenseQueries({
    queries: familyKeys.map((family) => familyQuery(family)),
    combine: familyLists,
  })
  // The prerendered HTML is the unfiltered store; the URL's search and filters apply once hydrated.
  const { q: urlQuery = '', ...filters }: StoreSearch = useHydrated() ? urlSearch : {}
  const paletteIndex = useMemo(() => indexPalette(palette), [palette])
  const all = useMemo(() => lists.flat(), [lists])
  const field = useRef<HTMLInputElement>(null)
  const { typed, query, type } = useStoreQuery(urlQuery, (next) =>
    onSearch(withQuery(filters, next)),
  )
  // Typing stays quick; the listing follows as soon as the page is free.
  const term = useDeferredValue(query)
  const { status, ranks, prepare } = useProductQuery(all, palette, term)
  const matches = (product: Product) => !ranks || ranks.has(product.slug)
  const rank = (product: Product) => ranks?.get(product.slug) ?? 0

  const groups = familyKeys.map((family, index) => {
    const shown = filterProducts(lists[index] ?? [], filters).filter(matches)
    return { family, shown: ranks ? shown.sort((a, b) => rank(a) - rank(b)) : shown }
  })
  const shown = groups.reduce((sum, group) => sum + group.shown.length, 0)
  const clearSearch = () => {
    type('')
    field.current?.focus()
  }
  return (
    <article className="page">
      <h1>Store</h1>
      <p className="lead">
        Every suit, canopy, container and accessory we make, with what it costs today.
      </p>
      <StoreSearchField value={typed} onType={type} onPrepare={prepare} inputRef={field} />
      <CatalogBrowser
        products={ranks ? all.filter(matches) : all}
        shown={shown}
        searched={status === 'idle' ? undefined : { query: term, status }}
        search={filters}
        palette={paletteIndex}
        onSearch={(chosen) => onSearch(withQuery(chosen, query))}
      >
        {shown === 0 &&
          (ranks ? (
            <div className="note store-no-match">
              <p>
                Check the spelling, or try fewer words
                {hasFilters(filters) ? ' or fewer filters' : ''}.
              </p>
              <button type="button" className="button button-secondary" onClick={clearSearch}>
                Clear the search
              </button>
            </div>
          ) : (
            <p className="note">No products match these filters.</p>
          ))}
        {groups
          .filter((group) => group.shown.length > 0)
          .map(({ family, shown: products }) => (
            <section key={family} aria-labelledby={`family-${family}`} className="store-family">
              <h2 id={`family-${family}`}>
                <Link to={families[family].path}>{families[family].title}</Link>
              </h2>
              <ul className="product-grid">
                {products.map((product) => (
                  <ProductCard key={product.slug} product={product} heading="h3" />
                ))}
              </ul>
            </section>
          ))}
      </CatalogBrowser>
      {/* After the products (they come first on a phone); the tab bar's "Your designs" leads here. */}
      <div id="your-designs" className="your-designs">
        {savedDesigns}
      </div>
    </article>
  )
}
