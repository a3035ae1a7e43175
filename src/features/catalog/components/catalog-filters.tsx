import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
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
  /**
   * In the phone's filter sheet: prices count as they are typed (the sheet applies everything
   * when it closes), and the sheet's own title names the panel.
   */
  live?: boolean
}

function amountOf(field: FormDataEntryValue | null): number | undefined {
  const value = typeof field === 'string' && field.trim() !== '' ? Number(field) : NaN
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

/**
 * The filter panel of the store and the family listings: beside the list on a wide screen,
 * where every change goes to the URL, and in the filter sheet on a phone.
 */
export function CatalogFilters({
  search,
  facets,
  palette,
  currency,
  onSearch,
  live = false,
}: CatalogFiltersProps) {
  const id = useId()
  // Typed prices are the inputs' own state: a clear must empty them.
  const [clears, setClears] = useState(0)
  const set = (change: Partial<CatalogSearch>) => onSearch({ ...search, ...change })
  const typePrice = ({ target }: ChangeEvent<HTMLInputElement>) =>
    set(target.name === 'min' ? { min: amountOf(target.value) } : { max: amountOf(target.value) })

  // Prices apply on submit (Enter or the button), not per keystroke.
  function applyPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    set({ min: amountOf(form.get('min')), max: amountOf(form.get('max')) })
  }

  return (
    <section
      className={live ? 'catalog-filters catalog-filters-live' : 'catalog-filters'}
      aria-labelledby={live ? undefined : `${id}-heading`}
      aria-label={live ? 'Filters' : undefined}
    >
      {!live && <h2 id={`${id}-heading`}>Filter</h2>}
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
        // While typing in the sheet, only a clear does (a new key would drop the focus).
        key={live ? clears : `${search.min ?? ''}:${search.max ?? ''}`}
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
            onChange={live ? typePrice : undefined}
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
            onChange={live ? typePrice : undefined}
          />
        </p>
        {!live && (
          <button type="submit" className="button button-secondary">
            Apply price
          </button>
        )}
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
        onClick={() => {
          onSearch({})
          setClears((count) => count + 1)
        }}
      >
        Clear filters
      </button>
    </section>
  )
}
