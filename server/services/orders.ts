import { randomUUID } from 'node:crypto'
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  type SQL,
} from 'drizzle-orm'
import type { ShippingAddress } from '../../contract/address.ts'
import type { AddToOrderRequest } from '../../contract/configurator.ts'
import type { OrderStatus } from '../../contract/order-status.ts'
import {
  addableStatuses,
  addressChangeableStatuses,
  payableStatuses,
  statusLabels,
  type LineProductionTime,
  type OrderLine,
  type OrderSummary,
  type OrdersPage,
  type OrderView,
  type PaymentLinkOrder,
} from '../../contract/orders.ts'
import { lineSummary } from '../../contract/line-summary.ts'
import { pricingConfiguratorOf } from '../../contract/pricing.ts'
import { addableFamilies } from '../../contract/families.ts'
import { sameOption, type RatedOption } from '../../contract/shipping.ts'
import { canMove, nextStatuses } from '../../contract/order-lifecycle.ts'
import type { Database } from '../db/index.ts'
import {
  discountCodes,
  orderDiscounts,
  orderEvents,
  orderLines,
  orders,
  paletteColors,
  productionTimes,
  products,
  users,
  variants,
} from '../db/schema.ts'
import {
  cartOf,
  fieldErrors,
  lineKeyOf,
  maxCartLines,
  maxLineQty,
  priceAdd,
  type Palette,
} from './cart.ts'
import { countryName } from './address.ts'
import { orderTokenHashes, type CartOwner } from './cart-owner.ts'
import type { CatalogSnapshot } from './catalog-cache.ts'
import { sha256, type Transaction, type WorkAnswer } from './idempotency.ts'
import {
  MailedOrderStatus,
  orderStatusMail,
  type MailSite,
  type OrderMailData,
} from '../mail/templates.ts'
import { accrueCommission, reverseCommission } from './commission.ts'
import { queueMail } from './mail-outbox.ts'
import { formatAmount } from './payments/money.ts'
import { moneyOf, moneyOfOrders } from './payments/order-money.ts'
import { signWaiver } from './waiver.ts'
import { isMadeToOrder, parcelOf, parcelWeight, type ShippingRates } from './shipping.ts'

/*
 * Submitted orders as their owners and payment-link holders read them, the changes allowed
 * after submit (items added through the payment link, the shipping address until the order
 * ships), a guest's orders joining the account, and the shop moving an order along its life
 * (the admin command line). Owners come from cart-owner.ts, but more strictly than a cart: a
 * submitted order is an account's (user_id) or a token's (device or guest session, no user),
 * never both, so an account signed in on a device never reads what a guest session left there.
 */

type Executor = Database | Transaction
type OrderRow = typeof orders.$inferSelect
type LineRow = typeof orderLines.$inferSelect

export const orderNotFoundMessage = 'No such order, or it is not yours.'
export const paymentLinkNotFoundMessage = 'This payment link does not lead to an order.'
export const notAddableMessage = (status: OrderStatus) =>
  `Items can no longer be added to this order: it is ${statusLabels[status].toLowerCase()}.`
export const addressLockedMessage = 'This order has shipped: its address can no longer change.'

/** Carts (`open`) and merged guest carts are not orders yet. */
const notSubmitted: OrderStatus[] = ['open', 'merged']

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Who owns a submitted order: the account alone, or the token alone (no account). */
function submittedBy(owner: CartOwner) {
  return owner.kind === 'user'
    ? eq(orders.userId, owner.userId)
    : and(inArray(orders.cartTokenHash, orderTokenHashes(owner)), isNull(orders.userId))
}

const isSubmitted = and(isNotNull(orders.submittedAt), notInArray(orders.status, notSubmitted))

/** A submitted order of the owner's by id; anything else (a cart, another's) is undefined. */
export async function findSubmittedOrder(
  db: Executor,
  owner: CartOwner,
  id: string,
  lock = false,
): Promise<OrderRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), submittedBy(owner), isSubmitted))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findByPaymentCode(
  db: Executor,
  code: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentCode, code), isSubmitted))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Until the order ships (docs/orders.md: can-change-address). */
export function addressChangeable(status: OrderStatus): boolean {
  return addressChangeableStatuses.includes(status)
}

