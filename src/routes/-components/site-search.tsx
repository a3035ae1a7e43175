import { Link } from '@tanstack/react-router'
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { productStockLabel } from '../../../contract/availability.ts'
import { familyKeys, families } from '../../../contract/families.ts'
import { formatMoney } from '../../../contract/money.ts'
import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import type { LearnSearchData } from '../../../contract/page-data/learn.ts'
import type { SearchSheetProps } from '../../components/search-button.tsx'
import { Sheet } from '../../components/sheet.tsx'
import { familyQuery, loadPalette, type Product } from '../../features/catalog/api.ts'
import { createProductIndex, searchProducts } from '../../features/catalog/product-search.ts'
import { learnSearchQuery } from '../../features/learn/api.ts'
import { Highlighted } from '../../features/learn/components/highlighted.tsx'
import { createLearnIndex, searchLearn } from '../../features/learn/search.ts'
import { loadQueryClient } from '../../lib/data-layer.ts'
import './site-search.css'

/** How many guides the sheet lists; the guides' own page lists them all. Every product is listed. */
const GUIDES_SHOWN = 5

export interface SearchSources {
  /** Every family the device could read: live, or the catalog snapshot with no network. */
  products: Product[]
  palette: PaletteSwatch[]
  /** null when the guides' data file could not be read (offline before it was saved). */
  guides: LearnSearchData | null
}

/**
 * What the search reads: the same family listings and palette as the store (so offline, the
 * catalog snapshot in IndexedDB), and the guides' search file. A family or a file that cannot be
 * read leaves out what it holds, not the rest.
 */
export async function loadSearchSources(): Promise<SearchSources> {
  const client = await loadQueryClient()
  const [palette, guides, ...lists] = await Promise.allSettled([
    loadPalette(),
    client.ensureQueryData(learnSearchQuery()),
    ...familyKeys.map((family) => client.ensureQueryData(familyQuery(family))),
  ])
  return {
    products: lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : [])),
    palette: palette.status === 'fulfilled' ? palette.value : [],
    guides: guides.status === 'fulfilled' ? guides.value : null,
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The line read out as the results change. */
export function searchSummary(
  term: string,
  products: number,
  guides: number | null,
  catalogSaved: boolean,
): string {
  if (!catalogSaved)
    return 'The catalog is not saved on this device yet. Search products once you are online.'
  if (term === '') return 'Type a product’s name, family, size, colour or SKU, or a guide’s topic.'
  const found =
    guides === null
      ? plural(products, 'product matches', 'products match')
      : `${plural(products, 'product', 'products')} and ${plural(guides, 'guide', 'guides')} match`
  return `${found} “${term}”.`
}

/**
 * The app bar's search sheet: products by name, family, variant, SKU and colour, and the guides
 * under their own heading, answered in the browser as the shopper types, online or off.
 */
export default function SiteSearchSheet({
  open,
  onOpenChange,
  returnFocus,
  load = loadSearchSources,
}: SearchSheetProps & { load?: () => Promise<SearchSources> }) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [draft, setDraft] = useState('')
  const [sources, setSources] = useState<SearchSources | null>(null)
  useEffect(() => {
    let current = true
    load().then(
      (loaded) => current && setSources(loaded),
      () => current && setSources({ products: [], palette: [], guides: null }),
    )
    return () => {
      current = false
    }
  }, [load])

  const products = useMemo(
    () => sources && createProductIndex(sources.products, sources.palette),
    [sources],
  )
  const guides = useMemo(
    () => sources?.guides && createLearnIndex(sources.guides.articles),
    [sources],
  )
  const term = useDeferredValue(draft.replace(/\s+/g, ' ').trim())
  const productHits = useMemo(
    () => (products && term ? searchProducts(products, term) : []),
    [products, term],
  )
  const guideHits = useMemo(() => (guides && term ? searchLearn(guides, term) : []), [guides, term])
  const guideTitles = useMemo(
    () => new Map(sources?.guides?.articles.map((article) => [article.slug, article]) ?? []),
    [sources],
  )

  // Following a result closes the sheet; the new page takes focus as any navigation does.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) onOpenChange(false)
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      returnFocus={returnFocus}
      initialFocus={input}
      className="search-sheet"
    >
      <form
        role="search"
        className="search-sheet-form"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={inputId}>Products and guides</label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={draft}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="e.g. corvid, mission bag, navy"
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
      <p role="status" className="search-sheet-status">
        {sources === null
          ? 'Loading the catalog…'
          : searchSummary(
              term,
              productHits.length,
              sources.guides ? guideHits.length : null,
              sources.products.length > 0,
            )}
      </p>
      {term !== '' && (
        <div onClick={closeOnLink}>
          {productHits.length > 0 && (
            <section aria-labelledby={`${inputId}-products`}>
              <h3 id={`${inputId}-products`}>Products</h3>
              <ul className="search-sheet-products">
                {productHits.map((product) => (
                  <li key={product.slug}>
                    <Link to={product.path}>{product.name}</Link>
                    <span>
                      {families[product.family].title} ·{' '}
                      {formatMoney(product.price, product.currency)} ·{' '}
                      {productStockLabel(product.variants)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {guideHits.length > 0 && (
            <section aria-labelledby={`${inputId}-guides`}>
              <h3 id={`${inputId}-guides`}>Guides</h3>
              <ul className="search-sheet-guides">
                {guideHits.slice(0, GUIDES_SHOWN).map((hit) => {
                  const article = guideTitles.get(hit.slug)
                  if (!article) return null
                  return (
                    <li key={hit.slug}>
                      <Link to="/learn/$slug" params={{ slug: hit.slug }}>
                        <Highlighted text={article.title} terms={hit.terms} />
                      </Link>
                    </li>
                  )
                })}
              </ul>
              <p>
                <Link to="/learnSearch/$" params={{ _splat: term }}>
                  {guideHits.length > GUIDES_SHOWN
                    ? `All ${guideHits.length} guides about “${term}”`
                    : 'Search the guides'}
                </Link>
              </p>
            </section>
          )}
        </div>
      )}
    </Sheet>
  )
}
