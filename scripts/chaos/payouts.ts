// The dealer ledger under chaos (issue 17): seeded runs of payout requests, changes, refunds and
// cancellations fired at once against the API in-process (PGlite, or PostgreSQL with a URL), then
// the ledger is checked: no running balance below zero, the balance equal to its entries, and no
// payout request asking for more than the commission left. Nothing here is marked paid: only a
// paid payout may leave a balance below zero (README "Dealer portal").
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { DealerCommission } from '../../contract/dealer.ts'
import { createApp } from '../../server/app.ts'
import { openDatabase, type OpenDatabase } from '../../server/db/index.ts'
import { dealerDirectory, orders, users } from '../../server/db/schema.ts'
import { seed } from '../../server/services/seed.ts'
import { loadEnv } from '../../server/env.ts'
import { ledgerOf } from '../../server/services/commission.ts'
import { linkCustomer, tieDealer } from '../../server/services/dealers.ts'
import { moveOrder } from '../../server/services/orders/lifecycle.ts'
import { orderAwaitingPayment } from '../../server/testing/test-orders.ts'
import { startSession } from '../../server/services/sessions.ts'

type Action =
  | { kind: 'request'; amount: number }
  | { kind: 'change'; payout: number; amount: number }
  | { kind: 'refund'; order: number }
  | { kind: 'cancel'; order: number }

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('request' as const), amount: fc.integer({ min: 1, max: 9_000 }) }),
  fc.record({
    kind: fc.constant('change' as const),
    payout: fc.nat(5),
    amount: fc.integer({ min: 1, max: 9_000 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(3) }),
)

export interface PayoutChaosResult {
  runs: number
  /** Seeds whose ledger broke a rule, with what broke. */
  failures: { seed: number; problems: string[] }[]
}

export async function runPayoutChaos({
  runs,
  seed: firstSeed,
  databaseUrl,
  log = () => {},
}: {
  runs: number
  seed: number
  databaseUrl?: string | undefined
  log?: (line: string) => void
}): Promise<PayoutChaosResult> {
  const database: OpenDatabase = databaseUrl
    ? await openDatabase({ databaseUrl })
    : await openDatabase({ inMemory: true })
  const { db } = database
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_PAYMENTS: 'true' })
  const failures: PayoutChaosResult['failures'] = []
  try {
    await seed(db)
    const app = createApp({ db, env })
    const post = (path: string, bearer: string, body: unknown) =>
      app.request(`/api${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          'idempotency-key': `chaos-${randomUUID()}`,
        },
        body: JSON.stringify(body),
      })
    for (let index = 0; index < runs; index += 1) {
      const runSeed = firstSeed + index
      const actions = fc.sample(fc.array(action, { minLength: 6, maxLength: 16 }), {
        seed: runSeed,
        numRuns: 1,
      })[0]!
      const [dealer] = await db
        .insert(users)
        .values({ email: `chaos-dealer-${randomUUID()}@example.com`, role: 'dealer' })
        .returning()
      const slug = `chaos-${randomUUID().slice(0, 8)}`
      await db.insert(dealerDirectory).values({ slug, name: 'Chaos', city: 'X', country: 'NO' })
      await tieDealer(db, { userId: dealer!.id, slug })
      const { token } = await startSession(db, dealer!.id, { ttlSeconds: 3600 })
      const orderIds: string[] = []
      for (let n = 0; n < 4; n += 1) {
        const [customer] = await db
          .insert(users)
          .values({ email: `chaos-customer-${randomUUID()}@example.com`, role: 'customer' })
          .returning()
        await linkCustomer(db, {
          customerId: customer!.id,
          dealerId: dealer!.id,
          linkedBy: 'admin',
        })
        const order = await orderAwaitingPayment(db, { userId: customer!.id }, { total: 30_000 })
        await db.update(orders).set({ dealerId: dealer!.id }).where(eq(orders.id, order.id))
        await moveOrder(db, order.id, 'paid', '')
        orderIds.push(order.id)
      }
      const payoutIds: string[] = []
      const fire = async (step: Action) => {
        if (step.kind === 'request') {
          const res = await post('/payment/commission-balance', token, { amount: step.amount })
          if (res.status === 200) {
            const view = DealerCommission.parse(await res.json())
            payoutIds.push(view.payouts[0]!.id)
          } else if (res.status !== 422) throw new Error(`request answered ${res.status}`)
        } else if (step.kind === 'change') {
          const id = payoutIds[step.payout % Math.max(1, payoutIds.length)]
          if (!id) return
          const res = await post(`/payment/commission-balance/${id}`, token, {
            amount: step.amount,
          })
          if (res.status !== 200 && res.status !== 422)
            throw new Error(`change answered ${res.status}`)
        } else if (step.kind === 'refund') {
          await moveOrder(db, orderIds[step.order]!, 'refunded', '')
        } else {
          await moveOrder(db, orderIds[step.order]!, 'in_production', '')
          await moveOrder(db, orderIds[step.order]!, 'cancelled', '')
        }
      }
      // Half the actions at once, then the other half at once: requests race refunds.
      const half = Math.ceil(actions.length / 2)
      await Promise.all(actions.slice(0, half).map(fire))
      await Promise.all(actions.slice(half).map(fire))
      const problems: string[] = []
      const ledger = await ledgerOf(db, dealer!.id)
      for (const entry of ledger)
        if (entry.balance_after < 0)
          problems.push(`${entry.kind} left the balance at ${entry.balance_after}`)
      const earned = ledger
        .filter((entry) => entry.kind === 'accrual' || entry.kind === 'reversal')
        .reduce((sum, entry) => sum + entry.amount, 0)
      const view = DealerCommission.parse(
        await (
          await app.request('/api/order/dealer-comission', {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      )
      const asked = view.payouts.reduce((sum, payout) => sum + payout.amount, 0)
      if (asked > earned) problems.push(`payouts ask ${asked} of ${earned} earned`)
      if (view.balance !== earned - asked)
        problems.push(`balance ${view.balance} is not earned ${earned} less asked ${asked}`)
      if (problems.length > 0) failures.push({ seed: runSeed, problems })
      log(
        `payouts run ${index + 1}/${runs} seed ${runSeed}: ${problems.length ? `BROKEN ${problems.join('; ')}` : 'ledger holds'} ` +
          `(${actions.map((step) => step.kind).join(', ')}; balance ${view.balance})`,
      )
    }
  } finally {
    await database.close()
  }
  return { runs, failures }
}
