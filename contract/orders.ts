import { z } from 'zod'
import { ShippingAddress } from './address.ts'
import { OrderMeta } from './configurator.ts'
import { OrderStatus } from './order-status.ts'
import { PlacedFor } from './placed-for.ts'
import { ShippingQuote } from './shipping.ts'

/*
 * A submitted order as its owner reads it (GET /api/order/get-orders, get-submitted-order/{id}),
 * as anyone holding its payment link reads it (get-order-with-payment-link/{code}: only what
 * paying needs), and what the order screens keep offline. snake_case on the wire; money in
 * integer minor units of `currency`: each line's price is the one charged, `total` the order's
 * `total_amount` (fixed at submit, raised by additions), `paid` the sum of its settled payments.
 */

const Money = z.number().int()

/** How long an item takes to make, and when it should be ready (from the submit day). */
export const LineProductionTime = z.object({
  weeks_min: z.number().int(),
  weeks_max: z.number().int(),
  /** The workshop's remark on its category (`Super custom designs add a week.`), or null. */
  note: z.string().nullable(),
  /** `YYYY-MM-DD`: submitted_at plus weeks_min and weeks_max. */
  ready_from: z.iso.date(),
  ready_by: z.iso.date(),
})
export type LineProductionTime = z.infer<typeof LineProductionTime>

/**
 * An upgrade that belongs to a line (a super custom design): its price as charged, and what the
 * customer chose on it (`meta`: the super custom pattern's colours, as the cart holds them).
 */
export const OrderChildLine = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  unit_amount: Money,
  meta: z.array(OrderMeta),
})
export type OrderChildLine = z.infer<typeof OrderChildLine>

export const OrderLine = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The variant's name (size), when the product has variants. */
  variant_name: z.string().nullable(),
  /** The product's page, e.g. /wingsuits/corvid-2; '' for a product no longer in the catalog. */
  product_path: z.string(),
  image: z.string().nullable(),
  qty: z.number().int(),
  /** One item as charged, its upgrades included. */
  unit_amount: Money,
  line_amount: Money,
  meta: z.array(OrderMeta),
  children: z.array(OrderChildLine),
  /** Human lines describing the configuration, as the cart shows them. */
  summary: z.array(z.string()),
  /** Sewn after the order (a configurable product in a variant not in stock). */
  made_to_order: z.boolean(),
  /** The item ships from stock (its production_time is then null). */
  in_stock: z.boolean(),
  /**
   * This item's own production time; null for an item that ships from stock, and for one made
   * in a family whose weeks are not published (`in_stock` false).
   */
  production_time: LineProductionTime.nullable(),
  /** Added through the payment link after the order was submitted. */
  added_after_submit: z.boolean(),
})
export type OrderLine = z.infer<typeof OrderLine>

export const OrderDiscount = z.object({
  code: z.string(),
  description: z.string(),
  amount: Money,
})
export type OrderDiscount = z.infer<typeof OrderDiscount>

/** One step of the order's history (order_events), oldest first. */
export const OrderEvent = z.object({
  status: z.enum(OrderStatus),
  note: z.string(),
  at: z.iso.datetime({ offset: true }),
})
export type OrderEvent = z.infer<typeof OrderEvent>

/** The amounts every view of an order carries. */
const Amounts = {
  currency: z.string(),
  /** What the order costs now: total_amount. */
  total: Money,
  /** The sum of its settled payments (a refund is not taken off: see `refunded`). */
  paid: Money,
  /**
   * What the shop has given back of them. A refund opens no balance: the balance is the total less
   * what was paid. Absent from orders kept on a device by an earlier build.
   */
  refunded: Money.default(0),
  /** What is left to pay (never below 0). */
  balance: Money,
  /** A balance is open and the order may still be paid: the payment link takes it. */
  payment_due: z.boolean(),
}

