import { useState, type RefObject } from 'react'
import { Sheet } from '../../../components/sheet.tsx'
import type { Product } from '../api.ts'
import { catalogFacets, filterProducts } from '../filters.ts'
import type { PaletteIndex } from '../palette.ts'
import type { CatalogSearch } from '../search.ts'
import { CatalogFilters } from './catalog-filters.tsx'
import { FilterResults } from './filter-results.tsx'

interface FilterSheetProps {
  products: readonly Product[]
  search: CatalogSearch
  palette: PaletteIndex
  currency: string
  /** Called with the chosen filters when the sheet closes, however it closes. */
  onApply: (search: CatalogSearch) => void
  returnFocus: RefObject<HTMLElement | null>
}

/**
 * The phone's filters, in a sheet over the list: choices count live against the products
 * (the count says what closing will show), and apply when the sheet closes, into the URL as
 * the wide screen's panel does.
 */
export function FilterSheet({
  products,
  search,
  palette,
  currency,
  onApply,
  returnFocus,
}: FilterSheetProps) {
  const [draft, setDraft] = useState(search)
  const shown = filterProducts(products, draft).length
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onApply(draft)}
      title="Filter"
      returnFocus={returnFocus}
      footer={
        <>
          <FilterResults shown={shown} total={products.length} />
          <button type="button" className="button" onClick={() => onApply(draft)}>
            Show {shown} {shown === 1 ? 'product' : 'products'}
          </button>
        </>
      }
    >
      <CatalogFilters
        search={draft}
        facets={catalogFacets(products, draft)}
        palette={palette}
        currency={currency}
        onSearch={setDraft}
        live
      />
    </Sheet>
  )
}
