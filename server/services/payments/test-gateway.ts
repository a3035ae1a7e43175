import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { testNonceOutcome } from '../../../contract/payment.ts'
import type { Database } from '../../db/index.ts'
import { testGatewayCharges } from '../../db/schema.ts'
import {
  ProviderUnavailable,
  type CardGateway,
  type ChargeOutcome,
  type ChargeRequest,
} from './gateway.ts'

/*
 * The built-in test gateway, used when no Braintree credentials are set: a fresh machine can take
 * a whole order to paid with no payment account. It speaks Braintree's documented test nonces
 * (contract/payment.ts testNonceOutcomes: `fake-valid-nonce` settles,
 * `fake-processor-declined-visa-nonce` is declined with "Do Not Honor", …) and keeps its charges
 * in a ledger of its own (`test_gateway_charges`), one per attempt key, as a provider would:
 * every API process and a restart see the same charges, and a replayed attempt answers the
 * charge already made. Tests can make it time out, before or after it charges.
 */

type ChargeRow = typeof testGatewayCharges.$inferSelect

/** When a charge's answer is lost: before the gateway recorded it, or after (money taken). */
export type TimeOut = 'before-charging' | 'after-charging'

export interface TestGateway extends CardGateway {
  /** Tests: the next charge times out as told (once per call). */
  timeOutNext(when: TimeOut): void
  /** Tests: `find` fails with a time-out this many times. */
  findTimesOut(times: number): void
}

const outcomeOf = (row: ChargeRow): ChargeOutcome =>
  row.status === 'settled'
    ? { status: 'settled', providerRef: row.id }
    : {
        status: row.status === 'declined' ? 'declined' : 'failed',
        providerRef: row.id,
        message: row.message ?? '',
      }

export function createTestGateway(db: Database): TestGateway {
  const timeOuts: TimeOut[] = []
  let findTimeOuts = 0

  async function findRow(orderId: string, attemptKey: string) {
    const [row] = await db
      .select()
      .from(testGatewayCharges)
      .where(
        and(eq(testGatewayCharges.orderId, orderId), eq(testGatewayCharges.attemptKey, attemptKey)),
      )
    return row
  }

  async function charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const timeOut = timeOuts.shift()
    if (timeOut === 'before-charging') throw new ProviderUnavailable()
    const outcome = testNonceOutcome(request.nonce)
    // One charge per attempt: a repeat (or a concurrent duplicate) finds the first.
    const [made] = await db
      .insert(testGatewayCharges)
      .values({
        id: `test_${randomBytes(12).toString('base64url')}`,
        attemptKey: request.attemptKey,
        orderId: request.orderId,
        nonce: request.nonce,
        amount: request.amount,
        currency: request.currency,
        status: outcome.status,
        message: outcome.status === 'settled' ? null : outcome.message,
      })
      .onConflictDoNothing()
      .returning()
    const row = made ?? (await findRow(request.orderId, request.attemptKey))
    if (!row) throw new ProviderUnavailable('The test gateway lost a charge.')
    if (timeOut === 'after-charging') throw new ProviderUnavailable()
    return outcomeOf(row)
  }

  return {
    name: 'test',
    clientToken: async () => null,
    charge,
    async find({ orderId, attemptKey }) {
      if (findTimeOuts > 0) {
        findTimeOuts--
        throw new ProviderUnavailable()
      }
      const row = await findRow(orderId, attemptKey)
      return row && outcomeOf(row)
    },
    async refund(providerRef, amount) {
      const [row] = await db
        .update(testGatewayCharges)
        .set({ refundedAmount: sql`${testGatewayCharges.refundedAmount} + ${amount}` })
        .where(
          and(
            eq(testGatewayCharges.id, providerRef),
            eq(testGatewayCharges.status, 'settled'),
            sql`${testGatewayCharges.refundedAmount} + ${amount} <= ${testGatewayCharges.amount}`,
          ),
        )
        .returning({ id: testGatewayCharges.id })
      return row
        ? { ok: true }
        : { ok: false, message: 'The test gateway has no settled charge with that much left.' }
    },
    timeOutNext(when) {
      timeOuts.push(when)
    },
    findTimesOut(times) {
      findTimeOuts = times
    },
  }
}
