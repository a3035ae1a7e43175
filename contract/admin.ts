import { z } from 'zod'
import { ShippingAddress } from './address.ts'
import { OrderStatus } from './order-status.ts'
import { OrderDiscount, OrderEvent, OrderLine, OrdersQuery } from './orders.ts'
import { plainText } from './plain-text.ts'
import { ShippingQuote } from './shipping.ts'
import { Role } from './user.ts'
import { uuidPattern } from './uuid.ts'

/*
 * The back office's calls (docs/back-office.md, /api/admin/…): the order list and an order's
 * page, and what the shop does to an order. snake_case on the wire, money in integer minor units
 * of `currency`, as everywhere in the API.
 */

/** The roles that open the back office. Staff do all of it but refunds, dealer rates and codes. */
export const backOfficeRoles = ['admin', 'staff'] as const satisfies readonly Role[]
export type BackOfficeRole = (typeof backOfficeRoles)[number]

const Money = z.number().int()

const submittedStatuses = OrderStatus.filter((status) => status !== 'open' && status !== 'merged')

/** The states of a submitted order (a cart and a merged cart are not orders). */
export const SubmittedStatus = z.enum(OrderStatus).exclude(['open', 'merged'], {
  error: `The state is one of ${submittedStatuses.join(', ')}.`,
})
export type SubmittedStatus = z.infer<typeof SubmittedStatus>

/**
 * What an order's settled payments make of its total (contract/order-lifecycle.ts `paidStatus`):
 * all of it (a total of 0 included), part of it, or nothing yet. A refund does not take a payment
 * off: it gives money back and opens no balance.
 */
export const PaymentState = z.enum(['paid', 'part_paid', 'unpaid'])
export type PaymentState = z.infer<typeof PaymentState>

const dateMessage = (field: string) => `${field} is a date, YYYY-MM-DD.`

/** The longest search the order list takes. */
export const maxSearchLength = 100

/** GET /api/admin/orders: the filters, each narrowing the list, and paging. */
export const AdminOrdersQuery = z
  .object({
    status: SubmittedStatus.optional(),
    payment: z
      .enum(PaymentState.options, { error: 'payment is paid, part_paid or unpaid.' })
      .optional(),
    made_to_order: z
      .enum(['true', 'false'], { error: 'made_to_order is true or false.' })
      .optional(),
    /** The dealer credited with the order (its account id). */
    dealer: z.string().regex(uuidPattern, 'dealer is a dealer account’s id (a uuid).').optional(),
    /** Submitted on or after this day (UTC). */
    from: z.iso.date(dateMessage('from')).optional(),
    /** Submitted on or before this day (UTC). */
    to: z.iso.date(dateMessage('to')).optional(),
    /**
     * The order number as the customer sees it (`78FC985B`, or its first 4 characters and more,
     * with or without `#`), or part of the customer's e-mail address or name.
     */
    q: plainText(
      z
        .string()
        .trim()
        .min(1, 'Type something to search for.')
        .max(maxSearchLength, `A search is at most ${maxSearchLength} characters.`),
    ).optional(),
    page: OrdersQuery.shape.page,
    per_page: OrdersQuery.shape.per_page,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to is on or after from.',
  })
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>

/** The dealer credited with an order: its account and its directory entry's name. */
export const AdminDealer = z.object({ id: z.string(), name: z.string() })

/** One order of the back office's list. */
export const AdminOrderRow = z.object({
  id: z.string(),
  /** The number the customer sees (contract/order-number.ts). */
  number: z.string(),
  status: SubmittedStatus,
  submitted_at: z.iso.datetime({ offset: true }),
  /** Where the order's mail goes; null for a device's order placed without an address. */
  email: z.string().nullable(),
  /** The customer's account name, else the name on the shipping address. */
  name: z.string().nullable(),
  currency: z.string(),
  total: Money,
  /** The settled payments (a refund is not taken off: see `refunded`). */
  paid: Money,
  refunded: Money,
  balance: Money,
  payment: PaymentState,
  /** Every item is sewn after the order (as the customer's order page says). */
  made_to_order: z.boolean(),
  dealer: AdminDealer.nullable(),
  /**
   * `YYYY-MM-DD`: when the last item to be made should be ready, the submit day plus the
   * production time promised (the items' own, as the order page shows them); null when nothing
   * is made.
   */
  ship_by: z.iso.date().nullable(),
})
export type AdminOrderRow = z.infer<typeof AdminOrderRow>

