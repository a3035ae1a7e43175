import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ShippingAddress } from '../../../contract/address.ts'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import { addableFamilies } from '../../../contract/families.ts'
import type { OrderStatus } from '../../../contract/order-status.ts'
import { addableStatuses, statusLabels } from '../../../contract/orders.ts'
import { sameOption, type RatedOption } from '../../../contract/shipping.ts'
import { orderEvents, orderLines, orders } from '../../db/schema.ts'
import { queueMail } from '../../mail/outbox.ts'
import {
  orderAddressChangedMail,
  orderItemsAddedMail,
  type MailSite,
  type OrderMoneyChange,
} from '../../mail/templates.ts'
import { countryName } from '../address.ts'
import type { CartOwner } from '../cart-owner.ts'
import { maxCartLines, maxLineQty } from '../cart/changes.ts'
import { lineKeyOf, priceAdd, pricedLineRows, type Palette } from '../cart/pricing.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { fieldErrors } from '../field-errors.ts'
import { sha256, stableJson, type Transaction, type WorkAnswer } from '../idempotency.ts'
import { formatAmount } from '../../../contract/money.ts'
import { parcelOf, parcelWeight, type ShippingRates } from '../shipping.ts'
import { signWaiver } from '../waiver.ts'
import {
  addressChangeable,
  findByPaymentCode,
  findSubmittedOrder,
  linesOf,
  orderNotFoundMessage,
  paymentLinkNotFoundMessage,
  type OrderRow,
} from './lookup.ts'
import { orderMailData } from './mail-data.ts'
import { orderView, paymentLinkView } from './views.ts'

/*
 * The changes allowed after submit: items added through the payment link, the shipping address
 * until the order ships, and the waiver signed again for an added item that needs it. Each
 * change is a line of the order's history, and an addition or a new address is mailed to the
 * customer in the change's own transaction (both commit, or neither). The routes run these
 * through runIdempotent: a replayed key gets the first answer without running the change again,
 * so it queues no second mail; each mail's dedupe key names its change besides.
 */

/** The shipping and total of an order before a change, for the change's mail. */
function moneyBefore(order: OrderRow): Omit<OrderMoneyChange, 'shippingAfter'> {
  return {
    shippingBefore: order.shippingOption?.amount ?? null,
    totalBefore: order.totalAmount ?? 0,
  }
}

export const notAddableMessage = (status: OrderStatus) =>
  `Items can no longer be added to this order: it is ${statusLabels[status].toLowerCase()}.`
export const addressLockedMessage = 'This order has shipped: its address can no longer change.'

/**
 * POST /api/order/add-to-submitted-order/{paymentCode}: an item the add-to-order screen offers
 * (addableFamilies: no configuring, in stock), priced by the cart's own pricing, added as a line
 * of its own (at today's price) to an order that is submitted or partly paid, within the cart's
 * quantity limits. The parcel is weighed again and its shipping priced again by the order's
 * option; an addition no rate takes is refused. total_amount rises by the line and the shipping's
 * difference, so a balance becomes due. An item that needs the waiver makes the order wait for a
 * new signature (signature_requested_at) before it is paid or ships. The history says what
 * changed, and the customer is mailed what was added and what is due now.
 */
