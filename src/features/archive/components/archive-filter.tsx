import { useId } from 'react'
import { families } from '../../../../contract/families.ts'
import type { ArchiveCategoryFacet } from '../facets.ts'

interface ArchiveFilterProps {
  facets: ArchiveCategoryFacet[]
  total: number
  category: string | undefined
  onCategory: (category: string | undefined) => void
}

/** Narrows the archive to a category or one product; the choice goes to the URL. */
export function ArchiveFilter({ facets, total, category, onCategory }: ArchiveFilterProps) {
  const id = useId()
  return (
    <p className="filter-field archive-filter">
      <label htmlFor={id}>Show suits built on</label>
      <select
        id={id}
        value={category ?? ''}
        onChange={(event) => onCategory(event.target.value || undefined)}
      >
        <option value="">Every product ({total})</option>
        {facets.map((facet) => (
          <optgroup key={facet.category} label={families[facet.category].title}>
            <option value={facet.category}>
              All {families[facet.category].title.toLowerCase()} ({facet.count})
            </option>
            {facet.products.map((product) => (
              <option key={product.slug} value={product.slug}>
                {product.name} ({product.count})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </p>
  )
}
