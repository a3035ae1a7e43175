import type { QueryClient } from '@tanstack/react-query'
import type {
  AdminCustomerDetail as WireCustomerDetail,
  AdminCustomersPage as WireCustomersPage,
  AdminDealerDetail as WireDealerDetail,
  AdminDealersList as WireDealersList,
  TieDealerRequest,
} from '../../../../contract/admin-people.ts'
import type { Role } from '../../../../contract/user.ts'
import { api, type Camelized } from '../../../lib/api-client.ts'
import type { Read } from '../../../lib/kept-orders.ts'
import { adminKeys, adminQuery, keptAdminQuery } from '../query.ts'

/*
 * The back office's customers and dealers (docs/back-office.md, "Customers and dealers"), one
 * typed function per call. A search is asked of the network only; an account's page, the dealer
 * list and a dealer's page are kept on the device, so the owner can read them offline. Every
 * action answers the page as it left it, which replaces the one shown.
 */

export type CustomersPage = Camelized<WireCustomersPage>
export type CustomerRow = CustomersPage['customers'][number]
export type CustomerDetail = Camelized<WireCustomerDetail>
export type DealersList = Camelized<WireDealersList>
export type DealerRow = DealersList['dealers'][number]
export type DealerDetail = Camelized<WireDealerDetail>
/** POST /api/admin/login-link's answer (server/routes/admin.ts). */
export interface LoginLink {
  url: string
  expiresAt: string
}

/** The customer list's search, as it sits in the URL (`?q=kari&role=customer&page=2`). */
export interface CustomerSearch {
  q?: string
  role?: Role
  page?: number
}

export const peopleKeys = {
  all: [...adminKeys.all, 'people'] as const,
  customerLists: () => [...peopleKeys.all, 'customers'] as const,
  customers: (search: CustomerSearch) => [...peopleKeys.customerLists(), search] as const,
  customer: (id: string) => [...peopleKeys.all, 'customer', id] as const,
  dealers: () => [...peopleKeys.all, 'dealers'] as const,
  dealer: (id: string) => [...peopleKeys.all, 'dealer', id] as const,
}

const auth = { auth: true } as const
const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/')

export function fetchCustomers(search: CustomerSearch, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = {}
  if (search.q) searchParams.q = search.q
  if (search.role) searchParams.role = search.role
  if (search.page && search.page > 1) searchParams.page = search.page
  return api.get<CustomersPage>('/api/admin/customers', { ...auth, searchParams, signal })
}

export const customersQuery = (search: CustomerSearch) =>
  adminQuery(peopleKeys.customers(search), (signal) => fetchCustomers(search, signal))

export const customerQuery = (id: string) =>
  keptAdminQuery(peopleKeys.customer(id), `customer:${id}`, (signal) =>
    api.get<CustomerDetail>(`/api/admin/customers/${path(id)}`, { ...auth, signal }),
  )

export const dealersQuery = () =>
  keptAdminQuery(peopleKeys.dealers(), 'dealers', (signal) =>
    api.get<DealersList>('/api/admin/dealers', { ...auth, signal }),
  )

export const dealerQuery = (id: string) =>
  keptAdminQuery(peopleKeys.dealer(id), `dealer:${id}`, (signal) =>
    api.get<DealerDetail>(`/api/admin/dealers/${path(id)}`, { ...auth, signal }),
  )

/** A one-time link that signs in as the account (never an admin's or staff's: a 422 under `email`). */
export const makeLoginLink = (email: string) =>
  api.post<LoginLink>('/api/admin/login-link', { email }, auth)

export const signOutEverywhere = (id: string) =>
  api.post<CustomerDetail>(`/api/admin/customers/${path(id)}/sign-out-everywhere`, undefined, auth)

export const tieDealer = (id: string, body: TieDealerRequest) =>
  api.post<DealerDetail>(`/api/admin/dealers/${path(id)}/tie`, body, auth)

/** Admins only; the rate in basis points (1250 = 12.5 %). */
export const setDealerRate = (id: string, rateBp: number) =>
  api.post<DealerDetail>(`/api/admin/dealers/${path(id)}/rate`, { rate_bp: rateBp }, auth)

export const linkCustomer = (id: string, email: string) =>
  api.post<DealerDetail>(`/api/admin/dealers/${path(id)}/customers`, { email }, auth)

export const unlinkCustomer = (id: string, customerId: string) =>
  api.post<DealerDetail>(
    `/api/admin/dealers/${path(id, 'customers', customerId)}/unlink`,
    undefined,
    auth,
  )

export const markPayoutPaid = (payoutId: string) =>
  api.post<DealerDetail>(`/api/admin/payouts/${path(payoutId)}/mark-paid`, undefined, auth)

/**
 * The dealer's ledger as CSV text. Read through the API client because the call needs the bearer
 * token, which a plain link cannot carry; the screen saves it as a file.
 */
export const fetchDealerLedgerCsv = (id: string) =>
  api.get<string>(`/api/admin/dealers/${path(id)}/ledger.csv`, {
    ...auth,
    headers: { Accept: 'text/csv' },
  })

/** What the server just answered, as a read: shown at once in place of the older one. */
function fresh<T>(data: T): Read<T> {
  return { data, savedAt: Date.now(), fromDevice: false }
}

/** An action's answer is the account's page now; lists that count its orders or sessions are stale. */
export function keepCustomer(client: QueryClient, customer: CustomerDetail) {
  client.setQueryData(peopleKeys.customer(customer.id), fresh(customer))
  void client.invalidateQueries({ queryKey: peopleKeys.customerLists() })
}

/** An action's answer is the dealer's page now; the list's figures (rate, balance, customers) follow. */
export function keepDealer(client: QueryClient, dealer: DealerDetail) {
  client.setQueryData(peopleKeys.dealer(dealer.id), fresh(dealer))
  void client.invalidateQueries({ queryKey: peopleKeys.dealers() })
  void client.invalidateQueries({ queryKey: peopleKeys.customerLists() })
}
