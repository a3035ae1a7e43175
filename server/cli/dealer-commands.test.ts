import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerCustomers, dealers, orders, users } from '../db/schema.ts'
import { balanceOf, requestPayout } from '../services/commission.ts'
import { demoDealer } from '../services/dealers.ts'
import { formatAmount } from '../../contract/money.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { exitCodes } from './admin-commands.ts'
import type { AdminDeps } from './command.ts'
import { adminRunner } from './test-admin.ts'

let database: TestDatabase
let deps: AdminDeps

beforeAll(async () => {
  database = await openTestDatabase()
  deps = {
    db: database.db,
    mailer: outboxMailer(database.db),
    siteUrl: 'https://shop.example',
    smtp: false,
  }
})
afterAll(() => database.close())

const admin = adminRunner(() => deps)

async function user(role: 'customer' | 'dealer') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`
  const [row] = await database.db.insert(users).values({ email, role }).returning()
  return row!
}

describe('the dealer commands of npm run admin', () => {
  it('ties a dealer to its directory entry, sets its rate and links customers', async () => {
    const dealer = await user('dealer')
    const tied = await admin(['tie-dealer', dealer.email, 'norrsken-gear', '--rate', '12.5'])
    expect(tied).toMatchObject({ code: exitCodes.ok })
    expect(tied.out).toMatch(
      /is the dealer of "norrsken-gear" at 12\.5 %; invitation link: https:\/\/shop\.example\/login\?mode=register&dealer=/,
    )
    expect((await admin(['set-dealer-rate', dealer.email, '15'])).out).toBe(
      `${dealer.email}: 12.5 % -> 15 %.`,
    )
    const [row] = await database.db.select().from(dealers).where(eq(dealers.userId, dealer.id))
    expect(row).toMatchObject({ directorySlug: 'norrsken-gear', rateBp: 1500 })

    const customer = await user('customer')
    expect((await admin(['link-customer', customer.email, dealer.email])).code).toBe(0)
    expect((await admin(['link-customer', customer.email, demoDealer.email])).out).toContain(
      '(moved from another dealer)',
    )
    const [link] = await database.db
      .select()
      .from(dealerCustomers)
      .where(eq(dealerCustomers.customerId, customer.id))
    expect(link).toMatchObject({ linkedBy: 'admin' })
    expect((await admin(['unlink-customer', customer.email])).code).toBe(0)
    expect((await admin(['unlink-customer', customer.email])).code).toBe(exitCodes.failed)
  })

  it('refuses what cannot be: unknown entries, taken entries, wrong roles and rates', async () => {
    const dealer = await user('dealer')
    const customer = await user('customer')
    expect((await admin(['tie-dealer', dealer.email, 'no-such-dealer'])).err).toBe(
      'The dealer directory has no entry "no-such-dealer".',
    )
    expect((await admin(['tie-dealer', dealer.email, demoDealer.slug])).err).toContain(
      'is tied to another dealer account',
    )
    expect((await admin(['tie-dealer', customer.email, 'skyhus-aalborg'])).code).toBe(1)
    expect((await admin(['set-dealer-rate', demoDealer.email, '51'])).code).toBe(exitCodes.usage)
    expect((await admin(['set-dealer-rate', demoDealer.email, 'ten'])).code).toBe(exitCodes.usage)
    expect((await admin(['set-dealer-rate', dealer.email, '5'])).err).toContain(
      'is not tied to a dealer directory entry',
    )
    expect((await admin(['link-customer', demoDealer.email, demoDealer.email])).err).toBe(
      'A dealer account cannot be a dealer’s customer.',
    )
    expect((await admin(['mark-payout-paid', 'nope'])).code).toBe(exitCodes.usage)
    expect((await admin(['mark-payout-paid', randomUUID()])).code).toBe(exitCodes.failed)
  })

  it('marks a payout paid once, and prints the ledger with the balance and the payouts', async () => {
    const [dealerUser] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoDealer.email))
    const balance = await balanceOf(database.db, dealerUser!.id)
    const made = await database.db.transaction((tx) =>
      requestPayout(tx, dealerUser!.id, { amount: 1_000 }),
    )
    const payout = made.ref!
    expect((await admin(['mark-payout-paid', payout])).out).toBe(
      `Payout ${payout} of 10.00 USD is paid.`,
    )
    expect((await admin(['mark-payout-paid', payout])).err).toBe(
      `Payout request ${payout} is paid.`,
    )
    const ledger = await admin(['dealer-ledger', demoDealer.email])
    expect(ledger.out).toContain(`Balance: ${formatAmount(balance - 1_000, 'USD')}`)
    expect(ledger.out).toContain(`${payout}  paid`)
    expect(ledger.out).toMatch(/accrual .* 22\.00 USD/)
    const csv = await admin(['dealer-ledger', demoDealer.email, '--csv'])
    expect(csv.out.split('\n')[0]).toBe('date,kind,amount,balance,currency,order,payout,note')
    // The demo's paid orders are credited to the demo dealer.
    const credited = await database.db
      .select()
      .from(orders)
      .where(eq(orders.dealerId, dealerUser!.id))
    expect(credited).toHaveLength(3)
  })
})
