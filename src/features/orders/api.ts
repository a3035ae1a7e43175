import { queryOptions } from '@tanstack/react-query'
import type { AddressInput } from '../../../contract/address.ts'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import { addableFamilies } from '../../../contract/families.ts'
import type {
  OrdersPage as WireOrdersPage,
  OrderView as WireOrderView,
  PaymentLinkOrder as WirePaymentLinkOrder,
} from '../../../contract/orders.ts'
import { api, type Camelized } from '../../lib/api-client.ts'
import { keptRetry as retry, keptStore as store, readKept } from '../../lib/kept-orders.ts'
import { userBound } from '../../lib/query-client.ts'

export { NotKeptError, type Read } from '../../lib/kept-orders.ts'

/*
 * The order calls (docs/orders.md), one typed function each, and their queries. The customer's
 * orders and their list are kept in IndexedDB (store-db `keptOrders`) each time they are read, and
 * read from there when the network gives no answer: orders, receipts and production status stay
 * readable offline, through new builds and past the query cache's lifetime, marked with when they
 * were read. The queries themselves are not persisted: IndexedDB is their home.
 */

export type OrderView = Camelized<WireOrderView>
export type OrdersPage = Camelized<WireOrdersPage>
export type PaymentLinkOrder = Camelized<WirePaymentLinkOrder>

/** The contract a kept copy was read with: a build reading another shape asks again. */
const KEPT_SHAPE = 1
const LIST_ID = 'list'

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: () => [...orderKeys.lists(), 1] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  paymentLink: (code: string) => ['payment-link', code] as const,
}

const callerOptions = { auth: true, cart: true } as const

export function fetchOrders(signal?: AbortSignal): Promise<OrdersPage> {
  return api.get<OrdersPage>('/api/order/get-orders', { ...callerOptions, signal })
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderView> {
  return api.get<OrderView>(`/api/order/get-submitted-order/${encodeURIComponent(id)}`, {
    ...callerOptions,
    signal,
  })
}

export function fetchPaymentLinkOrder(
  code: string,
  signal?: AbortSignal,
): Promise<PaymentLinkOrder> {
  return api.get<PaymentLinkOrder>(
    `/api/order/get-order-with-payment-link/${encodeURIComponent(code)}`,
    { signal },
  )
}

/** The customer's newest orders (the first page), kept for offline reading. */
export const ordersQuery = () =>
  queryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => readKept(LIST_ID, KEPT_SHAPE, () => fetchOrders(signal)),
    retry,
    ...userBound,
  })

/** One order of the customer's, kept for offline reading. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => readKept(id, KEPT_SHAPE, () => fetchOrder(id, signal)),
    retry,
    ...userBound,
  })

/** An order through its payment link: not kept (anyone with the link may be reading it). */
export const paymentLinkQuery = (code: string) =>
  queryOptions({
    queryKey: orderKeys.paymentLink(code),
    queryFn: ({ signal }) => fetchPaymentLinkOrder(code, signal),
  })

/** POST /api/order/add-to-submitted-order/{paymentCode}; the key is made when the customer acts. */
export function addToSubmittedOrder(
  code: string,
  body: AddToOrderRequest,
  idempotencyKey: string,
): Promise<PaymentLinkOrder> {
  return api.post<PaymentLinkOrder>(
    `/api/order/add-to-submitted-order/${encodeURIComponent(code)}`,
    body,
    { idempotencyKey },
  )
}

/** The waiver's current text (public): what signing again on a submitted order agrees to. */
export const orderWaiverQuery = () =>
  queryOptions({
    queryKey: ['orders', 'waiver'] as const,
    queryFn: ({ signal }) =>
      api.get<{ version: string; title: string; text: string }>('/api/order/waiver', { signal }),
  })

/**
 * POST /api/order/create-order-signature with the payment code: the waiver signed again for a
 * submitted order whose added item needs it.
 */
export function signForOrder(
  code: string,
  signature: { name: string; waiverVersion: string | undefined },
  idempotencyKey: string,
): Promise<PaymentLinkOrder> {
  return api.post<PaymentLinkOrder>(
    '/api/order/create-order-signature',
    {
      checkbox: 'on',
      name: signature.name,
      waiver_version: signature.waiverVersion,
      payment_code: code,
    },
    { idempotencyKey },
  )
}

/** POST /api/order/{id}/save-shipping-address: a submitted order's address, until it ships. */
export async function changeShippingAddress(
  id: string,
  address: AddressInput,
  idempotencyKey: string,
): Promise<OrderView> {
  const order = await api.post<OrderView>(
    `/api/order/${encodeURIComponent(id)}/save-shipping-address`,
    { address },
    { ...callerOptions, idempotencyKey },
  )
  await (await store())?.keepOrder(id, order, KEPT_SHAPE).catch(() => undefined)
  return order
}

/** A product as the catalog answers it: enough to pick an item to add. */
export interface PickableProduct {
  slug: string
  name: string
  currency: string
  configurable: boolean
  variants: { sku: string; name: string; price: number; inStock: boolean }[]
}

/** Items that need no configuring, in stock, from the public catalog. */
export async function fetchAddableItems(signal?: AbortSignal): Promise<PickableProduct[]> {
  const families = await Promise.all(
    addableFamilies.map((family) =>
      api.get<PickableProduct[]>(`/api/product/${family}`, { searchParams: { active: 1 }, signal }),
    ),
  )
  return families
    .flat()
    .filter((product) => !product.configurable)
    .map((product) => ({
      ...product,
      variants: product.variants.filter((variant) => variant.inStock),
    }))
    .filter((product) => product.variants.length > 0)
}

export const addableItemsQuery = () =>
  queryOptions({
    queryKey: ['orders', 'addable-items'] as const,
    queryFn: ({ signal }) => fetchAddableItems(signal),
  })

export function newIdempotencyKey(): string {
  return `o-${crypto.randomUUID()}`
}
