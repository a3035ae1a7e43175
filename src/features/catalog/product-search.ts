import MiniSearch, { type SearchOptions } from 'minisearch'
import { families } from '../../../contract/families.ts'
import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import type { Product } from './api.ts'

/*
 * Product search, answered in the browser from the catalog the page already reads: the family
 * listings from the API, or with no network the catalog snapshot in IndexedDB (api.ts). MiniSearch
 * is imported only here and by the guides' search, and only the search sheet imports this module,
 * so none of it loads before a visitor opens the search.
 */

interface ProductDocument {
  slug: string
  name: string
  family: string
  /** The variants' names ("Mission bag, navy", "Corvid 2, size M"). */
  variants: string
  /** The product's SKU and its variants': split on "-" into words, so "CORVID2" finds them. */
  skus: string
  /** The palette names of the product's colours. */
  colors: string
  summary: string
}

/** Words that tell products apart in none of their fields. */
const stopWords = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'the', 'to', 'with'])

function processTerm(term: string): string | null {
  const lower = term.toLowerCase()
  return lower === '' || stopWords.has(lower) ? null : lower
}

/**
 * The name counts most, then the family, colour and variant, then the summary. Prefix matching
 * answers as the shopper types ("corv" finds the Corvid); fuzzy matching forgives a typo in a
 * longer word ("mision bag", "corvd").
 */
const searchOptions: SearchOptions = {
  boost: { name: 4, family: 2, colors: 2, variants: 1.5, skus: 1.5, summary: 0.5 },
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'AND',
}

export interface ProductIndex {
  search: MiniSearch<ProductDocument>
  bySlug: ReadonlyMap<string, Product>
}

export function createProductIndex(
  products: readonly Product[],
  palette: readonly PaletteSwatch[],
): ProductIndex {
  const colorNames = new Map(palette.map((swatch) => [swatch.id, swatch.name]))
  const search = new MiniSearch<ProductDocument>({
    idField: 'slug',
    fields: ['name', 'family', 'variants', 'skus', 'colors', 'summary'],
    processTerm,
    searchOptions,
  })
  const bySlug = new Map<string, Product>()
  for (const product of products) {
    // A product listed twice (a family answered twice) is indexed once.
    if (bySlug.has(product.slug)) continue
    bySlug.set(product.slug, product)
    search.add({
      slug: product.slug,
      name: product.name,
      family: families[product.family].title,
      variants: product.variants.map((variant) => variant.name).join(' '),
      skus: [product.sku, ...product.variants.map((variant) => variant.sku)].join(' '),
      colors: product.colors.map((id) => colorNames.get(id) ?? '').join(' '),
      summary: product.summary,
    })
  }
  return { search, bySlug }
}

/**
 * The products that match every word of the query, best first; when none matches them all,
 * those that match any, so a shopper who adds a word too many still sees something.
 */
export function searchProducts(index: ProductIndex, query: string): Product[] {
  let results = index.search.search(query)
  if (results.length === 0) results = index.search.search(query, { combineWith: 'OR' })
  return results.flatMap((result) => index.bySlug.get(String(result.id)) ?? [])
}
