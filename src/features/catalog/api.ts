import { notFound } from '@tanstack/react-router'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Product as WireProduct } from '../../../contract/catalog.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import { api, ApiError, NetworkError, type Camelized } from '../../lib/api-client.ts'
import { db } from '../../lib/db.ts'

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
 * Live data from the API; with no network at all, the catalog snapshot kept in IndexedDB (see
 * offline.ts). Anything else (404, 500) is the API's answer and stands.
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
        () => db.catalogProduct(slug),
      ),
  })

export const familyQuery = (family: FamilyKey) =>
  queryOptions({
    queryKey: productKeys.list(family),
    queryFn: ({ signal }) =>
      orFromSnapshot(
        () => fetchFamily(family, signal),
        async () => {
          const saved = await db.catalogFamily(family)
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
): Promise<Product> {
  try {
    const product = await queryClient.ensureQueryData(productQuery(slug))
    if (Array.isArray(product) || product.family !== family) throw notFound()
    return product
  } catch (error) {
    if (isNotFound(error)) throw notFound()
    throw error
  }
}
