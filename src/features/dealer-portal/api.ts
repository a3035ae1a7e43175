import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  CommissionBalanceRequest,
  DealerCommission as WireDealerCommission,
  DealerCustomers as WireDealerCustomers,
  DealerOrdersPage as WireDealerOrdersPage,
} from '../../../contract/dealer.ts'
import { api, type Camelized } from '../../lib/api-client.ts'
import { persisted, shouldRetry } from '../../lib/query-client.ts'

/*
 * The dealer portal's calls (docs/dealers.md), one typed function each, and their queries. The
 * answers are the dealer's own, persisted like the account's (shown at once and offline, forgotten
 * at sign-out). Payout requests carry an Idempotency-Key made when the dealer pressed the button,
 * so a double press or a lost answer never asks twice.
 */

export type DealerCommission = Camelized<WireDealerCommission>
export type DealerCustomers = Camelized<WireDealerCustomers>
export type DealerOrdersPage = Camelized<WireDealerOrdersPage>

export const dealerKeys = {
  all: ['dealer'] as const,
  customers: () => [...dealerKeys.all, 'customers'] as const,
  orders: () => [...dealerKeys.all, 'orders'] as const,
  commission: () => [...dealerKeys.all, 'commission'] as const,
}

export const fetchDealerCustomers = (signal?: AbortSignal) =>
  api.get<DealerCustomers>('/api/order/get-dealer-customers', { auth: true, signal })

export const fetchDealerOrders = (signal?: AbortSignal) =>
  api.get<DealerOrdersPage>('/api/order/get-orders', {
    auth: true,
    signal,
    searchParams: { dealer_orders: 'true', per_page: 50 },
  })

export const fetchCommission = (signal?: AbortSignal) =>
  api.get<DealerCommission>('/api/order/dealer-comission', { auth: true, signal })

/** The ledger as the CSV the shop exports (text, not JSON). */
export const fetchLedgerCsv = () =>
  api.get<string>('/api/order/dealer-comission/csv', { auth: true })

export const dealerCustomersQuery = () =>
  queryOptions({
    queryKey: dealerKeys.customers(),
    queryFn: ({ signal }) => fetchDealerCustomers(signal),
    retry: shouldRetry,
    ...persisted,
  })

export const dealerOrdersQuery = () =>
  queryOptions({
    queryKey: dealerKeys.orders(),
    queryFn: ({ signal }) => fetchDealerOrders(signal),
    retry: shouldRetry,
    ...persisted,
  })

export const commissionQuery = () =>
  queryOptions({
    queryKey: dealerKeys.commission(),
    queryFn: ({ signal }) => fetchCommission(signal),
    retry: shouldRetry,
    ...persisted,
  })

/** A new payout request's key, made when the dealer acts. */
export const newPayoutKey = () => `payout-${crypto.randomUUID()}`

export function requestPayout(body: CommissionBalanceRequest, idempotencyKey: string) {
  return api.post<DealerCommission>('/api/payment/commission-balance', body, {
    auth: true,
    idempotencyKey,
  })
}

export function changePayout(id: string, body: CommissionBalanceRequest, idempotencyKey: string) {
  return api.post<DealerCommission>(
    `/api/payment/commission-balance/${encodeURIComponent(id)}`,
    body,
    { auth: true, idempotencyKey },
  )
}

/** The answer of a payout call is the new balance and ledger: the screen shows it at once. */
export function keepCommission(client: QueryClient, commission: DealerCommission) {
  client.setQueryData(dealerKeys.commission(), commission)
}

/** POST /api/order/place-for: the dealer's open cart is for this customer (null: itself). */
export function placeCartFor(customerId: string | null) {
  return api.post<{ placedFor: { id: string; email: string; name: string | null } | null }>(
    '/api/order/place-for',
    { customer_id: customerId },
    { auth: true },
  )
}
