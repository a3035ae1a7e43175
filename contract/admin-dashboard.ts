import { z } from 'zod'
import { OrderStatus } from './order-status.ts'

/*
 * The back office's dashboard (docs/back-office.md): the figures its charts draw
 * (GET /api/admin/dashboard) and what needs the owner (GET /api/admin/attention), both read by
 * SQL aggregates (server/services/admin/dashboard.ts). snake_case on the wire, money in integer
 * minor units of `currency`.
 */

const Money = z.number().int()
const Day = z.iso.date()
const dateMessage = (field: string) => `${field} is a date, YYYY-MM-DD.`

/** The longest period the charts draw, in days: a year and a day (a leap year's whole year). */
export const maxDashboardDays = 366

/**
 * GET /api/admin/dashboard: the days drawn, UTC, both inclusive (the last 30 days to today
 * unless given), in one currency (USD unless given; orders in another are left out).
 */
export const AdminDashboardQuery = z.object({
  from: z.iso.date(dateMessage('from')).optional(),
  to: z.iso.date(dateMessage('to')).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency is a three-letter code, e.g. USD.')
    .optional(),
})
export type AdminDashboardQuery = z.infer<typeof AdminDashboardQuery>

const SalesFigures = {
  /** Orders submitted (cancelled ones left out). */
  orders: z.number().int(),
  /** Their totals, refunds not taken off. */
  sales: Money,
  /** What was given back of those orders' payments. */
  refunded: Money,
}

export const SalesDay = z.object({ day: Day, ...SalesFigures })
/** `week` is the week's Monday. */
export const SalesWeek = z.object({ week: Day, ...SalesFigures })

export const ProductSales = z.object({
  slug: z.string(),
  /** Null for a product no longer in the catalog. */
  name: z.string().nullable(),
  family: z.string().nullable(),
  quantity: z.number().int(),
  /** The lines at their prices as charged, upgrades included; before discounts and shipping. */
  amount: Money,
})

const OrdersAndSales = z.object({ orders: z.number().int(), sales: Money })

export const AdminDashboard = z.object({
  from: Day,
  to: Day,
  currency: z.string(),
  summary: z.object({ ...SalesFigures, average_order_value: Money }),
  sales_per_day: z.array(SalesDay),
  sales_per_week: z.array(SalesWeek),
  made_to_order: z.object({ made_to_order: OrdersAndSales, in_stock: OrdersAndSales }),
  top_products: z.object({
    by_quantity: z.array(ProductSales),
    by_amount: z.array(ProductSales),
  }),
  /** Page views and orders per day; `conversion` is orders per view, null on a day of no views. */
  views_per_day: z.array(
    z.object({
      day: Day,
      views: z.number().int(),
      orders: z.number().int(),
      conversion: z.number().nullable(),
    }),
  ),
})
export type AdminDashboard = z.infer<typeof AdminDashboard>

/** A list that may be cut: `count` is how many there are, `items` the first of them. */
const listed = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), items: z.array(item) })

const ShipByOrder = z.object({
  order_id: z.string(),
  email: z.string().nullable(),
  status: z.enum(OrderStatus),
  submitted_at: z.iso.datetime({ offset: true }),
  ship_by: Day,
  days_left: z.number().int(),
})

/** GET /api/admin/attention: what needs the owner, each list oldest or most urgent first. */
export const AdminAttention = z.object({
  /** Orders with a balance unpaid `unpaid_days` after they were submitted. */
  unpaid_balances: listed(
    z.object({
      order_id: z.string(),
      email: z.string().nullable(),
      status: z.enum(OrderStatus),
      currency: z.string(),
      submitted_at: z.iso.datetime({ offset: true }),
      total: Money,
      paid: Money,
      balance: Money,
      days_waiting: z.number().int(),
    }),
  ),
  unpaid_days: z.number().int(),
  pending_bitpay_invoices: listed(
    z.object({
      payment_id: z.string(),
      order_id: z.string(),
      email: z.string().nullable(),
      amount: Money,
      currency: z.string(),
      created_at: z.iso.datetime({ offset: true }),
      invoice_url: z.string().nullable(),
    }),
  ),
  failed_mail: listed(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
  made_to_order: z.object({ late: z.array(ShipByOrder), at_risk: z.array(ShipByOrder) }),
  at_risk_days: z.number().int(),
  waiting_payouts: listed(
    z.object({
      id: z.string(),
      dealer_id: z.string(),
      dealer: z.string(),
      amount: Money,
      currency: z.string(),
      notes: z.string(),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
})
export type AdminAttention = z.infer<typeof AdminAttention>
