import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import {
  addableStatuses,
  payableStatuses,
  type OrderLine,
  type OrderSummary,
  type OrdersPage,
  type OrderView,
  type PaymentLinkOrder,
} from '../../../contract/orders.ts'
import {
  discountCodes,
  orderDiscounts,
  orderEvents,
  orderLines,
  orders,
  productionTimes,
  users,
} from '../../db/schema.ts'
import type { CartOwner } from '../cart-owner.ts'
import type { Palette } from '../cart/pricing.ts'
import { cartOf } from '../cart/view.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { moneyOf, moneyOfOrders, type OrderMoney } from '../payments/order-money.ts'
import { isMadeToOrder } from '../shipping.ts'
import { lineInStock, lineProductionTime } from './production.ts'
import {
  addressChangeable,
  isSubmitted,
  linesOf,
  submittedBy,
  type Executor,
  type LineRow,
  type OrderRow,
} from './lookup.ts'

/*
 * Submitted orders as their owners (the order page, the list) and payment-link holders read
 * them: the lines as the cart shows them, at the prices they were charged.
 */

type Money = Pick<OrderMoney, 'paid' | 'refunded'>
const noMoney: Money = { paid: 0, refunded: 0 }

function amountsOf(order: OrderRow, total: number, { paid, refunded }: Money) {
  const balance = Math.max(0, total - paid)
  return {
    currency: order.currency,
    total,
    paid,
    refunded,
    balance,
    payment_due: balance > 0 && payableStatuses.includes(order.status),
  }
}

/** Everything an order's views are made of, read once. */
interface OrderParts {
  order: OrderRow
  lines: LineRow[]
  items: OrderLine[]
  subtotal: number
  discounts: { code: string; description: string; amount: number }[]
  total: number
  money: Money
}

type ProductionTimeRow = typeof productionTimes.$inferSelect

/** Whether a line came after the order was submitted (an item added through the payment link). */
function addedAfterSubmit(order: OrderRow, lines: readonly LineRow[]) {
  const submittedAt = order.submittedAt ?? order.updatedAt
  const addedLater = (line: LineRow): boolean =>
    line.createdAt.getTime() > submittedAt.getTime() ||
    (line.parentId !== null &&
      lines.some((parent) => parent.id === line.parentId && addedLater(parent)))
  return addedLater
}

/**
 * An order's lines as its page shows them (names, sizes, what was chosen and its summary, at the
 * prices they were charged, each item's production time from the submit day), and the subtotal
 * they make. `lines` are the order's own rows in cart order (position, then creation); `times`
 * the production times. The order's page, the payment link and the back office's queue (which
 * reads many orders' lines in one query) all build their lines here.
 */
export function orderItemsOf(
  order: OrderRow,
  lines: LineRow[],
  times: readonly ProductionTimeRow[],
  catalog: CatalogSnapshot,
  palette: Palette,
): { items: OrderLine[]; subtotal: number } {
  const submittedAt = order.submittedAt ?? order.updatedAt
  const addedLater = addedAfterSubmit(order, lines)
  // The lines as the cart shows them (names, sizes, summaries), at the prices they were charged.
  const cart = cartOf({ order, lines, codes: [], signed: false }, catalog, palette)
  const items: OrderLine[] = cart.items.map((item) => {
    const line = lines.find((candidate) => candidate.id === item.id)!
    const product = catalog.productBySlug(line.productSlug)
    const madeToOrder = isMadeToOrder([line], (slug) => catalog.productBySlug(slug))
    const productionTime = lineProductionTime(product, line, lines, times, submittedAt)
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
        meta: child.meta,
      })),
      summary: item.summary,
      made_to_order: madeToOrder,
      in_stock: lineInStock(product, line.sku),
      production_time: productionTime,
      added_after_submit: addedLater(line),
    }
  })
  return { items, subtotal: cart.subtotal }
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
  const addedLater = addedAfterSubmit(order, lines)
  const { items, subtotal } = orderItemsOf(order, lines, times, catalog, palette)
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
        startsAt: null,
        expiresAt: null,
        usageLimit: null,
      })),
      signed: false,
    },
    catalog,
    palette,
  )
  const money = await moneyOf(db, order.id)
  return {
    order,
    lines,
    items,
    subtotal,
    discounts: atSubmit.discounts.filter((discount) => discount.amount > 0),
    // Fixed at submit; an order written before total_amount existed shows what its lines make.
    total: order.totalAmount ?? atSubmit.total + (order.shippingOption?.amount ?? 0),
    money,
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
    ...amountsOf(order, parts.total, parts.money),
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
    ...amountsOf(order, parts.total, parts.money),
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
      ...amountsOf(order, total, money.get(order.id) ?? noMoney),
    }
  })
  return summaries
}
