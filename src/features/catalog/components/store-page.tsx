import { useSuspenseQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { families, familyKeys } from '../../../../contract/families.ts'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { familyQuery } from '../api.ts'
import { filterProducts } from '../filters.ts'
import type { CatalogSearch } from '../search.ts'
import { indexPalette } from '../palette.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { CatalogBrowser } from './catalog-browser.tsx'
import { ProductCard } from './product-card.tsx'

interface StorePageProps {
  palette: PaletteSwatch[]
  search: CatalogSearch
  onSearch: (search: CatalogSearch) => void
  /** The customer's own designs kept on this device (another feature's, composed by the route). */
  savedDesigns?: ReactNode
}

/** `/store`: every active product, grouped by family, narrowed by the filters in the URL. */
export function StorePage({ palette, search: urlSearch, onSearch, savedDesigns }: StorePageProps) {
  const lists = useSuspenseQueries({ queries: familyKeys.map((family) => familyQuery(family)) })
  // The prerendered HTML is the unfiltered store; the URL's filters apply once hydrated.
  const search = useHydrated() ? urlSearch : {}
  const paletteIndex = useMemo(() => indexPalette(palette), [palette])
  const groups = familyKeys.map((family, index) => {
    const products = lists[index]?.data ?? []
    return { family, products, shown: filterProducts(products, search) }
  })
  const all = groups.flatMap((group) => group.products)
  const shown = groups.reduce((sum, group) => sum + group.shown.length, 0)
  return (
    <article className="page">
      <h1>Store</h1>
      <p className="lead">
        Every suit, canopy, container and accessory we make, with what it costs today.
      </p>
      <CatalogBrowser
        products={all}
        shown={shown}
        search={search}
        palette={paletteIndex}
        onSearch={onSearch}
      >
        {shown === 0 && <p className="note">No products match these filters.</p>}
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
