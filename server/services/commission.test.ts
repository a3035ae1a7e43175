import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerDirectory, orders, users } from '../db/schema.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { orderAwaitingPayment } from '../testing/test-orders.ts'
import { accrueCommission, ledgerCsv } from './commission.ts'
import { tieDealer } from './dealers.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('the ledger as CSV', () => {
  it('writes amounts as plain decimals, with no thousands separator', async () => {
    const [dealer] = await database.db
      .insert(users)
      .values({ email: `dealer-${randomUUID()}@example.com`, role: 'dealer' })
      .returning()
    const slug = `csv-dealer-${randomUUID().slice(0, 8)}`
    await database.db
      .insert(dealerDirectory)
      .values({ slug, name: 'CSV Dealer', city: 'Voss', country: 'NO' })
    expect((await tieDealer(database.db, { userId: dealer!.id, slug, rateBp: 1000 })).ok).toBe(true)
    // 10 % of 22,800.00 USD: 2,280.00 USD.
    const order = await orderAwaitingPayment(
      database.db,
      { userId: dealer!.id },
      { total: 2_280_000 },
    )
    await database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ dealerId: dealer!.id, status: 'paid' })
        .where(eq(orders.id, order.id))
        .returning()
      await accrueCommission(tx, row!)
    })
    const lines = (await ledgerCsv(database.db, dealer!.id)).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]!.split(',').slice(1, 5)).toEqual(['accrual', '2280.00', '2280.00', 'USD'])
  })
})
