import { and, asc, eq } from 'drizzle-orm'
import type { AdminOrderDetail, SubmittedStatus } from '../../../contract/admin.ts'
import { nextStatuses } from '../../../contract/order-lifecycle.ts'
import { orderNumber } from '../../../contract/orders.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import { dealerDirectory, dealers, orders, payments, users } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import type { Palette } from '../cart/pricing.ts'
import { isSubmitted, type Executor, type OrderRow } from '../orders/lookup.ts'
import { orderEmail } from '../orders/mail-data.ts'
import { orderView } from '../orders/views.ts'
import { auditOf } from './audit.ts'
import { paymentStateOf } from './order-list.ts'
import { latestReadyBy } from './ship-by.ts'
import { mailOfOrder } from './order-mail.ts'

/*
 * One order as the back office reads it (GET /api/admin/orders/{id}, and the answer of each
 * action): the customer's own view of it (lines with what was chosen, amounts, history, address,
 * notes), and what only the shop sees: who the customer is, the payments, the mail, the audit.
 */

/** A submitted order by id; a cart, a merged cart or an unknown id is undefined. */
export async function findOrderForShop(
  db: Executor,
  id: string,
  lock = false,
): Promise<OrderRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isSubmitted))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The order's page in the back office. */
export async function backOfficeOrder(
  db: Executor,
  order: OrderRow,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<AdminOrderDetail> {
  const view = await orderView(db, order, catalog, palette)
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.createdAt), asc(payments.id))
  const ownerId = order.userId ?? order.guestOf
  const [owner] = ownerId
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, ownerId))
    : []
  const [dealer] = order.dealerId
    ? await db
        .select({ name: dealerDirectory.name })
        .from(dealers)
        .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
        .where(eq(dealers.userId, order.dealerId))
    : []
  // What payments.refund may still give back: a settled payment's amount less its refunds.
  const refundable = paymentRows.reduce(
    (sum, row) =>
      sum + (row.status === 'settled' && row.providerRef ? row.amount - row.refundedAmount : 0),
    0,
  )
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: view.status as SubmittedStatus,
    submitted_at: view.submitted_at,
    next_statuses: nextStatuses(order.status) as SubmittedStatus[],
    customer: {
      email: (await orderEmail(db, order)) ?? null,
      name: view.placed_for?.name ?? owner?.name ?? order.shippingAddress?.name ?? null,
      account_id: order.userId,
      placed_for: view.placed_for ?? null,
    },
    dealer: order.dealerId && dealer ? { id: order.dealerId, name: dealer.name } : null,
    // As submitted (orders.made_to_order), as the list filters it.
    made_to_order: order.madeToOrder,
    ship_by: latestReadyBy(view.lines.map((line) => line.production_time)),
    lines: view.lines,
    subtotal: view.subtotal,
    discounts: view.discounts,
    shipping: view.shipping,
    notes: view.notes,
    currency: view.currency,
    total: view.total,
    paid: view.paid,
    refunded: view.refunded,
    balance: view.balance,
    payment: paymentStateOf(view.total, view.paid),
    refundable,
    signature_needed: order.signatureRequestedAt !== null,
    payments: paymentRows.map((row) => ({
      id: row.id,
      provider: row.provider,
      amount: row.amount,
      refunded: row.refundedAmount,
      status: row.status,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    })),
    history: view.history,
    mail: await mailOfOrder(db, order.id),
    audit: await auditOf(db, 'order', order.id),
  }
}
