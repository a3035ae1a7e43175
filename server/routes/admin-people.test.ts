import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminCustomerDetail,
  AdminCustomersPage,
  AdminDealerDetail,
  AdminDealersList,
} from '../../contract/admin-people.ts'
import { DealerCommission } from '../../contract/dealer.ts'
import { orderNumber } from '../../contract/orders.ts'
import type { AdminDeps as CommandDeps } from '../cli/command.ts'
import { adminRunner } from '../cli/test-admin.ts'
import {
  addresses,
  auditLog,
  commissionEntries,
  dealerCustomers,
  dealerDirectory,
  dealers,
  orders,
  payoutRequests,
  sessions,
  users,
} from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import { requestPayout } from '../services/commission.ts'
import { linkCustomer, tieDealer } from '../services/dealers.ts'
import { startSession } from '../services/sessions.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { errorsOf, orderAwaitingPayment, testAccount } from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'

/*
 * The back office's customers and dealers (docs/back-office.md, "Customers and dealers"): every
 * call made by every kind of caller, the customer search and an account's page, signing out
 * everywhere, and each dealer action against the command line's own rules and reasons, with its
 * audit row; a payout marked paid as the dealer then sees it.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: Mailer
let staff: Awaited<ReturnType<typeof accountWithRole>>
let admin: Awaited<ReturnType<typeof accountWithRole>>
let commandDeps: CommandDeps

const siteUrl = 'https://shop.example'

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer, env: { SITE_URL: siteUrl } })
  staff = await accountWithRole(database.db, 'staff', { name: 'Sam Staff' })
  admin = await accountWithRole(database.db, 'admin')
  commandDeps = { db: database.db, mailer, siteUrl, smtp: false }
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

const send = adminCaller(() => app)
const call = cartCaller(() => app)
const command = adminRunner(() => commandDeps)

/** A directory entry made for the test (content/dealers.json's are few and taken). */
async function directoryEntry(name = 'Test Dealer') {
  const slug = `test-dealer-${randomBytes(4).toString('hex')}`
  await database.db.insert(dealerDirectory).values({ slug, name, city: 'Voss', country: 'NO' })
  return slug
}

/** A dealer account with a session, tied to an entry of its own unless `tied` is false. */
async function newDealer({ tied = true, rateBp = 1000 } = {}) {
  const dealer = await accountWithRole(database.db, 'dealer')
  const slug = await directoryEntry()
  if (tied) {
    const done = await tieDealer(database.db, { userId: dealer.id, slug, rateBp })
    expect(done.ok).toBe(true)
  }
  return { ...dealer, slug }
}

/** A customer account (with a password and a session), named `name`. */
async function customer(name: string | null = null) {
  const account = await testAccount(database.db)
  if (name !== null) await database.db.update(users).set({ name }).where(eq(users.id, account.id))
  return account
}

/** Commission the dealer earned: an accrual, as a paid order of its customer leaves it. */
async function earned(dealerId: string, amount: number) {
  await database.db.insert(commissionEntries).values({
    dealerId,
    kind: 'accrual',
    amount,
    currency: 'USD',
    orderId: randomUUID(),
    note: 'Earned in the test.',
  })
}

async function payoutOf(dealerId: string, amount: number) {
  const made = await database.db.transaction((tx) => requestPayout(tx, dealerId, { amount }))
  expect(made.status).toBe(200)
  return made.ref!
}

async function dealerPage(res: Response) {
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return AdminDealerDetail.parse(body)
}
async function customerPage(res: Response) {
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return AdminCustomerDetail.parse(body)
}
const dealerOf = async (id: string) =>
  dealerPage(await send('GET', `/admin/dealers/${id}`, staff.bearer))

