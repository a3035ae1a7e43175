import { and, eq } from 'drizzle-orm'
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/cart.ts'
import type { Database } from '../../db/index.ts'
import { idempotencyKeys } from '../../db/schema.ts'
import { keyReusedAnswer, requestHash, type SentAnswer, type WorkAnswer } from '../idempotency.ts'

/*
 * A refund once per Idempotency-Key (POST /api/admin/orders/{id}/refund). runIdempotent keeps a
 * key in its change's own transaction, and a refund cannot run in one: it asks the providers
 * outside any transaction (services/payments/payments.ts `refund`), and PGlite has one session,
 * so a transaction held open around it would wait for itself. So the key is kept in three steps,
 * in the same table and under the same rules of scope and body (services/idempotency.ts):
 *
 * 1. the key is written before the refund, without an answer ("started");
 * 2. the refund runs;
 * 3. its answer is written to the key.
 *
 * A repeat finds the key: the same body after step 3 gets the first answer, byte for byte; the
 * same body before it, a 409 (the first is still running, or stopped where nobody knows how much
 * went back: the order's payments say); another body, the key-reused 422. No key is ever run
 * twice, so no part refund is ever made twice by one key, whatever fails between the steps.
 */

export const refundRunningMessage =
  'A refund with this Idempotency-Key has started and has not answered yet. Send it again in a ' +
  'moment; if this lasts, read the order’s payments before refunding with a new key.'

/** How long a repeat of a refund still running should wait, in seconds. */
export const refundRunningRetryAfter = 2

export interface RefundOnce {
  /** The call with its path (`POST /admin/orders/{id}/refund` with the id). */
  call: string
  /** The caller's own scope (the admin's account: `user:{id}`). */
  scope: string
  /** The Idempotency-Key, already checked against idempotencyKeyPattern. */
  key: string
  body: unknown
}

/** `work` once per (scope, key), its answer kept for every repeat (see the file's head). */
export async function refundOnce(
  db: Database,
  { call, scope, key, body }: RefundOnce,
  work: () => Promise<WorkAnswer>,
): Promise<SentAnswer & { retryAfter?: number }> {
  const hash = requestHash(call, body)
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))
  const started = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash, ownerScope: scope })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (started.length === 0) {
    const [found] = await db.select().from(idempotencyKeys).where(thisKey)
    // Another request's key (or one pruned meanwhile, after 90 days): never run again.
    if (!found || found.requestHash !== hash) {
      const reused = keyReusedAnswer()
      return { status: reused.status, text: JSON.stringify(reused.body) }
    }
    if (found.status === null || found.answer === null) {
      const body = {
        message: refundRunningMessage,
        errors: { [IDEMPOTENCY_KEY_HEADER]: [refundRunningMessage] },
      }
      return { status: 409, text: JSON.stringify(body), retryAfter: refundRunningRetryAfter }
    }
    return { status: found.status, text: found.answer }
  }
  // Should the refund throw, the key stays "started": a repeat gets the 409, never a second run.
  const answer = await work()
  const text = JSON.stringify(answer.body)
  await db.update(idempotencyKeys).set({ status: answer.status, answer: text }).where(thisKey)
  return { status: answer.status, text }
}
