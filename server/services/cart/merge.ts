import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import {
  mergedLines,
  orderDiscounts,
  orderLines,
  orders,
  type MergeNotice,
} from '../../db/schema.ts'
import { cartScope, userScope, type CartOwner } from '../cart-owner.ts'
import { adoptKeys } from '../idempotency.ts'
import { maxLineQty, nextPosition, setLineQty } from './changes.ts'
import { openCartForUpdate, type Executor } from './open-cart.ts'

/* A guest cart merged into an account's at sign-in. */

/** Whether a cart token's open cart holds lines that a signed-in request should merge. */
export async function guestCartHasLines(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.cartTokenHash, tokenHash), eq(orders.status, 'open'), isNull(orders.userId)),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Merges a cart token's open cart into the user's (the merge overlay; docs/cart-and-offline-sync.md), in one transaction:
 * identical lines have their quantities summed (at most 99), others move over; the guest cart
 * is marked merged. If the user's cart had lines, it records what happened for the overlay; an
 * empty one simply takes the lines. A second merge finds no open guest cart and does nothing.
 * The guest's idempotency keys are copied to the user, pointing at the lines' new places, so a
 * change replayed after sign-in is still recognised.
 */
export async function mergeGuestCart(db: Database, userId: string, tokenHash: string) {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.cartTokenHash, tokenHash), eq(orders.status, 'open'), isNull(orders.userId)),
      )
      .for('update')
    if (!guest) return undefined
    const guestLines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, guest.id))
      .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
    const guestParents = guestLines.filter((line) => line.parentId === null)
    if (guestParents.length === 0) return undefined

    const owner: CartOwner = { kind: 'user', userId, tokenHash: undefined }
    const { order: target } = await openCartForUpdate(tx, owner, guest.currency)
    const targetLines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, target.id), isNull(orderLines.parentId)))
    const hadLines = targetLines.length > 0
    let position = await nextPosition(tx, target.id)
    let linesAdded = 0
    let linesSummed = 0
    for (const line of guestParents) {
      const same = targetLines.find((other) => other.lineKey === line.lineKey)
      if (same) {
        await setLineQty(tx, same.id, Math.min(maxLineQty, same.qty + line.qty))
        // A change still naming the guest line (or its add's key) is the device's share of it.
        await tx
          .insert(mergedLines)
          .values({ fromLineId: line.id, intoLineId: same.id, baseQty: same.qty })
          .onConflictDoNothing()
        await tx.delete(orderLines).where(eq(orderLines.id, line.id))
        linesSummed += 1
      } else {
        await tx
          .update(orderLines)
          .set({ orderId: target.id, position: position++ })
          .where(eq(orderLines.id, line.id))
        await tx
          .update(orderLines)
          .set({ orderId: target.id })
          .where(eq(orderLines.parentId, line.id))
        linesAdded += 1
      }
    }
    await tx.execute(sql`
      insert into ${orderDiscounts} (order_id, discount_code_id, created_at)
      select ${target.id}, discount_code_id, created_at from ${orderDiscounts}
      where order_id = ${guest.id}
      on conflict do nothing`)
    await tx.delete(orderDiscounts).where(eq(orderDiscounts.orderId, guest.id))
    await adoptKeys(tx, cartScope(tokenHash), userScope(userId))
    await tx
      .update(orders)
      .set({ status: 'merged', mergedInto: target.id, updatedAt: new Date() })
      .where(eq(orders.id, guest.id))
    const previous = target.mergeNotice
    const notice: MergeNotice | null = hadLines
      ? {
          lines_added: (previous?.lines_added ?? 0) + linesAdded,
          lines_summed: (previous?.lines_summed ?? 0) + linesSummed,
        }
      : previous
    await tx
      .update(orders)
      .set({ mergeNotice: notice, updatedAt: new Date() })
      .where(eq(orders.id, target.id))
    return { orderId: target.id, linesAdded, linesSummed }
  })
}