async function auditOf(kind: string, id: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetKind, kind), eq(auditLog.targetId, id)))
}
const auditRows = async () =>
  Number((await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0)

describe('who may call the customer and dealer calls', () => {
  /** What one caller's calls act on: a dealer with a customer, a balance and a payout waiting. */
  interface Fixture {
    customerId: string
    customerEmail: string
    dealerId: string
    slug: string
    payoutId: string
    /** An account no dealer has yet. */
    newcomer: string
  }

  async function fixture(): Promise<Fixture> {
    const dealer = await newDealer()
    const linked = await customer()
    await linkCustomer(database.db, {
      customerId: linked.id,
      dealerId: dealer.id,
      linkedBy: 'admin',
    })
    await earned(dealer.id, 10_000)
    return {
      customerId: linked.id,
      customerEmail: linked.email,
      dealerId: dealer.id,
      slug: dealer.slug,
      payoutId: await payoutOf(dealer.id, 2_000),
      newcomer: (await customer()).email,
    }
  }

  const calls: {
    name: string
    adminOnly?: boolean
    make: (f: Fixture, bearer?: string) => Promise<Response> | Response
  }[] = [
    { name: 'GET /api/admin/customers', make: (_f, b) => send('GET', '/admin/customers', b) },
    {
      name: 'GET /api/admin/customers/{id}',
      make: (f, b) => send('GET', `/admin/customers/${f.customerId}`, b),
    },
    {
      name: 'POST /api/admin/customers/{id}/sign-out-everywhere',
      make: (f, b) => send('POST', `/admin/customers/${f.customerId}/sign-out-everywhere`, b),
    },
    { name: 'GET /api/admin/dealers', make: (_f, b) => send('GET', '/admin/dealers', b) },
    {
      name: 'GET /api/admin/dealers/{id}',
      make: (f, b) => send('GET', `/admin/dealers/${f.dealerId}`, b),
    },
    {
      name: 'GET /api/admin/dealers/{id}/ledger.csv',
      make: (f, b) => send('GET', `/admin/dealers/${f.dealerId}/ledger.csv`, b),
    },
    {
      name: 'POST /api/admin/dealers/{id}/tie',
      make: (f, b) => send('POST', `/admin/dealers/${f.dealerId}/tie`, b, { slug: f.slug }),
    },
    {
      name: 'POST /api/admin/dealers/{id}/rate',
      adminOnly: true,
      make: (f, b) => send('POST', `/admin/dealers/${f.dealerId}/rate`, b, { rate_bp: 1250 }),
    },
    {
      name: 'POST /api/admin/dealers/{id}/customers',
      make: (f, b) =>
        send('POST', `/admin/dealers/${f.dealerId}/customers`, b, { email: f.newcomer }),
    },
    {
      name: 'POST /api/admin/dealers/{id}/customers/{customerId}/unlink',
      make: (f, b) =>
        send('POST', `/admin/dealers/${f.dealerId}/customers/${f.customerId}/unlink`, b),
    },
    {
      name: 'POST /api/admin/payouts/{id}/mark-paid',
      make: (f, b) => send('POST', `/admin/payouts/${f.payoutId}/mark-paid`, b),
    },
  ]

  type Caller = { kind: string; bearer?: string; allowed: 'none' | 'staff' | 'admin' }

  async function callers(): Promise<(Caller & { status: number })[]> {
    const db = database.db
    const list: Caller[] = [
      { kind: 'signed out', allowed: 'none' },
      { kind: 'an unknown token', bearer: 'not-a-session-token', allowed: 'none' },
      { kind: 'a customer', bearer: (await testAccount(db)).bearer, allowed: 'none' },
      {
        kind: 'a guest session',
        bearer: (await testAccount(db, { role: 'guest', guestSession: true })).bearer,
        allowed: 'none',
      },
      { kind: 'a dealer', bearer: (await newDealer()).bearer, allowed: 'none' },
      {
        kind: 'a guest session on a staff account',
        bearer: (await accountWithRole(db, 'staff', { guestSession: true })).bearer,
        allowed: 'none',
      },
      {
        kind: 'a guest session on an admin account',
        bearer: (await accountWithRole(db, 'admin', { guestSession: true })).bearer,
        allowed: 'none',
      },
      { kind: 'staff', bearer: (await accountWithRole(db, 'staff')).bearer, allowed: 'staff' },
      { kind: 'an admin', bearer: (await accountWithRole(db, 'admin')).bearer, allowed: 'admin' },
    ]
    return list.map((caller) => ({
      ...caller,
      status: caller.bearer === undefined || caller.kind === 'an unknown token' ? 401 : 403,
    }))
  }

  /** What the actions change, to hold against a refused caller's attempt. */
  async function stateOf(f: Fixture) {
    const [dealer] = await database.db.select().from(dealers).where(eq(dealers.userId, f.dealerId))
    const links = await database.db
      .select({ id: dealerCustomers.customerId })
      .from(dealerCustomers)
      .where(eq(dealerCustomers.dealerId, f.dealerId))
    const [payout] = await database.db
      .select({ status: payoutRequests.status })
      .from(payoutRequests)
      .where(eq(payoutRequests.id, f.payoutId))
    const [live] = await database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, f.customerId))
    return { dealer, links, payout, sessions: live?.n }
  }

  for (const made of calls) {
    const who = made.adminOnly ? 'admins' : 'staff and admins'
    it(`${made.name}: 401 signed out, 403 for customers, guests and dealers${made.adminOnly ? ' and staff' : ''}, allowed for ${who}`, async () => {
      const refusedFixture = await fixture()
      const before = await stateOf(refusedFixture)
      for (const caller of await callers()) {
        const allowed =
          caller.allowed === 'admin' || (caller.allowed === 'staff' && !made.adminOnly)
        // An allowed action changes what it acts on: each gets a fixture of its own.
        const f = allowed ? await fixture() : refusedFixture
        const rows = await auditRows()
        const res = await made.make(f, caller.bearer)
        if (allowed) {
          expect(res.status, `${made.name} by ${caller.kind}`).toBe(200)
          continue
        }
        expect(res.status, `${made.name} by ${caller.kind}`).toBe(caller.status)
        if (caller.status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer')
        expect(await auditRows(), `${made.name} by ${caller.kind}`).toBe(rows)
      }
      expect(await stateOf(refusedFixture)).toEqual(before)
    })
  }

  it('checks the role before the input: a refused caller gets 401 or 403 for a bad id or body too', async () => {
    const someone = await testAccount(database.db)
    const bad: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/admin/customers?per_page=999' },
      { method: 'GET', path: '/admin/customers/not-an-id' },
      { method: 'POST', path: '/admin/customers/not-an-id/sign-out-everywhere' },
      { method: 'GET', path: '/admin/dealers/not-an-id' },
      { method: 'GET', path: '/admin/dealers/not-an-id/ledger.csv' },
      { method: 'POST', path: '/admin/dealers/not-an-id/tie', body: { slug: 'Not A Slug' } },
      { method: 'POST', path: '/admin/dealers/not-an-id/rate', body: { rate_bp: -1 } },
      { method: 'POST', path: '/admin/dealers/not-an-id/customers', body: { email: 'nope' } },
      { method: 'POST', path: '/admin/dealers/not-an-id/customers/nor-this/unlink' },
      { method: 'POST', path: '/admin/payouts/not-an-id/mark-paid' },
    ]
    for (const { method, path, body } of bad) {
      expect((await send(method, path)).status, path).toBe(401)
      expect((await send(method, path, someone.bearer, body)).status, path).toBe(403)
    }
    const otherStaff = await accountWithRole(database.db, 'staff')
    expect(
      (await send('POST', '/admin/dealers/not-an-id/rate', otherStaff.bearer, { rate_bp: -1 }))
        .status,
    ).toBe(403)
  })
})

