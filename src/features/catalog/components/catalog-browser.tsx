import type { ReactNode } from 'react'
import type { Product } from '../api.ts'
import { catalogFacets } from '../filters.ts'
import type { PaletteIndex } from '../palette.ts'
import type { CatalogSearch } from '../search.ts'
import { CatalogFilters } from './catalog-filters.tsx'
import { FilterButton } from './filter-button.tsx'
import { FilterResults, type SearchedFor } from './filter-results.tsx'

interface CatalogBrowserProps {
  /** Every product the filters narrow (on the store, with a search: those that match it). */
  products: readonly Product[]
  /** How many of them the filters leave. */
  shown: number
  /** The store's search, said with the count. */
  searched?: SearchedFor
  search: CatalogSearch
  palette: PaletteIndex
  onSearch: (search: CatalogSearch) => void
  /** The products the filters leave, as the page lists them. */
  children: ReactNode
}

/**
 * A listing with its filters: beside the products on a wide screen, behind a button above them
 * on a phone, with how many match. The family pages and the store page list their products in it.
 */
export function CatalogBrowser({
  products,
  shown,
  searched,
  search,
  palette,
  onSearch,
  children,
}: CatalogBrowserProps) {
  const currency = products[0]?.currency ?? 'USD'
  return (
    <div className="catalog-layout">
      <CatalogFilters
        search={search}
        facets={catalogFacets(products, search)}
        palette={palette}
        currency={currency}
        onSearch={onSearch}
      />
      <div className="catalog-results">
        <div className="catalog-toolbar">
          <FilterButton
            products={products}
            search={search}
            palette={palette}
            currency={currency}
            onSearch={onSearch}
          />
          <FilterResults shown={shown} total={products.length} searched={searched} />
        </div>
        {children}
      </div>
    </div>
  )
}
