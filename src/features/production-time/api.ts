import { queryOptions } from '@tanstack/react-query'
import type { ProductionTime as WireProductionTime } from '../../../contract/production-time.ts'
import { api, type Camelized } from '../../lib/api-client.ts'

export type ProductionTime = Camelized<WireProductionTime>

export const productionTimeKeys = {
  all: ['production-time'] as const,
  table: () => [...productionTimeKeys.all, 'table'] as const,
}

export function fetchProductionTime(signal?: AbortSignal): Promise<ProductionTime> {
  return api.get<ProductionTime>('/api/order/production-time', { signal })
}

/**
 * The whole table, for `/production-time` and for the note on each product page. Product
 * pages read their category from it rather than from `/api/product/production-time/category/`:
 * that answers 404 for a category with no figures (apparel), which the browser reports as a
 * console error on every such page.
 */
export const productionTimeQuery = () =>
  queryOptions({
    queryKey: productionTimeKeys.table(),
    queryFn: ({ signal }) => fetchProductionTime(signal),
    // The workshop revises these figures every few weeks; one fetch per visit is plenty.
    staleTime: 5 * 60 * 1000,
  })