describe('GET /api/admin/customers', () => {
  let token: string
  let ada: Awaited<ReturnType<typeof customer>>
  let bo: Awaited<ReturnType<typeof customer>>
  let guestId: string
  let dealer: Awaited<ReturnType<typeof newDealer>>

  beforeAll(async () => {
    token = `zed${randomBytes(4).toString('hex')}`
    ada = await customer(`Ada ${token.toUpperCase()}`)
    bo = await customer(`Bo ${token}`)
    // A guest account (no password) whose address holds the token.
    const [guest] = await database.db
      .insert(users)
      .values({ email: `cy-${token}@example.com`, role: 'guest' })
      .returning()
    guestId = guest!.id
    dealer = await newDealer()
    await linkCustomer(database.db, { customerId: bo.id, dealerId: dealer.id, linkedBy: 'admin' })
    // Bo: an order of its own, one its dealer placed for it, and one as a guest session on its
    // address that has not joined it yet; a cart is not an order.
    await orderAwaitingPayment(database.db, { userId: bo.id })
    const placed = await orderAwaitingPayment(database.db, { userId: dealer.id })
    await database.db
      .update(orders)
      .set({ placedFor: bo.id, dealerId: dealer.id, submittedAt: new Date('2031-05-01T10:00:00Z') })
      .where(eq(orders.id, placed.id))
    const asGuest = await orderAwaitingPayment(database.db, { cartToken: newCartToken() })
    await database.db.update(orders).set({ guestOf: bo.id }).where(eq(orders.id, asGuest.id))
    await database.db.insert(orders).values({ userId: bo.id, status: 'open' })
  })

  async function pageOf(query: string, bearer = staff.bearer) {
    const res = await send('GET', `/admin/customers${query}`, bearer)
    const body: unknown = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(200)
    return AdminCustomersPage.parse(body)
  }
  const ids = (page: AdminCustomersPage) => page.customers.map((row) => row.id)

  it('narrows by part of the e-mail address or the name, any case, newest first', async () => {
    const page = await pageOf(`?q=${token}`)
    expect(ids(page)).toEqual([guestId, bo.id, ada.id])
    expect(page).toMatchObject({ page: 1, per_page: 20, total_count: 3, has_more: false })
    expect(ids(await pageOf(`?q=${encodeURIComponent(`ada ${token}`)}`))).toEqual([ada.id])
    expect(ids(await pageOf(`?q=CY-${token.toUpperCase()}`))).toEqual([guestId])
    expect(ids(await pageOf(`?q=${token}&role=guest`))).toEqual([guestId])
    expect(ids(await pageOf(`?q=${encodeURIComponent(bo.email)}`))).toEqual([bo.id])
    // LIKE's wildcards are taken as they are typed.
    expect((await pageOf(`?q=${token}%25`)).total_count).toBe(0)
    expect((await pageOf(`?q=${token.slice(0, 3)}_${token.slice(4)}`)).total_count).toBe(0)
  })

  it('pages', async () => {
    const first = await pageOf(`?q=${token}&per_page=2`)
    expect(ids(first)).toEqual([guestId, bo.id])
    expect(first).toMatchObject({ total_count: 3, has_more: true })
    const second = await pageOf(`?q=${token}&per_page=2&page=2`)
    expect(ids(second)).toEqual([ada.id])
    expect(second.has_more).toBe(false)
  })

  it('gives each account its role, orders, last order and dealer', async () => {
    const page = await pageOf(`?q=${token}`)
    const row = (id: string) => page.customers.find((one) => one.id === id)!
    expect(row(bo.id)).toMatchObject({
      email: bo.email,
      name: `Bo ${token}`,
      role: 'customer',
      order_count: 3,
      last_order_at: '2031-05-01T10:00:00.000Z',
      dealer: { id: dealer.id, name: 'Test Dealer', email: dealer.email, linked_by: 'admin' },
    })
    expect(row(ada.id)).toMatchObject({ order_count: 0, last_order_at: null, dealer: null })
    expect(row(guestId)).toMatchObject({ role: 'guest', email_verified_at: null })
    // The dealer placed one order, for Bo.
    const dealerRow = (await pageOf(`?q=${encodeURIComponent(dealer.email)}`)).customers[0]!
    expect(dealerRow).toMatchObject({ role: 'dealer', order_count: 1, dealer: null })
  })

  it('refuses bad values with a message per field', async () => {
    const res = await send(
      'GET',
      '/admin/customers?per_page=51&page=0&role=owner&q=%E2%80%AEx',
      staff.bearer,
    )
    expect(Object.keys(await errorsOf(res)).sort()).toEqual(['page', 'per_page', 'q', 'role'])
  })
})

