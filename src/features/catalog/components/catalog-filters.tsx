import { useId, type FormEvent } from 'react'
import { hasFilters, type CatalogFacets } from '../filters.ts'
import type { CatalogSearch } from '../search.ts'
import { swatchOf, type PaletteIndex } from '../palette.ts'
import { ColorSwatch } from '../../../components/color-swatch.tsx'

interface CatalogFiltersProps {
  search: CatalogSearch
  facets: CatalogFacets
  palette: PaletteIndex
  currency: string
  onSearch: (search: CatalogSearch) => void
}

function amountOf(field: FormDataEntryValue | null): number | undefined {
  const value = typeof field === 'string' && field.trim() !== '' ? Number(field) : NaN
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

/** The filter panel of the store and the family listings; every change goes to the URL. */
export function CatalogFilters({
  search,
  facets,
  palette,
  currency,
  onSearch,
}: CatalogFiltersProps) {
  const id = useId()
  const set = (change: Partial<CatalogSearch>) => onSearch({ ...search, ...change })

  // Prices apply on submit (Enter or the button), not per keystroke.
  function applyPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    set({ min: amountOf(form.get('min')), max: amountOf(form.get('max')) })
  }

  return (
    <section className="catalog-filters" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Filter</h2>
      {facets.sizes.length > 0 && (
        <p className="filter-field">
          <label htmlFor={`${id}-size`}>Size</label>
          <select
            id={`${id}-size`}
            value={search.size ?? ''}
            onChange={(event) => set({ size: event.target.value || undefined })}
          >
            <option value="">Any size</option>
            {facets.sizes.map(({ value, count }) => (
              <option key={value} value={value}>
                {value} ({count})
              </option>
            ))}
          </select>
        </p>
      )}
      {facets.colors.length > 0 && (
        <fieldset className="filter-colors">
          <legend>Colour</legend>
          <ul>
            <li>
              <label>
                <input
                  type="radio"
                  name={`${id}-color`}
                  checked={search.color === undefined}
                  onChange={() => set({ color: undefined })}
                />
                Any colour
              </label>
            </li>
            {facets.colors.map(({ value, count }) => {
              const swatch = swatchOf(palette, value)
              return (
                <li key={value}>
                  <label>
                    <input
                      type="radio"
                      name={`${id}-color`}
                      value={value}
                      checked={search.color === value}
                      onChange={() => set({ color: value })}
                    />
                    <ColorSwatch hex={swatch.hex} />
                    {swatch.name} ({count})
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      <form
        className="filter-price"
        aria-label={`Price in ${currency}`}
        onSubmit={applyPrice}
        // New values from the URL (a clear, a shared link) replace what was typed.
        key={`${search.min ?? ''}:${search.max ?? ''}`}
      >
        <p className="filter-field">
          <label htmlFor={`${id}-min`}>Price from ({currency})</label>
          <input
            id={`${id}-min`}
            name="min"
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            defaultValue={search.min}
          />
        </p>
        <p className="filter-field">
          <label htmlFor={`${id}-max`}>Price to ({currency})</label>
          <input
            id={`${id}-max`}
            name="max"
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            defaultValue={search.max}
          />
        </p>
        <button type="submit" className="button button-secondary">
          Apply price
        </button>
      </form>
      <p className="filter-field filter-check">
        <label>
          <input
            type="checkbox"
            checked={search.inStock === true}
            onChange={(event) => set({ inStock: event.target.checked ? true : undefined })}
          />
          In stock only ({facets.inStock})
        </label>
      </p>
      <button
        type="button"
        className="button"
        disabled={!hasFilters(search)}
        onClick={() => onSearch({})}
      >
        Clear filters
      </button>
    </section>
  )
}
