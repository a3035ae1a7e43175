import { lazy, Suspense, useRef, useState } from 'react'
import type { Product } from '../api.ts'
import { activeFilterCount } from '../filters.ts'
import type { PaletteIndex } from '../palette.ts'
import type { CatalogSearch } from '../search.ts'

const loadFilterSheet = () => import('./filter-sheet.tsx')
const FilterSheet = lazy(() =>
  loadFilterSheet().then(({ FilterSheet }) => ({ default: FilterSheet })),
)

interface FilterButtonProps {
  products: readonly Product[]
  search: CatalogSearch
  palette: PaletteIndex
  currency: string
  onSearch: (search: CatalogSearch) => void
}

/**
 * A phone's way to the filters: the list comes first, the filters wait behind this button,
 * which says how many are in use. The sheet's code loads on the first press.
 */
export function FilterButton({ products, search, palette, currency, onSearch }: FilterButtonProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const count = activeFilterCount(search)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button-secondary filter-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadFilterSheet()}
        onClick={() => setOpen(true)}
      >
        Filter
        {count > 0 && ' '}
        {count > 0 && (
          <span className="count-badge">
            {count}
            <span className="visually-hidden"> in use</span>
          </span>
        )}
      </button>
      {open && (
        <Suspense>
          <FilterSheet
            products={products}
            search={search}
            palette={palette}
            currency={currency}
            returnFocus={button}
            onApply={(chosen) => {
              setOpen(false)
              onSearch(chosen)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
