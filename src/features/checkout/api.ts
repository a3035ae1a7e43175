import { queryOptions } from '@tanstack/react-query'
import type { Cart as WireCart } from '../../../contract/cart.ts'
import type { ShippingOption, ShippingOptions } from '../../../contract/shipping.ts'
import type { Waiver } from '../../../contract/waiver.ts'
import { api, type Camelized } from '../../lib/api-client.ts'
import type { AddressField } from './model.ts'

/*
 * The checkout's calls (docs/checkout.md), one typed function each. They act for the customer
 * signed in (`auth`) on the device's cart (`cart`), and every change carries an Idempotency-Key
 * made when the customer acted, so a double tap or a resend changes the order once. None is queued:
 * a step that needs the network says so when there is none, and keeps what was typed (draft.ts).
 * The one call that may wait for the network, a made-to-order submit, goes through the cart's
 * outbox (the route hands it in).
 */

export type CheckoutCartAnswer = Camelized<WireCart>
export type ShippingQuotes = Camelized<ShippingOptions>
export type ShippingQuote = ShippingQuotes['options'][number]
export type AddressBody = Record<AddressField, string | null>

/**
 * The waiver as the shop serves it for this order (contract/waiver.ts): which version the customer
 * reads (a new version asks them to sign again), its title, and its body as HTML and as text.
 */
export type { Waiver }
export const WAIVER_PATH = '/api/order/waiver'

export const checkoutKeys = {
  all: ['checkout'] as const,
  shippingOptions: (address: string) => [...checkoutKeys.all, 'shipping-options', address] as const,
  waiver: () => [...checkoutKeys.all, 'waiver'] as const,
}

/** One act of the customer's: 8–128 of [A-Za-z0-9_-] (contract/cart.ts), never a line id's shape. */
export function newChangeKey(): string {
  return `k-${crypto.randomUUID()}`
}

const acting = (key: string) => ({ auth: true, cart: true, idempotencyKey: key })

/** POST /api/order/{orderId}/validate-address: the address normalised, or 422 per field. */
export async function validateAddress(orderId: string, address: AddressBody) {
  return api.post<{ address: Camelized<WireCart>['shippingAddress'] }>(
    `/api/order/${encodeURIComponent(orderId)}/validate-address`,
    { address },
    { auth: true, cart: true },
  )
}

/** POST /api/order/save-shipping-address: kept on the open cart (and the account if asked). */
export function saveShippingAddress(
  address: AddressBody,
  saveToAccount: boolean,
  key: string,
): Promise<CheckoutCartAnswer> {
  return api.post<CheckoutCartAnswer>(
    '/api/order/save-shipping-address',
    saveToAccount ? { address, save_to_account: true } : { address },
    acting(key),
  )
}

/** GET /api/order/shipping-options: the options for the cart's kept address, cheapest first. */
export const shippingOptionsQuery = (addressKey: string) =>
  queryOptions({
    queryKey: checkoutKeys.shippingOptions(addressKey),
    queryFn: ({ signal }) =>
      api.get<ShippingQuotes>('/api/order/shipping-options', { auth: true, cart: true, signal }),
    staleTime: 60_000,
  })

/**
 * POST /api/order/save-shipping-option {carrier, service_code, service_name} (docs/checkout.md).
 */
export function saveShippingOption(option: ShippingOption, key: string) {
  return api.post<CheckoutCartAnswer>('/api/order/save-shipping-option', option, acting(key))
}

export const waiverQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.waiver(),
    queryFn: ({ signal }) => api.get<Waiver>(WAIVER_PATH, { auth: true, cart: true, signal }),
  })

/** POST /api/order/create-order-signature {checkbox: 'on', name} (docs/checkout.md). */
export function createOrderSignature(name: string, key: string): Promise<unknown> {
  return api.post('/api/order/create-order-signature', { checkbox: 'on', name }, acting(key))
}