/** The shop's reference for an order in mail and on screens: its id's first eight characters. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase()
}

async function linesOf(db: Executor, orderId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
}

function amountsOf(order: OrderRow, total: number, paid: number) {
  const balance = Math.max(0, total - paid)
  return {
    currency: order.currency,
    total,
    paid,
    balance,
    payment_due: balance > 0 && payableStatuses.includes(order.status),
  }
}

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

/** Everything an order's views are made of, read once. */
interface OrderParts {
  order: OrderRow
  lines: LineRow[]
  items: OrderLine[]
  subtotal: number
  discounts: { code: string; description: string; amount: number }[]
  total: number
  paid: number
}

async function partsOf(
  db: Executor,
  order: OrderRow,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<OrderParts> {
  const lines = await linesOf(db, order.id)
  const codes = await db
    .select({ code: discountCodes, chargedAmount: orderDiscounts.amount })
    .from(orderDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, orderDiscounts.discountCodeId))
    .where(eq(orderDiscounts.orderId, order.id))
    .orderBy(asc(orderDiscounts.createdAt), asc(discountCodes.code))
  const times = await db.select().from(productionTimes)
  const submittedAt = order.submittedAt ?? order.updatedAt
  const addedLater = (line: LineRow): boolean =>
    line.createdAt.getTime() > submittedAt.getTime() ||
    (line.parentId !== null &&
      lines.some((parent) => parent.id === line.parentId && addedLater(parent)))
  // The lines as the cart shows them (names, sizes, summaries), at the prices they were charged.
  const cart = cartOf({ order, lines, codes: [], signed: false }, catalog, palette)
  // The codes as they were at submit: they applied then (submit checked them), so they are
  // counted live whatever their expiry or uses since, and only off the lines submitted with them.
  const atSubmit = cartOf(
    {
      order,
      lines: lines.filter((line) => !addedLater(line)),
      // Each at the amount it was charged at submit (order_discounts.amount).
      codes: codes.map(({ code, chargedAmount }) => ({
        ...code,
        chargedAmount,
        expiresAt: null,
        usageLimit: null,
      })),
      signed: false,
    },
    catalog,
    palette,
  )
  const items: OrderLine[] = cart.items.map((item) => {
    const line = lines.find((candidate) => candidate.id === item.id)!
    const product = catalog.productBySlug(line.productSlug)
    const madeToOrder = isMadeToOrder([line], (slug) => catalog.productBySlug(slug))
    const time = product && times.find((row) => row.category === product.family)
    const productionTime: LineProductionTime | null =
      madeToOrder && time
        ? {
            weeks_min: time.weeksMin,
            weeks_max: time.weeksMax,
            note: time.note,
            ready_from: addDays(submittedAt, time.weeksMin * 7),
            ready_by: addDays(submittedAt, time.weeksMax * 7),
          }
        : null
    return {
      id: item.id,
      sku: item.sku,
      name: item.name,
      variant_name: item.variant_name,
      product_path: item.product_path,
      image: item.image,
      qty: item.qty,
      unit_amount: item.unit_price,
      line_amount: item.line_price,
      meta: item.meta,
      children: item.child.map((child) => ({
        id: child.id,
        sku: child.sku,
        name: child.name,
        qty: child.qty,
        unit_amount: child.unit_price,
      })),
      summary: item.summary,
      made_to_order: madeToOrder,
      production_time: productionTime,
      added_after_submit: addedLater(line),
    }
  })
  const paid = (await moneyOf(db, order.id)).paid
  return {
    order,
    lines,
    items,
    subtotal: cart.subtotal,
    discounts: atSubmit.discounts.filter((discount) => discount.amount > 0),
    // Fixed at submit; an order written before total_amount existed shows what its lines make.
    total: order.totalAmount ?? atSubmit.total + (order.shippingOption?.amount ?? 0),
    paid,
  }
}

function shippingQuoteOf(order: OrderRow) {
  const option = order.shippingOption
  return option
    ? {
        carrier: option.carrier,
        service_code: option.service_code,
        service_name: option.service_name,
        amount: option.amount,
      }
    : null
}

const iso = (date: Date | null, fallback: Date) => (date ?? fallback).toISOString()