describe('GET /api/admin/customers/{id}', () => {
  it('shows the account, its orders, addresses, dealer and what the back office did', async () => {
    const dealer = await newDealer()
    const kari = await customer('Kari Nordmann')
    await linkCustomer(database.db, { customerId: kari.id, dealerId: dealer.id, linkedBy: 'admin' })
    const own = await orderAwaitingPayment(database.db, { userId: kari.id }, { total: 12_300 })
    const placed = await orderAwaitingPayment(database.db, { userId: dealer.id })
    await database.db
      .update(orders)
      .set({ placedFor: kari.id, dealerId: dealer.id })
      .where(eq(orders.id, placed.id))
    await database.db.insert(addresses).values({
      userId: kari.id,
      name: 'Kari Nordmann',
      line1: 'Storgata 1',
      city: 'Voss',
      postalCode: '5700',
      country: 'NO',
      isDefault: true,
    })
    expect(
      (await send('POST', '/admin/login-link', staff.bearer, { email: kari.email })).status,
    ).toBe(200)

    const page = await customerPage(await send('GET', `/admin/customers/${kari.id}`, staff.bearer))
    expect(page).toMatchObject({
      id: kari.id,
      email: kari.email,
      name: 'Kari Nordmann',
      role: 'customer',
      has_password: true,
      live_sessions: 1,
      order_count: 2,
      dealer: { id: dealer.id, email: dealer.email },
      dealer_entry: null,
      addresses: [{ name: 'Kari Nordmann', line1: 'Storgata 1', is_default: true }],
    })
    const order = (id: string) => page.orders.find((one) => one.id === id)!
    expect(order(own.id)).toMatchObject({
      number: orderNumber(own.id),
      total: 12_300,
      balance: 12_300,
      items: ['1 × Mission bag'],
      placed_by: null,
      placed_for: null,
    })
    expect(order(placed.id)).toMatchObject({
      dealer: { id: dealer.id, name: 'Test Dealer' },
      placed_by: { id: dealer.id, email: dealer.email },
      placed_for: null,
    })
    expect(page.audit.map((row) => [row.action, row.actor.id])).toEqual([
      ['user.login_link', staff.id],
    ])

    // The dealer's own page: its entry, and the order it placed for Kari.
    const dealerAccount = await customerPage(
      await send('GET', `/admin/customers/${dealer.id}`, admin.bearer),
    )
    expect(dealerAccount.dealer_entry).toMatchObject({ slug: dealer.slug, name: 'Test Dealer' })
    expect(dealerAccount.orders.map((one) => [one.id, one.placed_for?.id])).toEqual([
      [placed.id, kari.id],
    ])
  })

  it('is a 404 for an id that is no account’s', async () => {
    for (const id of [randomUUID(), 'not-an-id'])
      expect((await send('GET', `/admin/customers/${id}`, staff.bearer)).status, id).toBe(404)
  })
})

