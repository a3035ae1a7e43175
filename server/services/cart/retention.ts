import { and, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { idempotencyKeys, mergedLines, orders } from '../../db/schema.ts'
import { idempotencyKeyRetentionMs } from '../idempotency.ts'

/* What the cart keeps and for how long: idle anonymous carts and merge records are pruned. */

/** Drops merge records as old as the idempotency keys that could still name their lines. */
export async function pruneMergedLines(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(mergedLines)
    .where(lt(mergedLines.createdAt, new Date(now.getTime() - idempotencyKeyRetentionMs)))
    .returning({ id: mergedLines.fromLineId })
  return removed.length
}

/**
 * How long an anonymous cart (a cart token's, no account) may sit unchanged before it is pruned:
 * 30 days. A customer who comes back later finds an empty cart; an account's cart is kept.
 */
export const idleCartRetentionMs = 30 * 24 * 3600 * 1000

/**
 * Drops anonymous carts nobody changed for idleCartRetentionMs (open, never submitted; a merged
 * guest cart, whose lines went to an account, once its keys' 90 days are over), with their
 * lines, codes, and the idempotency answers their tokens made, once no order of the token is
 * left. An order (submitted or further) is never pruned, nor the answers of its token: its
 * submit's key must still replay. Returns how many carts went.
 */
export async function pruneIdleCarts(db: Database, now = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - idleCartRetentionMs)
  const mergedSince = new Date(now.getTime() - idempotencyKeyRetentionMs)
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(orders)
      .where(
        and(
          isNull(orders.userId),
          sql`${orders.cartTokenHash} is not null`,
          sql`((${orders.status} = 'open' and ${orders.updatedAt} < ${idleSince.toISOString()}::timestamptz)
            or (${orders.status} = 'merged' and ${orders.updatedAt} < ${mergedSince.toISOString()}::timestamptz))`,
        ),
      )
      .returning({ id: orders.id })
    // The answers a token made itself (not an account's kept under it), as old as an idle cart,
    // where the token has no order left: its cart was pruned, or it never made one.
    await tx.execute(sql`
      delete from ${idempotencyKeys} k
      where k.scope like 'cart:%'
        and coalesce(k.owner_scope, k.scope) = k.scope
        and k.created_at < ${idleSince.toISOString()}::timestamptz
        and not exists (
          select 1 from ${orders} o where o.cart_token_hash = substr(k.scope, 6)
        )`)
    return removed.length
  })
}
