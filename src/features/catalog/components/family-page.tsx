import { useSuspenseQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { families, type FamilyKey } from '../../../../contract/families.ts'
import { familyQuery } from '../api.ts'
import { filterProducts } from '../filters.ts'
import type { CatalogSearch } from '../search.ts'
import { indexPalette } from '../palette.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { CatalogBrowser } from './catalog-browser.tsx'
import { ProductCard } from './product-card.tsx'

interface FamilyPageProps {
  family: FamilyKey
  palette: PaletteSwatch[]
  search: CatalogSearch
  onSearch: (search: CatalogSearch) => void
}

/** A family's listing: every active product, narrowed by the filters in the URL. */
export function FamilyPage({ family, palette, search: urlSearch, onSearch }: FamilyPageProps) {
  const { data: products } = useSuspenseQuery(familyQuery(family))
  // The prerendered HTML is the unfiltered listing; the URL's filters apply once hydrated.
  const search = useHydrated() ? urlSearch : {}
  const paletteIndex = useMemo(() => indexPalette(palette), [palette])
  const shown = filterProducts(products, search)
  return (
    <article className="page">
      <h1>{families[family].title}</h1>
      {products.length === 0 ? (
        <p className="lead">Nothing in this range right now. Check back soon.</p>
      ) : (
        <CatalogBrowser
          products={products}
          shown={shown.length}
          search={search}
          palette={paletteIndex}
          onSearch={onSearch}
        >
          {shown.length > 0 ? (
            <ul className="product-grid">
              {shown.map((product) => (
                <ProductCard key={product.slug} product={product} heading="h2" />
              ))}
            </ul>
          ) : (
            <p className="note">No products match these filters.</p>
          )}
        </CatalogBrowser>
      )}
    </article>
  )
}
