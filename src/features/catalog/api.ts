import { notFound } from '@tanstack/react-router'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Product as WireProduct } from '../../../contract/catalog.ts'
import { families, familyKeys, productPath, type FamilyKey } from '../../../contract/families.ts'
import type { PaletteSwatch, StorePageData } from '../../../contract/page-data/catalog.ts'
import { api, ApiError, NetworkError, type Camelized } from '../../lib/api-client.ts'
import { withHead } from '../../lib/head.ts'
import { fetchPageData } from '../../lib/page-data.ts'
import { productHead } from './json-ld.ts'

export type Product = Camelized<WireProduct>

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (family: FamilyKey) => [...productKeys.lists(), family] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (slug: string) => [...productKeys.details(), slug] as const,
}

export function fetchProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/api/product/${encodeURIComponent(slug)}`, {
    searchParams: { active: 1 },
    signal,
  })
}

export function fetchFamily(family: FamilyKey, signal?: AbortSignal): Promise<Product[]> {
  return api.get<Product[]>(`/api/product/${family}`, { searchParams: { active: 1 }, signal })
}

/**
 * The catalog snapshot's database, loaded only when it is read: IndexedDB (Dexie) has no place
 * in a product page's first load while the network answers.
 */
const snapshotDb = () => import('../../lib/db.ts').then((module) => module.db)

/**
 * Live data from the API; with no network at all, the catalog snapshot kept in IndexedDB (see
 * store-db/catalog-snapshot.ts). Anything else (404, 500) is the API's answer and stands.
 */
async function orFromSnapshot<T>(
  live: () => Promise<T>,
  snapshot: () => Promise<T | undefined>,
): Promise<T> {
  try {
    return await live()
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error
    const saved = await snapshot()
    if (saved === undefined) throw error
    return saved
  }
}

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: ({ signal }) =>
      orFromSnapshot(
        () => fetchProduct(slug, signal),
        async () => (await snapshotDb()).catalogProduct(slug),
      ),
  })

export const familyQuery = (family: FamilyKey) =>
  queryOptions({
    queryKey: productKeys.list(family),
    queryFn: ({ signal }) =>
      orFromSnapshot(
        () => fetchFamily(family, signal),
        async () => {
          const saved = await (await snapshotDb()).catalogFamily(family)
          return saved.length > 0 ? saved : undefined
        },
      ),
  })

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/**
 * Loads a product for a family's detail route. A slug that is unknown, inactive, or belongs to
 * another family is the 404 page, as the server answers for the same URL.
 */
export async function loadProduct(
  queryClient: QueryClient,
  family: FamilyKey,
  slug: string,
  discipline: 'base-jumping' | 'skydiving' | null = null,
): Promise<Product> {
  try {
    const product = await queryClient.ensureQueryData(productQuery(slug))
    // Only at its own path, as the server decides: `/equipment/accessories/goggles` is not
    // the page of goggles that live under /equipment/accessories/skydiving/.
    const here = productPath({ family, slug, discipline })
    if (Array.isArray(product) || product.path !== here) throw notFound()
    return product
  } catch (error) {
    if (isNotFound(error)) throw notFound()
    throw error
  }
}

/** The palette comes with the store's data file: the API serves no palette (content/ does). */
export async function fetchPalette(): Promise<PaletteSwatch[]> {
  return (await fetchPageData<StorePageData>('/store')).palette
}

/** The palette, from the catalog snapshot when there is no network. */
export function loadPalette(): Promise<PaletteSwatch[]> {
  return orFromSnapshot(fetchPalette, async () => (await snapshotDb()).catalogPalette())
}

/**
 * The palette as a query (the cart's drawings of configured lines). Not persisted: the catalog
 * never goes to localStorage.
 */
export const paletteQuery = queryOptions({
  queryKey: ['palette'] as const,
  queryFn: () => loadPalette(),
})

/** `/store`: every family at once, and the palette for the colour filter. */
export async function loadStore(queryClient: QueryClient) {
  const [palette] = await Promise.all([
    loadPalette(),
    ...familyKeys.map((family) => queryClient.ensureQueryData(familyQuery(family))),
  ])
  return withHead(
    { palette },
    {
      title: 'Store',
      summary: 'Every wingsuit, tracking suit, canopy, container and accessory Glidecraft makes.',
    },
  )
}

/** A family's listing: its products and the palette for the colour filter. */
export async function loadFamilyListing(queryClient: QueryClient, family: FamilyKey) {
  const [palette] = await Promise.all([
    loadPalette(),
    queryClient.ensureQueryData(familyQuery(family)),
  ])
  return withHead({ palette }, { title: families[family].title })
}

/** A product page: the product (404 as loadProduct), its family for related products, colours. */
export async function loadProductPage(
  queryClient: QueryClient,
  family: FamilyKey,
  slug: string,
  discipline: 'base-jumping' | 'skydiving' | null = null,
) {
  const [product, palette] = await Promise.all([
    loadProduct(queryClient, family, slug, discipline),
    loadPalette(),
    queryClient.ensureQueryData(familyQuery(family)),
  ])
  return { product, palette, head: productHead(product) }
}
