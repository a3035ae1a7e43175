import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm'
import type { OrderStatus } from '../../../contract/order-status.ts'
import { addressChangeableStatuses } from '../../../contract/orders.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import { orderLines, orders } from '../../db/schema.ts'
import { orderTokenHashes, type CartOwner } from '../cart-owner.ts'
import { sha256, type Transaction } from '../idempotency.ts'

/*
 * Who may read a submitted order, and finding it. Owners come from cart-owner.ts, but more
 * strictly than a cart: a submitted order is an account's (user_id) or a token's (device or guest
 * session, no user), never both, so an account signed in on a device never reads what a guest
 * session left there. Anyone holding an order's payment link reads what paying needs.
 */

export type Executor = Database | Transaction
export type OrderRow = typeof orders.$inferSelect
export type LineRow = typeof orderLines.$inferSelect

export const orderNotFoundMessage = 'No such order, or it is not yours.'
export const paymentLinkNotFoundMessage = 'This payment link does not lead to an order.'

/** Carts (`open`) and merged guest carts are not orders yet. */
export const notSubmitted: OrderStatus[] = ['open', 'merged']

/** Who owns a submitted order: the account alone, or the token alone (no account). */
export function submittedBy(owner: CartOwner) {
  return owner.kind === 'user'
    ? eq(orders.userId, owner.userId)
    : and(inArray(orders.cartTokenHash, orderTokenHashes(owner)), isNull(orders.userId))
}

export const isSubmitted = and(
  isNotNull(orders.submittedAt),
  notInArray(orders.status, notSubmitted),
)

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

/** Until the order ships (can-change-address; docs/orders.md). */
export function addressChangeable(status: OrderStatus): boolean {
  return addressChangeableStatuses.includes(status)
}

export async function linesOf(db: Executor, orderId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
}

/** The idempotency scope of a payment link: whoever holds the code is the caller. */
export function paymentLinkScope(code: string): string {
  return `payment-link:${sha256(code)}`
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
