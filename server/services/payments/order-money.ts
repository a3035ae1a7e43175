import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { payments } from '../../db/schema.ts'
import type { Transaction } from '../idempotency.ts'

export interface OrderMoney {
  /**
   * Paid, in minor units: the settled payments, a refund not taken off. A refund gives money back
   * (a returned item, a goodwill gesture); it does not open a balance to pay again.
   */
  paid: number
  /** What the shop has given back of those payments. */
  refunded: number
  /** Held by attempts still pending. */
  held: number
}

/**
 * What each order has (an order with no payments is not in the map). A payment refunded in whole
 * is `refunded`; in part, still `settled` with `refunded_amount`.
 */
export async function moneyOfOrders(
  db: Database | Transaction,
  orderIds: readonly string[],
): Promise<Map<string, OrderMoney>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({
      orderId: payments.orderId,
      paid: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} in ('settled', 'refunded')), 0)`,
      refunded: sql<string>`coalesce(sum(${payments.refundedAmount}) filter (where ${payments.status} in ('settled', 'refunded')), 0)`,
      held: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'pending'), 0)`,
    })
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]))
    .groupBy(payments.orderId)
  return new Map(
    rows.map((row) => [
      row.orderId,
      { paid: Number(row.paid), refunded: Number(row.refunded), held: Number(row.held) },
    ]),
  )
}

/** What one order has. */
export async function moneyOf(db: Database | Transaction, orderId: string): Promise<OrderMoney> {
  return (await moneyOfOrders(db, [orderId])).get(orderId) ?? { paid: 0, refunded: 0, held: 0 }
}