describe('POST /api/admin/customers/{id}/sign-out-everywhere', () => {
  it('ends every session and voids unused links, as revoke-sessions does, and audits it', async () => {
    const target = await customer()
    await startSession(database.db, target.id, { ttlSeconds: 3600 })
    const link = await send('POST', '/admin/login-link', admin.bearer, { email: target.email })
    const { url } = (await link.json()) as { url: string }
    const linkToken = url.split('/').at(-1)!

    const page = await customerPage(
      await send('POST', `/admin/customers/${target.id}/sign-out-everywhere`, staff.bearer),
    )
    expect(page.live_sessions).toBe(0)
    expect((await call('GET', '/user', { bearer: target.bearer })).status).toBe(401)
    // The sign-in link made before is void too.
    expect((await call('POST', `/password/verify-login/${linkToken}`, {})).status).toBe(422)
    expect(page.audit.map((row) => [row.action, row.details])).toEqual([
      ['user.login_link', expect.any(Object)],
      ['user.sign_out_everywhere', { sessions_ended: 2 }],
    ])

    // The command line does the same to an account with two sessions.
    const other = await customer()
    await startSession(database.db, other.id, { ttlSeconds: 3600 })
    expect((await command(['revoke-sessions', other.email])).out).toBe(
      `Ended 2 sessions of ${other.email}.`,
    )
    const again = await customerPage(
      await send('POST', `/admin/customers/${target.id}/sign-out-everywhere`, admin.bearer),
    )
    expect(again.audit.at(-1)?.details).toEqual({ sessions_ended: 0 })
  })

  it('lets only an admin sign an admin out', async () => {
    const owner = await accountWithRole(database.db, 'admin')
    const res = await send('POST', `/admin/customers/${owner.id}/sign-out-everywhere`, staff.bearer)
    expect(res.status).toBe(403)
    expect((await call('GET', '/user', { bearer: owner.bearer })).status).toBe(200)
    expect(await auditOf('user', owner.id)).toEqual([])
    const done = await send(
      'POST',
      `/admin/customers/${owner.id}/sign-out-everywhere`,
      admin.bearer,
    )
    expect(done.status).toBe(200)
    expect((await call('GET', '/user', { bearer: owner.bearer })).status).toBe(401)
  })

  it('is a 404 for no such account, and writes nothing', async () => {
    const rows = await auditRows()
    expect(
      (await send('POST', `/admin/customers/${randomUUID()}/sign-out-everywhere`, staff.bearer))
        .status,
    ).toBe(404)
    expect(await auditRows()).toBe(rows)
  })
})

describe('GET /api/admin/dealers and /dealers/{id}', () => {
  it('lists each dealer with its entry, rate, customers, balance and waiting payouts', async () => {
    const dealer = await newDealer({ rateBp: 1250 })
    const untied = await newDealer({ tied: false })
    for (const one of [await customer(), await customer()])
      await linkCustomer(database.db, {
        customerId: one.id,
        dealerId: dealer.id,
        linkedBy: 'admin',
      })
    await earned(dealer.id, 10_000)
    await payoutOf(dealer.id, 3_000)
    await payoutOf(dealer.id, 1_000)

    const res = await send('GET', '/admin/dealers', staff.bearer)
    expect(res.status).toBe(200)
    const list = AdminDealersList.parse(await res.json())
    const row = (id: string) => list.dealers.find((one) => one.id === id)
    expect(row(dealer.id)).toEqual({
      id: dealer.id,
      email: dealer.email,
      name: null,
      role: 'dealer',
      entry: { slug: dealer.slug, name: 'Test Dealer', city: 'Voss', country: 'NO', active: true },
      rate_bp: 1250,
      currency: 'USD',
      customer_count: 2,
      balance: 6_000,
      requested_payouts: 2,
      requested_amount: 4_000,
    })
    expect(row(untied.id)).toMatchObject({ entry: null, rate_bp: null, balance: 0 })
    // No customer is listed as a dealer; tied dealers come before untied ones.
    expect(list.dealers.every((one) => one.role === 'dealer' || one.entry !== null)).toBe(true)
    expect(list.dealers.findIndex((one) => one.id === dealer.id)).toBeLessThan(
      list.dealers.findIndex((one) => one.id === untied.id),
    )
    expect(list.directory).toContainEqual(
      expect.objectContaining({ slug: dealer.slug, dealer_id: dealer.id, active: true }),
    )
    expect(list.directory).toContainEqual(
      expect.objectContaining({ slug: untied.slug, dealer_id: null }),
    )
  })

  it('shows a dealer with its customers, its ledger and payouts as the dealer reads them', async () => {
    const dealer = await newDealer()
    const one = await customer('Pat Pilot')
    await linkCustomer(database.db, { customerId: one.id, dealerId: dealer.id, linkedBy: 'admin' })
    await earned(dealer.id, 5_000)
    await payoutOf(dealer.id, 2_000)
    const page = await dealerOf(dealer.id)
    const own = DealerCommission.parse(
      await (await call('GET', '/order/dealer-comission', { bearer: dealer.bearer })).json(),
    )
    expect(page.ledger).toEqual(own.ledger)
    expect(page.payouts).toEqual(own.payouts)
    expect(page.balance).toBe(own.balance)
    expect(page.balance).toBe(3_000)
    expect(page.ledger.map((entry) => entry.kind)).toEqual(['payout_request', 'accrual'])
    expect(page.customers).toMatchObject([{ id: one.id, name: 'Pat Pilot', order_count: 0 }])
    expect(page.invitation_path).toMatch(/^\/login\?mode=register&dealer=/)

    const untied = await dealerOf((await newDealer({ tied: false })).id)
    expect(untied).toMatchObject({ entry: null, invitation_path: null, customers: [], ledger: [] })
  })

  it('is a 404 for an id that is no dealer’s', async () => {
    const someone = await customer()
    for (const id of [someone.id, randomUUID(), 'not-an-id']) {
      expect((await send('GET', `/admin/dealers/${id}`, staff.bearer)).status, id).toBe(404)
      expect((await send('GET', `/admin/dealers/${id}/ledger.csv`, staff.bearer)).status).toBe(404)
    }
  })

  it('gives the ledger as the very CSV the dealer downloads', async () => {
    const dealer = await newDealer()
    await earned(dealer.id, 7_777)
    await database.db.insert(commissionEntries).values({
      dealerId: dealer.id,
      kind: 'accrual',
      amount: 1,
      currency: 'USD',
      orderId: randomUUID(),
      note: '=HYPERLINK("x")',
    })
    const shop = await send('GET', `/admin/dealers/${dealer.id}/ledger.csv`, staff.bearer)
    const own = await call('GET', '/order/dealer-comission/csv', { bearer: dealer.bearer })
    expect(shop.status).toBe(200)
    expect(shop.headers.get('content-type')).toBe(own.headers.get('content-type'))
    expect(shop.headers.get('content-disposition')).toBe(own.headers.get('content-disposition'))
    const text = await shop.text()
    expect(text).toBe(await own.text())
    expect(text).toContain(`'=HYPERLINK`)
    // The command line prints the same lines.
    expect((await command(['dealer-ledger', dealer.email, '--csv'])).out).toBe(
      text.trimEnd().replaceAll('\r\n', '\n'),
    )
  })
})