/** The owner's view of a submitted order (GET /api/order/get-submitted-order/{id}). */
export async function orderView(
  db: Executor,
  order: OrderRow,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<OrderView> {
  const parts = await partsOf(db, order, catalog, palette)
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
  // Name and e-mail only: the customer's addresses stay the customer's.
  const [placedFor] = order.placedFor
    ? await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, order.placedFor))
    : []
  return {
    id: order.id,
    status: order.status,
    submitted_at: iso(order.submittedAt, order.updatedAt),
    is_mto: isMadeToOrder(parts.lines, (slug) => catalog.productBySlug(slug)),
    lines: parts.items,
    subtotal: parts.subtotal,
    discounts: parts.discounts,
    shipping: { option: shippingQuoteOf(order), address: order.shippingAddress ?? null },
    ...amountsOf(order, parts.total, parts.paid),
    history: history.map((event) => ({
      status: event.status,
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
    can_change_address: addressChangeable(order.status),
    can_add_to_order: addableStatuses.includes(order.status),
    payment_code: order.paymentCode ?? '',
    notes: order.notes ?? null,
    placed_for: placedFor ?? null,
  }
}

/** What the payment link shows: what paying needs, nothing about who or where. */
export async function paymentLinkView(
  db: Executor,
  order: OrderRow,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<PaymentLinkOrder> {
  const parts = await partsOf(db, order, catalog, palette)
  return {
    id: order.id,
    status: order.status,
    submitted_at: iso(order.submittedAt, order.updatedAt),
    lines: parts.items.map((line) => ({
      id: line.id,
      sku: line.sku,
      name: line.name,
      variant_name: line.variant_name,
      image: line.image,
      qty: line.qty,
      unit_amount: line.unit_amount,
      line_amount: line.line_amount,
      summary: line.summary,
      made_to_order: line.made_to_order,
    })),
    subtotal: parts.subtotal,
    discounts: parts.discounts,
    shipping_amount: order.shippingOption?.amount ?? 0,
    ...amountsOf(order, parts.total, parts.paid),
    can_add_to_order: addableStatuses.includes(order.status),
    signature_needed: order.signatureRequestedAt !== null,
  }
}

/** One page of the orders `where` picks, newest submitted first, and how many there are. */
export async function orderPage(
  db: Executor,
  where: SQL | undefined,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: OrderRow[]; totalCount: number }> {
  const [counted] = await db.select({ n: count() }).from(orders).where(where)
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.submittedAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { rows, totalCount: Number(counted?.n ?? 0) }
}

/** GET /api/order/get-orders: the owner's submitted orders, newest first, a page at a time. */
export async function listOrders(
  db: Executor,
  owner: CartOwner,
  { page, perPage }: { page: number; perPage: number },
  catalog: CatalogSnapshot,
): Promise<OrdersPage> {
  const { rows, totalCount } = await orderPage(db, and(submittedBy(owner), isSubmitted), {
    page,
    perPage,
  })
  return {
    orders: await orderSummaries(db, rows, catalog),
    page,
    per_page: perPage,
    total_count: totalCount,
    has_more: page * perPage < totalCount,
  }
}

/** The list's view of submitted orders (get-orders, and the dealer's list of its customers'). */
export async function orderSummaries(
  db: Executor,
  rows: OrderRow[],
  catalog: CatalogSnapshot,
): Promise<OrderSummary[]> {
  const ids = rows.map((row) => row.id)
  const money = await moneyOfOrders(db, ids)
  const lines =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(and(inArray(orderLines.orderId, ids), isNull(orderLines.parentId)))
          .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
  const summaries: OrderSummary[] = rows.map((order) => {
    const own = lines.filter((line) => line.orderId === order.id)
    const total =
      order.totalAmount ??
      own.reduce((sum, line) => sum + line.unitAmount * line.qty, 0) +
        (order.shippingOption?.amount ?? 0)
    return {
      id: order.id,
      status: order.status,
      submitted_at: iso(order.submittedAt, order.updatedAt),
      items: own.map(
        (line) => `${line.qty} × ${catalog.productBySlug(line.productSlug)?.name ?? line.sku}`,
      ),
      item_count: own.reduce((sum, line) => sum + line.qty, 0),
      ...amountsOf(order, total, money.get(order.id)?.paid ?? 0),
    }
  })
  return summaries
}

/** The idempotency scope of a payment link: whoever holds the code is the caller. */
export function paymentLinkScope(code: string): string {
  return `payment-link:${sha256(code)}`
}

/**
 * POST /api/order/add-to-submitted-order/{paymentCode}: an item the add-to-order screen offers
 * (addableFamilies: no configuring, in stock), priced by the cart's own pricing, added as a line
 * of its own (at today's price) to an order that is submitted or partly paid, within the cart's
 * quantity limits. The parcel is weighed again and its shipping priced again by the order's
 * option; an addition no rate takes is refused. total_amount rises by the line and the shipping's
 * difference, so a balance becomes due. An item that needs the waiver makes the order wait for a
 * new signature (signature_requested_at) before it is paid or ships. The history says what
 * changed.
 */
export async function addToSubmittedOrder(
  tx: Transaction,
  code: string,
  request: AddToOrderRequest,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<WorkAnswer> {
  const order = await findByPaymentCode(tx, code, true)
  if (!order) return { status: 404, body: { message: paymentLinkNotFoundMessage } }
  if (!addableStatuses.includes(order.status))
    return fieldErrors({ payment_code: [notAddableMessage(order.status)] })
  const priced = priceAdd(catalog, palette, request)
  if (!priced.ok) return fieldErrors(priced.errors)
  const { product, unitAmount, upgradeAmount, children } = priced.priced
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
    .values({
      orderId: order.id,
      lineKey: sha256(`${lineKeyOf(request)}\nadded ${randomUUID()}`),
      sku: request.sku,
      productSlug: product.slug,
      qty: request.qty,
      meta: request.meta
        .filter((entry) => entry.key !== 'total_price')
        .map(({ key, value }) => ({ key, value })),
      unitAmount,
      upgradeAmount,
      position: parents.length === 0 ? 0 : Math.max(...lines.map((row) => row.position)) + 1,
      createdAt: now,
    })
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
  return {
    status: 200,
    body: await paymentLinkView(tx, updated!, catalog, palette),
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
 * address we ship to. Each change is a line of the order's history. The order is the caller's,
 * found and locked by the route. Answers the order as changed, or the refusal.
 */
export async function moveSubmittedOrder(
  tx: Transaction,
  order: OrderRow,
  address: ShippingAddress,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
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
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `Shipping address changed to ${address.city}, ${address.country}.`,
    createdAt: now,
  })
  return { order: updated! }
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
): Promise<WorkAnswer> {
  const order = await findSubmittedOrder(tx, owner, id, true)
  if (!order) return { status: 404, body: { message: orderNotFoundMessage } }
  const moved = await moveSubmittedOrder(tx, order, address, rates, catalog)
  if ('refused' in moved) return moved.refused
  return { status: 200, body: await orderView(tx, moved.order, catalog, palette) }
}

/**
 * At an account sign-in (never a guest one) of an account whose address is proven: the orders
 * guest sessions placed with the account's address join the account. From then on only the
 * account reads them.
 */
export async function joinGuestOrders(db: Executor, userId: string): Promise<number> {
  const joined = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(orders.guestOf, userId), isNull(orders.userId), isSubmitted))
    .returning({ id: orders.id })
  return joined.length
}

/** What an order waiting for a new signature may not become: charged or on its way. */
const waitsForSignature: readonly OrderStatus[] = ['paid', 'in_production', 'shipped']

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

export type MoveResult =
  { ok: true; from: OrderStatus; to: OrderStatus } | { ok: false; reason: string }

/** Moves an order along its life (the admin command line), with a line in its history. */
export async function moveOrder(
  db: Database,
  id: string,
  to: OrderStatus,
  note: string,
  site?: MailSite,
): Promise<MoveResult> {
  if (!uuidPattern.test(id)) return { ok: false, reason: `No order has the id ${id}.` }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!order || order.submittedAt === null || notSubmitted.includes(order.status))
      return { ok: false, reason: `No submitted order has the id ${id}.` }
    if (!canMove(order.status, to))
      return {
        ok: false,
        reason:
          `Order ${orderNumber(id)} is ${order.status}: it cannot move to ${to}. ` +
          `From ${order.status} it may move to ${nextStatuses(order.status).join(', ') || 'nothing'}.`,
      }
    if (order.signatureRequestedAt && waitsForSignature.includes(to))
      return {
        ok: false,
        reason:
          `Order ${orderNumber(id)} waits for the waiver to be signed again (an item added after ` +
          `submit needs it): it cannot move to ${to} until then.`,
      }
    const now = new Date()
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, id))
    // The dealer credited with the order earns when it is paid and gives back when it is
    // cancelled or refunded, in the move's own transaction.
    if (to === 'paid') await accrueCommission(tx, { ...order, status: to })
    if (to === 'cancelled' || to === 'refunded') await reverseCommission(tx, id, to)
    await tx.insert(orderEvents).values({
      orderId: id,
      status: to,
      note: note || `${statusLabels[to]}.`,
      createdAt: now,
    })
    // The customer hears of it with the move: in production, shipped (the note is its tracking),
    // delivered, cancelled or refunded. Queued in this transaction, sent by the outbox.
    const mailed = MailedOrderStatus.find((status) => status === to)
    const data = site && mailed && (await orderMailData(tx, { ...order, status: to }))
    if (site && mailed && data) {
      const tracking = mailed === 'shipped' && note ? { number: note } : undefined
      await queueMail(
        tx,
        orderStatusMail(site, {
          order: data,
          status: mailed,
          tracking,
          dedupeKey: `order-status:${id}:${mailed}:${now.getTime()}`,
        }),
      )
    }
    return { ok: true, from: order.status, to }
  })
}

