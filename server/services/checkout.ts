import type { MailSite } from '../mail/templates.ts'
import { eq } from 'drizzle-orm'
import { checkAddress, type AddressInput, type ShippingAddress } from '../../contract/address.ts'
import {
  sameOption,
  type RatedOption,
  type ShippingOption,
  type ShippingOptions,
} from '../../contract/shipping.ts'
import { addressChangeableStatuses } from '../../contract/orders.ts'
import type { Database } from '../db/index.ts'
import { orderLines, orders } from '../db/schema.ts'
import { keepAddress } from './saved-addresses.ts'
import { addressRules } from './address.ts'
import { orderGoneMessage } from './cart/changes.ts'
import { findOpenOrder, findOwnedOrder, openCartForUpdate } from './cart/open-cart.ts'
import type { Palette } from './cart/pricing.ts'
import { renderCart } from './cart/view.ts'
import { fieldErrors } from './field-errors.ts'
import type { CartOwner } from './cart-owner.ts'
import type { CatalogSnapshot } from './catalog-cache.ts'
import type { Transaction, WorkAnswer } from './idempotency.ts'
import { moveSubmittedOrder } from './orders/amendments.ts'
import { parcelOf, parcelWeight, type ShippingRates } from './shipping.ts'

/*
 * The checkout's address and shipping steps on the caller's orders: checking an address, keeping
 * it on the order (and in the account's saved addresses when asked), quoting the shipping
 * options for the order's weight, and keeping the one chosen. Owners are cart-owner.ts's, and the
 * changes run inside idempotency.ts's transaction like every cart change.
 */

type Executor = Database | Transaction
type OrderRow = typeof orders.$inferSelect

/** The statuses whose address may still change: until the order ships (contract/orders.ts). */
const addressChangeable: ReadonlySet<string> = new Set(addressChangeableStatuses)

export const noAddressMessage =
  'Save a shipping address first: the options depend on where the parcel goes.'
export const staleOptionMessage =
  'This shipping option is not offered for this address and weight: choose one of the options again.'
export const notOpenMessage = 'This order is no longer open for changes.'
export const addressLockedMessage = 'This order’s address can no longer be changed.'

const orderGone: WorkAnswer = { status: 404, body: { message: orderGoneMessage } }

/** The address checked against the countries we ship to, errors under `prefix`. */
export function validAddress(input: AddressInput, rates: ShippingRates, prefix = 'address.') {
  return checkAddress(input, addressRules(rates.countries()), prefix)
}

/** Whether an order's address may still change (docs/checkout.md: can-change-address). */
export function canChangeAddress(order: OrderRow): boolean {
  return addressChangeable.has(order.status)
}

/** An order of the caller's by id; a merged guest cart leads to the cart its lines went to. */
async function ownedOrder(tx: Executor, owner: CartOwner, id: string, lock: boolean) {
  const order = await findOwnedOrder(tx, owner, id, lock)
  if (order?.status === 'merged' && order.mergedInto)
    return (await findOwnedOrder(tx, owner, order.mergedInto, lock)) ?? order
  return order
}

export function findCallerOrder(db: Executor, owner: CartOwner, id: string) {
  return ownedOrder(db, owner, id, false)
}

async function linesOf(tx: Executor, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
}

/** The options for an order (or the empty parcel of a device without a cart), cheapest first. */
export async function quoteOrder(
  db: Executor,
  order: OrderRow | undefined,
  address: ShippingAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
): Promise<ShippingOptions> {
  const lines = order ? await linesOf(db, order.id) : []
  const parcel = parcelOf(lines, (slug) => catalog.productBySlug(slug))
  const options = await rates.optionsFor(address, parcel)
  return {
    order_id: order?.id ?? null,
    weight_grams: parcelWeight(parcel),
    currency: order?.currency ?? 'USD',
    options: [...options]
      .sort((a, b) => a.amount - b.amount)
      .map(({ carrier, service_code, service_name, amount }) => ({
        carrier,
        service_code,
        service_name,
        amount,
      })),
  }
}

async function ratedFor(
  tx: Transaction,
  order: OrderRow,
  address: ShippingAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
): Promise<RatedOption[]> {
  const parcel = parcelOf(await linesOf(tx, order.id), (slug) => catalog.productBySlug(slug))
  return rates.optionsFor(address, parcel)
}

export interface SaveAddress {
  address: ShippingAddress
  /** An order of the caller's; the open cart (made if there is none) without it. */
  orderId: string | undefined
  /** The account to keep the address in: an account session's own, when it asked. */
  accountUserId: string | undefined
}

/**
 * POST /api/order/save-shipping-address. On a cart the chosen shipping option stays if the new
 * address is offered it (at the new address's price); otherwise it is cleared and must be
 * chosen again. An order past open follows services/orders/amendments.ts's one rule (moveSubmittedOrder):
 * its shipping was charged, so it moves only where its option goes at the same price, and the
 * change is written in its history.
 */
export async function saveShippingAddress(
  tx: Transaction,
  owner: CartOwner,
  { address, orderId, accountUserId }: SaveAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
  site: MailSite,
): Promise<WorkAnswer> {
  let order: OrderRow | undefined
  if (orderId === undefined) order = (await openCartForUpdate(tx, owner)).order
  else order = await ownedOrder(tx, owner, orderId, true)
  if (!order) return orderGone
  if (!canChangeAddress(order)) return fieldErrors({ order_id: [addressLockedMessage] })
  let updated: OrderRow | undefined
  if (order.status === 'open') {
    const chosen = order.shippingOption
    const offered = chosen
      ? (await ratedFor(tx, order, address, rates, catalog)).find((candidate) =>
          sameOption(candidate, chosen),
        )
      : undefined
    ;[updated] = await tx
      .update(orders)
      .set({ shippingAddress: address, shippingOption: offered ?? null, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning()
  } else {
    // Past open: the submitted order's one rule, as POST /api/order/{id}/save-shipping-address.
    const moved = await moveSubmittedOrder(tx, order, address, rates, catalog, site)
    if ('refused' in moved) return moved.refused
    updated = moved.order
  }
  if (accountUserId) await keepAddress(tx, accountUserId, address)
  return { status: 200, body: await renderCart(tx, updated, catalog, palette) }
}

/**
 * POST /api/order/save-shipping-option and /api/order/{id}/save-shipping-option: only an option
 * the rates offer for the order's address and weight now; anything else (a stale option, a
 * made-up one) is a 422 on `service_code`.
 */
export async function saveShippingOption(
  tx: Transaction,
  owner: CartOwner,
  orderId: string | undefined,
  picked: ShippingOption,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<WorkAnswer> {
  const order =
    orderId === undefined
      ? await findOpenOrder(tx, owner, true)
      : await ownedOrder(tx, owner, orderId, true)
  if (!order) return orderGone
  if (order.status !== 'open') return fieldErrors({ order_id: [notOpenMessage] })
  if (!order.shippingAddress) return fieldErrors({ shipping_address: [noAddressMessage] })
  const offered = (await ratedFor(tx, order, order.shippingAddress, rates, catalog)).find(
    (candidate) => sameOption(candidate, picked),
  )
  if (!offered) return fieldErrors({ service_code: [staleOptionMessage] })
  const [updated] = await tx
    .update(orders)
    .set({ shippingOption: offered, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning()
  return { status: 200, body: await renderCart(tx, updated, catalog, palette) }
}