describe('POST /api/admin/dealers/{id}/tie', () => {
  it('ties a dealer to its entry, and moves it to another; each audited', async () => {
    const dealer = await newDealer({ tied: false })
    const tied = await dealerPage(
      await send('POST', `/admin/dealers/${dealer.id}/tie`, staff.bearer, { slug: dealer.slug }),
    )
    expect(tied).toMatchObject({ entry: { slug: dealer.slug }, rate_bp: 1000 })
    expect(tied.invitation_path).toMatch(/dealer=/)
    const other = await directoryEntry('Other Entry')
    const moved = await dealerPage(
      await send('POST', `/admin/dealers/${dealer.id}/tie`, admin.bearer, {
        slug: other,
        rate_bp: 800,
      }),
    )
    expect(moved).toMatchObject({ entry: { slug: other, name: 'Other Entry' }, rate_bp: 800 })
    // The invitation code stays with the dealer.
    expect(moved.invitation_path).toBe(tied.invitation_path)
    expect(moved.audit.map((row) => [row.action, row.actor.role, row.details])).toEqual([
      ['dealer.tie', 'staff', { from: null, to: dealer.slug }],
      ['dealer.tie', 'admin', { from: dealer.slug, to: other, rate_bp: { from: 1000, to: 800 } }],
    ])
  })

  it('refuses what the command line refuses, with the same reason, and changes nothing', async () => {
    const dealer = await newDealer({ tied: false })
    const taken = await newDealer()
    const someone = await customer()
    const rows = await auditRows()
    const cases: [string, string, string, string][] = [
      [dealer.id, dealer.email, 'no-such-entry', 'slug'],
      [dealer.id, dealer.email, taken.slug, 'slug'],
      [someone.id, someone.email, dealer.slug, 'id'],
    ]
    for (const [id, email, slug, field] of cases) {
      const errors = await errorsOf(
        await send('POST', `/admin/dealers/${id}/tie`, staff.bearer, { slug }),
      )
      const cli = await command(['tie-dealer', email, slug])
      expect(cli.code).toBe(1)
      expect(errors).toEqual({ [field]: [cli.err] })
    }
    expect(await database.db.select().from(dealers).where(eq(dealers.userId, dealer.id))).toEqual(
      [],
    )
    expect(await auditRows()).toBe(rows)
  })

  it('takes a rate from an admin only, and refuses bad input per field', async () => {
    const dealer = await newDealer({ tied: false })
    const res = await send('POST', `/admin/dealers/${dealer.id}/tie`, staff.bearer, {
      slug: dealer.slug,
      rate_bp: 2000,
    })
    expect(res.status).toBe(403)
    expect(await database.db.select().from(dealers).where(eq(dealers.userId, dealer.id))).toEqual(
      [],
    )
    const errors = await errorsOf(
      await send('POST', `/admin/dealers/${dealer.id}/tie`, admin.bearer, {
        slug: 'Not A Slug',
        rate_bp: 5001,
      }),
    )
    expect(Object.keys(errors).sort()).toEqual(['rate_bp', 'slug'])
    expect(
      (
        await send('POST', `/admin/dealers/${randomUUID()}/tie`, admin.bearer, {
          slug: dealer.slug,
        })
      ).status,
    ).toBe(404)
  })
})

