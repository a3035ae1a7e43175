import type { Product } from './api.ts'
import type { CatalogSearch } from './search.ts'

/** What filtering reads of a product. */
export type FilterableProduct = Pick<Product, 'sizes' | 'colors' | 'price' | 'variants'>

export function hasFilters(search: CatalogSearch): boolean {
  return Object.values(search).some((value) => value !== undefined)
}

/**
 * How many filters are in use, as the "Filter" button counts them: size, colour, price (a lower
 * bound, an upper bound or both are one price range) and "in stock only".
 */
export function activeFilterCount(search: CatalogSearch): number {
  const price = search.min !== undefined || search.max !== undefined
  return [
    search.size !== undefined,
    search.color !== undefined,
    price,
    search.inStock === true,
  ].filter(Boolean).length
}

/** A product is in stock when any of its variants is. */
export function isInStock(product: Pick<Product, 'variants'>): boolean {
  return product.variants.some((variant) => variant.inStock)
}

function matches(product: FilterableProduct, search: CatalogSearch): boolean {
  if (search.size !== undefined && !product.sizes.includes(search.size)) return false
  if (search.color !== undefined && !product.colors.includes(search.color)) return false
  if (search.min !== undefined && product.price < Math.round(search.min * 100)) return false
  if (search.max !== undefined && product.price > Math.round(search.max * 100)) return false
  if (search.inStock && !isInStock(product)) return false
  return true
}

export function filterProducts<P extends FilterableProduct>(
  products: readonly P[],
  search: CatalogSearch,
): P[] {
  return products.filter((product) => matches(product, search))
}

export interface FacetValue {
  value: string
  /** Products shown if this value were chosen, the other filters kept. */
  count: number
}

export interface CatalogFacets {
  sizes: FacetValue[]
  colors: FacetValue[]
  /** Products shown if "in stock" were ticked, the other filters kept. */
  inStock: number
}

function facet(
  products: readonly FilterableProduct[],
  others: CatalogSearch,
  valuesOf: (product: FilterableProduct) => readonly string[],
  selected: string | undefined,
): FacetValue[] {
  const counts = new Map<string, number>()
  for (const product of products) for (const value of valuesOf(product)) counts.set(value, 0)
  // A value from a shared link that no product has stays visible, so it can be seen and undone.
  if (selected !== undefined && !counts.has(selected)) counts.set(selected, 0)
  for (const product of filterProducts(products, others)) {
    for (const value of new Set(valuesOf(product))) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  return [...counts].map(([value, count]) => ({ value, count }))
}

/**
 * The values each filter offers, in the order products list them, with how many products
 * each would show: counted against the other filters, so a shopper can switch a value
 * without first clearing it.
 */
export function catalogFacets(
  products: readonly FilterableProduct[],
  search: CatalogSearch,
): CatalogFacets {
  return {
    sizes: facet(products, { ...search, size: undefined }, (p) => p.sizes, search.size),
    colors: facet(products, { ...search, color: undefined }, (p) => p.colors, search.color),
    inStock: filterProducts(products, { ...search, inStock: true }).length,
  }
}