export async function addToSubmittedOrder(
  tx: Transaction,
  code: string,
  request: AddToOrderRequest,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
  site: MailSite,
): Promise<WorkAnswer> {
  const order = await findByPaymentCode(tx, code, true)
  if (!order) return { status: 404, body: { message: paymentLinkNotFoundMessage } }
  if (!addableStatuses.includes(order.status))
    return fieldErrors({ payment_code: [notAddableMessage(order.status)] })
  const priced = priceAdd(catalog, palette, request)
  if (!priced.ok) return fieldErrors(priced.errors)
  const { product, unitAmount, children } = priced.priced
  const variant = catalog.productBySku(request.sku)?.variant
  if (
    !addableFamilies.includes(product.family) ||
    product.configurable ||
    children.length > 0 ||
    variant?.in_stock !== true
  )
    return fieldErrors({ sku: [notOfferedMessage(variant?.name ?? product.name)] })
  if (product.currency !== order.currency)
    return fieldErrors({ sku: [`${product.name} is priced in another currency than this order.`] })

  const lines = await linesOf(tx, order.id)
  const parents = lines.filter((line) => line.parentId === null)
  const held = parents
    .filter((line) => line.sku === request.sku)
    .reduce((sum, line) => sum + line.qty, 0)
  if (held + request.qty > maxLineQty)
    return fieldErrors({
      qty: [
        `This order already holds ${held} of this; it takes at most ${maxLineQty} of one item.`,
      ],
    })
  if (parents.length >= maxCartLines)
    return fieldErrors({
      sku: [`This order holds ${maxCartLines} different lines, the most an order can take.`],
    })

  const shipping = await repriceShipping(
    order,
    [...lines, { parentId: null, productSlug: product.slug, qty: request.qty }],
    rates,
    catalog,
  )
  if ('refused' in shipping) return fieldErrors({ qty: [shipping.refused] })

  const now = new Date()
  // A line of its own even when the order holds the same item: it has its own price as charged
  // today.
  const [line] = await tx
    .insert(orderLines)
    .values(
      pricedLineRows(order.id, request, priced.priced, {
        lineKey: sha256(`${lineKeyOf(request)}\nadded ${randomUUID()}`),
        position: parents.length === 0 ? 0 : Math.max(...lines.map((row) => row.position)) + 1,
        now,
      }),
    )
    .returning()
  if (!line) throw new Error('line insert returned no row')
  const added = unitAmount * request.qty
  const before = order.shippingOption?.amount ?? 0
  const after = shipping.option?.amount ?? before
  const total = (order.totalAmount ?? 0) + added + (after - before)
  const needsSignature = product.requires_waiver === true
  const [updated] = await tx
    .update(orders)
    .set({
      totalAmount: total,
      shippingOption: shipping.option ?? order.shippingOption,
      ...(needsSignature ? { signatureRequestedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning()
  if (!updated) throw new Error('order update returned no row')
  const money = (amount: number) => formatAmount(amount, order.currency)
  const notes = [
    `Added ${request.qty} × ${product.name}: ${money(added)}.`,
    ...(after !== before ? [`Shipping ${money(after)} instead of ${money(before)}.`] : []),
    ...(needsSignature
      ? [`${product.name} needs the waiver: waiting for it to be signed again.`]
      : []),
  ]
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: notes.join(' '),
    createdAt: now,
  })
  const data = await orderMailData(tx, updated)
  if (data)
    await queueMail(
      tx,
      orderItemsAddedMail(site, {
        order: data,
        added: data.lines.filter((mailed) => mailed.id === line.id),
        change: { ...moneyBefore(order), shippingAfter: updated.shippingOption?.amount ?? null },
        // Paying waits for the signature, this item's or an earlier one's.
        signatureNeeded: updated.signatureRequestedAt !== null,
      }),
    )
  return {
    status: 200,
    body: await paymentLinkView(tx, updated, catalog, palette),
    ref: line.id,
  }
}

export const notOfferedMessage = (name: string) =>
  `${name} cannot be added to a submitted order: only bags, accessories and apparel in stock ` +
  'can. Order it from its page.'

const kilos = (grams: number) => `${(grams / 1000).toFixed(1)} kg`

/**
 * An order's shipping for a parcel of these lines to its address, by the option it was charged
 * for: that option at the price the rates give now, or why the parcel cannot go. An order
 * without an option (made to order: its shipping is settled when it is made) keeps none, but
 * some service must still take the parcel.
 */
async function repriceShipping(
  order: OrderRow,
  lines: readonly { parentId: string | null; productSlug: string; qty: number }[],
  rates: ShippingRates,
  catalog: CatalogSnapshot,
): Promise<{ option: RatedOption | null } | { refused: string }> {
  const address = order.shippingAddress
  if (!address) return { option: null }
  const parcel = parcelOf(lines, (slug) => catalog.productBySlug(slug))
  const options = await rates.optionsFor(address, parcel)
  const chosen = order.shippingOption
  const offered = chosen ? options.find((option) => sameOption(option, chosen)) : options[0]
  if (!offered)
    return {
      refused:
        `With this the parcel would weigh ${kilos(parcelWeight(parcel))}: ` +
        `${chosen ? chosen.service_name : 'no shipping service'} does not take a parcel that ` +
        `heavy to ${countryName(address.country)}. Add fewer, or place a new order for the rest.`,
    }
  return { option: chosen ? offered : null }
}

/** The message of an address change that would change what shipping costs. */
function repricedAddressMessage(chosen: RatedOption, offered: RatedOption, order: OrderRow) {
  const money = (amount: number) => formatAmount(amount, order.currency)
  return (
    `Shipping this order by ${chosen.service_name} to this address costs ${money(offered.amount)}, ` +
    `not the ${money(chosen.amount)} it was charged. Its address can move only where its ` +
    'shipping costs the same: contact us to send it there.'
  )
}

/**
 * The one rule for a new address on an order past `open` (both save-shipping-address routes):
 * until it ships, and its shipping was charged, so the new address must be one its option goes
 * to at the same price for its weight; a made-to-order order without an option may move to any
 * address we ship to. Each change is a line of the order's history and a mail to
 * the customer (the new address, shipping, total and balance) when the address is another. The
 * order is the caller's, found and locked by the route. Answers the order as changed, or the
 * refusal.
 */
export async function moveSubmittedOrder(
  tx: Transaction,
  order: OrderRow,
  address: ShippingAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  site: MailSite,
): Promise<{ order: OrderRow } | { refused: WorkAnswer }> {
  if (!addressChangeable(order.status))
    return { refused: fieldErrors({ order_id: [addressLockedMessage] }) }
  const chosen = order.shippingOption
  if (chosen) {
    const parcel = parcelOf(await linesOf(tx, order.id), (slug) => catalog.productBySlug(slug))
    const offered = (await rates.optionsFor(address, parcel)).find((option) =>
      sameOption(option, chosen),
    )
    if (!offered)
      return {
        refused: fieldErrors({
          'address.country': [
            `This order ships by ${chosen.service_name}, which does not go to ` +
              `${countryName(address.country)}. Contact us to send it there.`,
          ],
        }),
      }
    if (offered.amount !== chosen.amount)
      return {
        refused: fieldErrors({
          'address.country': [repricedAddressMessage(chosen, offered, order)],
        }),
      }
  }
  const now = new Date()
  const [updated] = await tx
    .update(orders)
    .set({ shippingAddress: address, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning()
  if (!updated) throw new Error('order update returned no row')
  const [event] = await tx
    .insert(orderEvents)
    .values({
      orderId: order.id,
      status: order.status,
      note: `Shipping address changed to ${address.city}, ${address.country}.`,
      createdAt: now,
    })
    .returning({ id: orderEvents.id })
  // The same address saved again changes nothing the customer needs to hear of.
  const moved = stableJson(order.shippingAddress) !== stableJson(address)
  const data = moved && (await orderMailData(tx, updated))
  if (data && event)
    await queueMail(
      tx,
      orderAddressChangedMail(site, {
        order: data,
        change: { ...moneyBefore(order), shippingAfter: updated.shippingOption?.amount ?? null },
        dedupeKey: `order-address-changed:${event.id}`,
      }),
    )
  return { order: updated }
}

/** POST /api/order/{id}/save-shipping-address: a submitted order of the caller's, moved. */
export async function changeShippingAddress(
  tx: Transaction,
  owner: CartOwner,
  id: string,
  address: ShippingAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
  site: MailSite,
): Promise<WorkAnswer> {
  const order = await findSubmittedOrder(tx, owner, id, true)
  if (!order) return { status: 404, body: { message: orderNotFoundMessage } }
  const moved = await moveSubmittedOrder(tx, order, address, rates, catalog, site)
  if ('refused' in moved) return moved.refused
  return { status: 200, body: await orderView(tx, moved.order, catalog, palette) }
}

export const nothingToSignOnOrderMessage = 'Nothing on this order waits for a signature.'

/**
 * create-order-signature with a payment code: the waiver signed again for a submitted order
 * whose added item needs it. The order may then be paid and ship; the history says who signed.
 */
export async function signForOrder(
  tx: Transaction,
  code: string,
  name: string,
  readVersion: string | undefined,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<WorkAnswer> {
  const order = await findByPaymentCode(tx, code, true)
  if (!order) return { status: 404, body: { message: paymentLinkNotFoundMessage } }
  if (!order.signatureRequestedAt)
    return fieldErrors({ payment_code: [nothingToSignOnOrderMessage] })
  const refused = await signWaiver(tx, order.id, name, readVersion)
  if (refused) return refused
  const now = new Date()
  const [updated] = await tx
    .update(orders)
    .set({ signatureRequestedAt: null, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning()
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `Waiver signed again by ${name}.`,
    createdAt: now,
  })
  return { status: 200, body: await paymentLinkView(tx, updated!, catalog, palette) }
}