export const AdminOrdersPage = z.object({
  orders: z.array(AdminOrderRow),
  page: z.number().int(),
  per_page: z.number().int(),
  /** How many orders the filters keep. */
  total_count: z.number().int(),
  has_more: z.boolean(),
})
export type AdminOrdersPage = z.infer<typeof AdminOrdersPage>

/** One payment attempt of an order, as the provider left it. */
export const AdminPayment = z.object({
  id: z.string(),
  provider: z.string(),
  amount: Money,
  /** What was given back of it. */
  refunded: Money,
  status: z.enum(['pending', 'settled', 'declined', 'failed', 'refunded']),
  /** The provider's message on a decline or failure. */
  message: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
})
export type AdminPayment = z.infer<typeof AdminPayment>

/** A mail about the order, from the outbox (its body is not shown: it may hold live links). */
export const AdminOrderMail = z.object({
  id: z.string(),
  /** The template: `order-submitted`, `order-shipped`, `payment-received`, … */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** Why the last attempt failed (the mail server's answer). */
  last_error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  sent_at: z.iso.datetime({ offset: true }).nullable(),
})
export type AdminOrderMail = z.infer<typeof AdminOrderMail>

/** One row of the audit log: who did what to what, when, and from which session. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  actor: z.object({
    id: z.string(),
    role: Role,
    /** Null once the account is gone. */
    email: z.string().nullable(),
  }),
  /** The session's reference in the log, shortened: the same for every action of one session. */
  session: z.string(),
  /**
   * `order.move`, `order.refund`, `order.resend_mail`, `order.payment_link`, `user.login_link`,
   * `user.sign_out_everywhere`, `dealer.tie`, `dealer.rate`, `dealer.link_customer`,
   * `dealer.unlink_customer`, `dealer.payout_paid`, and `discount_code.*` (create, edit, end).
   */
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/admin/orders/{id}, and the answer of every action on the order. */
export const AdminOrderDetail = z.object({
  id: z.string(),
  number: z.string(),
  status: SubmittedStatus,
  submitted_at: z.iso.datetime({ offset: true }),
  /** Where the order may move now (contract/order-lifecycle.ts). */
  next_statuses: z.array(SubmittedStatus),
  customer: z.object({
    /** Where the order's mail goes. */
    email: z.string().nullable(),
    name: z.string().nullable(),
    /** The account that owns the order; null for a device's order. */
    account_id: z.string().nullable(),
    /** The customer a dealer placed it for. */
    placed_for: z
      .object({ id: z.string(), email: z.string(), name: z.string().nullable() })
      .nullable(),
  }),
  dealer: AdminDealer.nullable(),
  made_to_order: z.boolean(),
  ship_by: z.iso.date().nullable(),
  /** The lines as the customer's order page shows them: what was chosen (meta, summary), prices. */
  lines: z.array(OrderLine),
  subtotal: Money,
  discounts: z.array(OrderDiscount),
  shipping: z.object({ option: ShippingQuote.nullable(), address: ShippingAddress.nullable() }),
  notes: z.string().nullable(),
  currency: z.string(),
  total: Money,
  paid: Money,
  refunded: Money,
  balance: Money,
  payment: PaymentState,
  /** What a refund may still give back: settled payments less what was refunded of them. */
  refundable: Money,
  /** An item added after submit waits for the waiver to be signed again. */
  signature_needed: z.boolean(),
  payments: z.array(AdminPayment),
  /** The order's history (order_events), oldest first, as the customer sees it. */
  history: z.array(OrderEvent),
  /** The mail sent (or waiting) about it, oldest first. */
  mail: z.array(AdminOrderMail),
  /** What the back office did to it, oldest first. */
  audit: z.array(AuditEntry),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>

const noteMessage = 'The note is at most 500 characters.'

/** POST /api/admin/orders/{id}/move. */
export const MoveOrderRequest = z.object({
  status: SubmittedStatus,
  /** A line of the order's history, which the customer sees; when shipped, the tracking number. */
  note: plainText(z.string({ error: 'The note is text.' }).trim().max(500, noteMessage)).optional(),
})
export type MoveOrderRequest = z.infer<typeof MoveOrderRequest>

/** POST /api/admin/orders/{id}/refund. */
export const RefundRequest = z.object({
  /** In minor units of the order's currency; without it, all that can be refunded. */
  amount: z
    .number({ error: 'The amount is a whole number of minor units (cents).' })
    .int('The amount is a whole number of minor units (cents).')
    .positive('The amount is more than 0.')
    .max(100_000_000, 'The amount is too large.')
    .optional(),
})
export type RefundRequest = z.infer<typeof RefundRequest>