describe('POST /api/admin/dealers/{id}/rate', () => {
  it('sets the rate as set-dealer-rate does, audited with the old and the new', async () => {
    const dealer = await newDealer()
    const page = await dealerPage(
      await send('POST', `/admin/dealers/${dealer.id}/rate`, admin.bearer, { rate_bp: 1250 }),
    )
    expect(page.rate_bp).toBe(1250)
    expect(page.audit.map((row) => [row.action, row.details])).toEqual([
      ['dealer.rate', { from: 1000, to: 1250 }],
    ])
    // The command line reads the rate the call left.
    expect((await command(['set-dealer-rate', dealer.email, '15'])).out).toBe(
      `${dealer.email}: 12.5 % -> 15 %.`,
    )
    // The dealer reads it too.
    const own = DealerCommission.parse(
      await (await call('GET', '/order/dealer-comission', { bearer: dealer.bearer })).json(),
    )
    expect(own.rate_bp).toBe(1500)
  })

  it('refuses a rate out of range and an untied dealer, as the command line does', async () => {
    const dealer = await newDealer()
    for (const [rate_bp, percent] of [
      [5001, '50.01'],
      [-1, '-1'],
    ] as const) {
      const errors = await errorsOf(
        await send('POST', `/admin/dealers/${dealer.id}/rate`, admin.bearer, { rate_bp }),
      )
      expect(Object.keys(errors)).toEqual(['rate_bp'])
      expect((await command(['set-dealer-rate', dealer.email, percent])).code).toBe(2)
    }
    expect(
      Object.keys(
        await errorsOf(
          await send('POST', `/admin/dealers/${dealer.id}/rate`, admin.bearer, { rate_bp: 12.5 }),
        ),
      ),
    ).toEqual(['rate_bp'])
    const untied = await newDealer({ tied: false })
    const errors = await errorsOf(
      await send('POST', `/admin/dealers/${untied.id}/rate`, admin.bearer, { rate_bp: 500 }),
    )
    const cli = await command(['set-dealer-rate', untied.email, '5'])
    expect(cli.code).toBe(1)
    // The same reason; the command line's hint names its own command.
    const reason = (message: string) => message.split(':')[0]
    expect(reason(errors.id![0]!)).toBe(reason(cli.err))
    expect(errors.id![0]).toContain('is not tied to a dealer directory entry')
    expect(await auditOf('dealer', untied.id)).toEqual([])
    expect(
      (
        await send('POST', `/admin/dealers/${(await customer()).id}/rate`, admin.bearer, {
          rate_bp: 5,
        })
      ).status,
    ).toBe(404)
  })
})

describe('POST /api/admin/dealers/{id}/customers and …/unlink', () => {
  it('links a customer by e-mail, moving it from another dealer, and unlinks it; each audited', async () => {
    const first = await newDealer()
    const second = await newDealer()
    const pat = await customer('Pat')
    const linked = await dealerPage(
      await send('POST', `/admin/dealers/${first.id}/customers`, staff.bearer, {
        email: pat.email.toUpperCase(),
      }),
    )
    expect(linked.customers).toMatchObject([{ id: pat.id, linked_by: 'admin' }])
    const moved = await dealerPage(
      await send('POST', `/admin/dealers/${second.id}/customers`, staff.bearer, {
        email: pat.email,
      }),
    )
    expect(moved.customers.map((one) => one.id)).toEqual([pat.id])
    expect((await dealerOf(first.id)).customers).toEqual([])
    expect(moved.audit.map((row) => [row.action, row.details])).toEqual([
      ['dealer.link_customer', { customer_id: pat.id, email: pat.email, moved_from: first.id }],
    ])
    // New orders are credited to the new dealer (the customer's page says whose it is).
    const page = await customerPage(await send('GET', `/admin/customers/${pat.id}`, staff.bearer))
    expect(page.dealer?.id).toBe(second.id)

    const unlinked = await dealerPage(
      await send('POST', `/admin/dealers/${second.id}/customers/${pat.id}/unlink`, admin.bearer),
    )
    expect(unlinked.customers).toEqual([])
    expect(unlinked.audit.at(-1)).toMatchObject({
      action: 'dealer.unlink_customer',
      details: { customer_id: pat.id, email: pat.email },
    })
  })

  it('refuses what the command line refuses, with the same reason, and changes nothing', async () => {
    const dealer = await newDealer()
    const otherDealer = await newDealer()
    const unknown = `nobody-${randomUUID()}@example.com`
    const staffMember = await accountWithRole(database.db, 'staff')
    const rows = await auditRows()
    for (const [email, reason] of [
      [unknown, `No account uses ${unknown}.`],
      [otherDealer.email, 'A dealer account cannot be a dealer’s customer.'],
      [admin.email, 'A admin account cannot be a dealer’s customer.'],
      [staffMember.email, 'A staff account cannot be a dealer’s customer.'],
    ] as const) {
      const errors = await errorsOf(
        await send('POST', `/admin/dealers/${dealer.id}/customers`, staff.bearer, { email }),
      )
      const cli = await command(['link-customer', email, dealer.email])
      expect(cli.code).toBe(1)
      expect(errors).toEqual({ email: [cli.err] })
      expect(cli.err).toBe(reason)
    }
    expect(
      Object.keys(
        await errorsOf(
          await send('POST', `/admin/dealers/${dealer.id}/customers`, staff.bearer, {
            email: 'not an address',
          }),
        ),
      ),
    ).toEqual(['email'])

    // Unlinking one with no dealer, as unlink-customer says; another dealer's is refused too.
    const loner = await customer()
    const errors = await errorsOf(
      await send('POST', `/admin/dealers/${dealer.id}/customers/${loner.id}/unlink`, staff.bearer),
    )
    const cli = await command(['unlink-customer', loner.email])
    expect(cli.code).toBe(1)
    expect(errors).toEqual({ customer_id: [cli.err] })
    const theirs = await customer()
    await linkCustomer(database.db, {
      customerId: theirs.id,
      dealerId: otherDealer.id,
      linkedBy: 'admin',
    })
    expect(
      await errorsOf(
        await send(
          'POST',
          `/admin/dealers/${dealer.id}/customers/${theirs.id}/unlink`,
          staff.bearer,
        ),
      ),
    ).toEqual({ customer_id: [`${theirs.email} is a customer of another dealer.`] })
    expect((await dealerOf(otherDealer.id)).customers.map((one) => one.id)).toEqual([theirs.id])
    expect(
      (
        await send(
          'POST',
          `/admin/dealers/${dealer.id}/customers/${randomUUID()}/unlink`,
          staff.bearer,
        )
      ).status,
    ).toBe(404)
    expect(await auditRows()).toBe(rows)
  })
})