/** Where an order's mail goes: the address it was submitted with, else its account's. */
export async function orderEmail(db: Executor, order: OrderRow): Promise<string | undefined> {
  // The address the submitting session signed in with (submit keeps it).
  if (order.email) return order.email
  const userId = order.userId ?? order.guestOf
  if (!userId) return undefined
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return user?.email
}

/**
 * Whether the order belongs to an account whose address is proven (by a mailed link): only then
 * does its mail carry what its owner typed. A guest session's order, or an unconfirmed
 * account's, is mailed in the shop's words alone.
 */
async function ownerProvedAddress(db: Executor, order: OrderRow): Promise<boolean> {
  if (order.userId === null) return false
  const [user] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, order.userId))
  return user?.at != null
}

/**
 * What an order's mail shows of it (server/mail/templates.ts), read in the caller's transaction
 * so the mail queued with a change shows the order as that change left it; undefined when the
 * order has no one to mail (a device's order placed without an e-mail address).
 */
export async function orderMailData(
  db: Executor,
  order: OrderRow,
): Promise<OrderMailData | undefined> {
  const email = await orderEmail(db, order)
  if (!email) return undefined
  const lines = await linesOf(db, order.id)
  const slugs = [...new Set(lines.map((line) => line.productSlug))]
  const productRows =
    slugs.length === 0
      ? []
      : await db
          .select({ slug: products.slug, name: products.name, data: products.data })
          .from(products)
          .where(inArray(products.slug, slugs))
  const productOf = new Map(productRows.map((row) => [row.slug, row]))
  const skus = lines.map((line) => line.sku)
  const variantNames = new Map(
    skus.length === 0
      ? []
      : (
          await db
            .select({ sku: variants.sku, name: variants.name })
            .from(variants)
            .where(inArray(variants.sku, skus))
        ).map((row) => [row.sku, row.name]),
  )
  // The palette only when a line names colours (a bag's order needs none of it).
  const palette = lines.some((line) => line.meta.some((entry) => entry.key.startsWith('color')))
    ? new Map(
        (
          await db.select({ id: paletteColors.id, name: paletteColors.name }).from(paletteColors)
        ).map((row) => [row.id, row.name]),
      )
    : new Map<string, string>()
  const total = order.totalAmount ?? 0
  const paid = (await moneyOf(db, order.id)).paid
  const proven = await ownerProvedAddress(db, order)
  return {
    id: order.id,
    email,
    lines: lines
      .filter((line) => line.parentId === null)
      .map((line) => {
        const product = productOf.get(line.productSlug)
        const children = lines.filter((child) => child.parentId === line.id)
        const data = product?.data
        const configurator =
          data?.configurable && data.configurator ? pricingConfiguratorOf(data.configurator) : null
        return {
          // The variant's own name says which one ("Tarn 220", "Corvid 2, size M").
          name: variantNames.get(line.sku) ?? product?.name ?? line.sku,
          // The same words as the cart and the order page (contract/line-summary.ts).
          details: lineSummary(
            { sku: line.sku, meta: line.meta, childSkus: children.map((child) => child.sku) },
            configurator,
            (id) => palette.get(id) ?? id,
          ),
          qty: line.qty,
          // One item as charged: the line's own price and its upgrades'.
          unitAmount: line.unitAmount + children.reduce((sum, child) => sum + child.unitAmount, 0),
        }
      }),
    total,
    paid,
    balance: Math.max(0, total - paid),
    currency: order.currency,
    shippingAddress: proven ? order.shippingAddress : null,
    addressWithheld: !proven && order.shippingAddress !== null,
    paymentCode: order.paymentCode,
  }
}