/** GET /api/order/get-submitted-order/{id}: the owner's whole view. */
export const OrderView = z.object({
  id: z.string(),
  status: z.enum(OrderStatus),
  submitted_at: z.iso.datetime({ offset: true }),
  /** Every item made to order: nothing was due when it was submitted. */
  is_mto: z.boolean(),
  lines: z.array(OrderLine),
  /** The lines at their prices as charged, before discounts and shipping. */
  subtotal: Money,
  discounts: z.array(OrderDiscount),
  shipping: z.object({
    /** The option chosen at checkout, at the price charged; null when none was needed. */
    option: ShippingQuote.nullable(),
    address: ShippingAddress.nullable(),
  }),
  ...Amounts,
  history: z.array(OrderEvent),
  /** Until the order ships (POST /api/order/{id}/save-shipping-address). */
  can_change_address: z.boolean(),
  /** Items may still be added through the payment link (submitted or partly paid). */
  can_add_to_order: z.boolean(),
  /**
   * The order's payment link code (`/checkout/{code}`, `/add-to-order/{code}`): for its owner
   * only, never on a list.
   */
  payment_code: z.string(),
  notes: z.string().nullable(),
  /**
   * The customer a dealer placed this order for (the owner is the dealer); null for an order
   * placed for its owner. Always sent; optional so that orders kept on a device before it parse.
   */
  placed_for: PlacedFor.nullable().optional(),
})
export type OrderView = z.infer<typeof OrderView>

/** One order of GET /api/order/get-orders. */
export const OrderSummary = z.object({
  id: z.string(),
  status: z.enum(OrderStatus),
  submitted_at: z.iso.datetime({ offset: true }),
  /** The items' names, in order (`2 × Corvid 2`). */
  items: z.array(z.string()),
  item_count: z.number().int(),
  ...Amounts,
})
export type OrderSummary = z.infer<typeof OrderSummary>

/** The most orders one page of get-orders holds, and its default. */
export const maxOrdersPerPage = 50
export const defaultOrdersPerPage = 20

/** GET /api/order/get-orders?page&per_page. */
export const OrdersQuery = z.object({
  page: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(10_000, 'The page is at most 10000.')
    .default(1),
  per_page: z.coerce
    .number({ error: `per_page is a whole number from 1 to ${maxOrdersPerPage}.` })
    .int(`per_page is a whole number from 1 to ${maxOrdersPerPage}.`)
    .min(1, `per_page is a whole number from 1 to ${maxOrdersPerPage}.`)
    .max(maxOrdersPerPage, `per_page is a whole number from 1 to ${maxOrdersPerPage}.`)
    .default(defaultOrdersPerPage),
  /** `true`: a dealer's list of the orders credited to it (its customers'), contract/dealer.ts. */
  dealer_orders: z.enum(['true', 'false'], { error: 'dealer_orders is true or false.' }).optional(),
})
export type OrdersQuery = z.infer<typeof OrdersQuery>

export const OrdersPage = z.object({
  orders: z.array(OrderSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  /** How many submitted orders the caller has in all. */
  total_count: z.number().int(),
  has_more: z.boolean(),
})
export type OrdersPage = z.infer<typeof OrdersPage>

/**
 * GET /api/order/get-order-with-payment-link/{code}: what paying the balance needs, for whoever
 * holds the link. No address, e-mail, notes or history.
 */
export const PaymentLinkOrder = z.object({
  id: z.string(),
  status: z.enum(OrderStatus),
  submitted_at: z.iso.datetime({ offset: true }),
  lines: z.array(
    OrderLine.pick({
      id: true,
      sku: true,
      name: true,
      variant_name: true,
      image: true,
      qty: true,
      unit_amount: true,
      line_amount: true,
      summary: true,
      made_to_order: true,
    }),
  ),
  subtotal: Money,
  discounts: z.array(OrderDiscount),
  /** What shipping cost (the option's amount), without the address. */
  shipping_amount: Money,
  ...Amounts,
  can_add_to_order: z.boolean(),
  /**
   * An item added after submit needs the waiver: the order is not paid and does not ship until
   * it is signed again (create-order-signature with `payment_code`).
   */
  signature_needed: z.boolean(),
})
export type PaymentLinkOrder = z.infer<typeof PaymentLinkOrder>

/** The payment link's code as the server makes it: 32 random bytes, base64url (43 characters). */
export const paymentCodePattern = /^[A-Za-z0-9_-]{43}$/

/** The statuses an order may take items in through its payment link. */
export const addableStatuses: readonly OrderStatus[] = ['submitted', 'partly_paid']
/** The statuses a payment may still be made in (a balance may be open). */
export const payableStatuses: readonly OrderStatus[] = [
  'submitted',
  'partly_paid',
  'paid',
  'in_production',
  'shipped',
  'delivered',
]
/** Until the order ships, its address may change. */
export const addressChangeableStatuses: readonly OrderStatus[] = [
  'open',
  'submitted',
  'partly_paid',
  'paid',
  'in_production',
]

export { orderNumber } from './order-number.ts'

/** What each status means to the customer, for the order pages. */
export const statusLabels: Record<OrderStatus, string> = {
  open: 'Cart',
  merged: 'Merged into your account’s cart',
  submitted: 'Submitted',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}