describe('POST /api/admin/payouts/{id}/mark-paid', () => {
  it('marks a payout paid, and the dealer sees it paid', async () => {
    const dealer = await newDealer()
    await earned(dealer.id, 20_000)
    // The dealer asks through its own call.
    const asked = await call(
      'POST',
      '/payment/commission-balance',
      { bearer: dealer.bearer },
      { body: { amount: 7_500, notes: 'To the usual account.' }, key: newKey() },
    )
    expect(asked.status).toBe(200)
    const payout = DealerCommission.parse(await asked.json()).payouts[0]!
    expect(payout.status).toBe('requested')

    const page = await dealerPage(
      await send('POST', `/admin/payouts/${payout.id}/mark-paid`, staff.bearer),
    )
    expect(page.id).toBe(dealer.id)
    expect(page.payouts).toMatchObject([{ id: payout.id, status: 'paid', amount: 7_500 }])
    expect(page.requested_payouts).toBe(0)
    expect(page.audit.map((row) => [row.action, row.actor.id, row.details])).toEqual([
      ['dealer.payout_paid', staff.id, { payout_id: payout.id, amount: 7_500, currency: 'USD' }],
    ])

    const own = DealerCommission.parse(
      await (await call('GET', '/order/dealer-comission', { bearer: dealer.bearer })).json(),
    )
    expect(own.payouts).toMatchObject([{ id: payout.id, status: 'paid' }])
    expect(own.payouts[0]!.paid_at).not.toBeNull()
    // Its amount left the balance when it was asked for; paying it moves nothing more.
    expect(own.balance).toBe(12_500)
    // A paid request no longer changes.
    const change = await call(
      'POST',
      `/payment/commission-balance/${payout.id}`,
      { bearer: dealer.bearer },
      { body: { amount: 100 }, key: newKey() },
    )
    expect(Object.keys(await errorsOf(change))).toEqual(['id'])
  })

  it('refuses what mark-payout-paid refuses, with the same reason, and writes nothing', async () => {
    const dealer = await newDealer()
    await earned(dealer.id, 5_000)
    const payout = await payoutOf(dealer.id, 1_000)
    expect((await send('POST', `/admin/payouts/${payout}/mark-paid`, admin.bearer)).status).toBe(
      200,
    )
    const rows = await auditRows()
    const errors = await errorsOf(
      await send('POST', `/admin/payouts/${payout}/mark-paid`, admin.bearer),
    )
    const cli = await command(['mark-payout-paid', payout])
    expect(cli.code).toBe(1)
    expect(errors).toEqual({ id: [cli.err] })
    expect(cli.err).toBe(`Payout request ${payout} is paid.`)

    const unknown = randomUUID()
    const missing = await send('POST', `/admin/payouts/${unknown}/mark-paid`, admin.bearer)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { message: string }).message).toBe(
      (await command(['mark-payout-paid', unknown])).err,
    )
    // A request a reversal cancelled is not paid either.
    const cancelled = await payoutOf(dealer.id, 500)
    await database.db
      .update(payoutRequests)
      .set({ status: 'cancelled' })
      .where(eq(payoutRequests.id, cancelled))
    expect(
      await errorsOf(await send('POST', `/admin/payouts/${cancelled}/mark-paid`, staff.bearer)),
    ).toEqual({ id: [`Payout request ${cancelled} is cancelled.`] })
    expect(await auditRows()).toBe(rows)
  })
})
