import type { QueryClient } from '@tanstack/react-query'
import type {
  AdminOrderDetail as WireAdminOrderDetail,
  AdminOrdersPage as WireAdminOrdersPage,
  MoveOrderRequest,
} from '../../../../contract/admin.ts'
import type { AdminDealersList as WireAdminDealersList } from '../../../../contract/admin-people.ts'
import { api, type Camelized } from '../../../lib/api-client.ts'
import type { Read } from '../../../lib/kept-orders.ts'
import { adminKeys, adminQuery, keepAdminCopy, keptAdminQuery } from '../query.ts'
import { isFiltered, ordersRequest, type OrdersSearch } from '../order-search.ts'

/*
 * The back office's order calls (docs/back-office.md, "The calls"), one typed function each, and
 * their queries.
 *
 * What is kept on the device for offline use: the first page of the unfiltered list ("the last
 * orders seen") and each order's page opened. A filtered or searched list, and any page past the
 * first, is read from the network only: one kept copy per filter set and page would grow without
 * end, and an owner offline in the workshop wants the newest orders, not last week's search.
 */

export type AdminOrdersPage = Camelized<WireAdminOrdersPage>
export type AdminOrderRow = AdminOrdersPage['orders'][number]
export type AdminOrderDetail = Camelized<WireAdminOrderDetail>
export type AdminDealersList = Camelized<WireAdminDealersList>

export const orderKeys = {
  all: [...adminKeys.all, 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (search: OrdersSearch) => [...orderKeys.lists(), search] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  /** The dealers the list's filter offers (GET /api/admin/dealers, read for its names only). */
  dealerChoices: () => [...orderKeys.all, 'dealer-choices'] as const,
}

const auth = { auth: true } as const
const orderPath = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`

export function fetchOrders(search: OrdersSearch, signal?: AbortSignal) {
  return api.get<AdminOrdersPage>('/api/admin/orders', {
    ...auth,
    signal,
    searchParams: ordersRequest(search),
  })
}

export function fetchOrder(id: string, signal?: AbortSignal) {
  return api.get<AdminOrderDetail>(orderPath(id), { ...auth, signal })
}

export function fetchDealers(signal?: AbortSignal) {
  return api.get<AdminDealersList>('/api/admin/dealers', { ...auth, signal })
}

/** Whether this list is the one kept on the device: the newest orders, unfiltered. */
export function isKeptList(search: OrdersSearch): boolean {
  return !isFiltered(search) && (search.page ?? 1) === 1
}

/**
 * One page of the list. Every read has the kept read's shape (`Read`), so the screen draws both
 * the same way; only the unfiltered first page may come from the device.
 */
export function ordersQuery(search: OrdersSearch) {
  const queryKey = orderKeys.list(search)
  if (isKeptList(search))
    return keptAdminQuery(queryKey, 'orders', (signal) => fetchOrders(search, signal))
  return adminQuery<Read<AdminOrdersPage>>(queryKey, async (signal) => ({
    data: await fetchOrders(search, signal),
    savedAt: Date.now(),
    fromDevice: false,
  }))
}

/** An order's page, kept on the device each time it is read. */
export const orderQuery = (id: string) =>
  keptAdminQuery(orderKeys.detail(id), `order:${id}`, (signal) => fetchOrder(id, signal))

/** The dealers for the list's filter: names only, so not kept (offline, the filter takes an id). */
export const dealerChoicesQuery = () =>
  adminQuery(orderKeys.dealerChoices(), (signal) => fetchDealers(signal))

/* The actions: each answers the order's page as the action left it. */

export function moveOrder(id: string, body: MoveOrderRequest) {
  return api.post<AdminOrderDetail>(`${orderPath(id)}/move`, body, auth)
}

/**
 * The refund carries the Idempotency-Key made when the owner confirmed it: a retry of that same
 * confirmation after a lost answer is the same request, never a second refund.
 */
export function refundOrder(id: string, amount: number, idempotencyKey: string) {
  return api.post<AdminOrderDetail>(
    `${orderPath(id)}/refund`,
    { amount },
    { ...auth, idempotencyKey },
  )
}

/** A new refund's key, made when the owner confirms it. */
export const newRefundKey = () => `refund-${crypto.randomUUID()}`

export function resendOrderMail(id: string) {
  return api.post<AdminOrderDetail>(`${orderPath(id)}/resend-mail`, undefined, auth)
}

export function sendPaymentLink(id: string) {
  return api.post<AdminOrderDetail>(`${orderPath(id)}/payment-link`, undefined, auth)
}

/**
 * An action's answer is the order now: the page shows it at once. Every other back-office read
 * (the list, the queue, the dashboard, a customer's orders) may show the order as it was, so they
 * are marked stale and read again when next shown; the page itself is not read again, and the
 * device's copy becomes this answer (what opens offline next).
 */
export async function keepOrderAnswer(client: QueryClient, id: string, order: AdminOrderDetail) {
  await client.invalidateQueries({ queryKey: adminKeys.all, refetchType: 'none' })
  client.setQueryData<Read<AdminOrderDetail>>(
    orderKeys.detail(id),
    await keepAdminCopy(`order:${id}`, order),
  )
}
