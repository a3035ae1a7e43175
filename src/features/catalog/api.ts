import { notFound } from '@tanstack/react-router'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Product as WireProduct } from '../../../contract/catalog.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import { api, ApiError, type Camelized } from '../../lib/api-client.ts'

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

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: ({ signal }) => fetchProduct(slug, signal),
  })

export const familyQuery = (family: FamilyKey) =>
  queryOptions({
    queryKey: productKeys.list(family),
    queryFn: ({ signal }) => fetchFamily(family, signal),
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
