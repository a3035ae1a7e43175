import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orders } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  cartCaller,
  createTestApp,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { orderAwaitingPayment, testAccount } from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'

/*
 * Every back-office call, made by every kind of caller: signed out (401), a customer, a guest
 * session, a dealer (403), staff (allowed, but a refund is a 403) and an admin (allowed). A call
 * refused changes nothing and writes no audit row.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: Mailer

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer })
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

const send = adminCaller(() => app)
const cartCall = cartCaller(() => app)

/** A part refund as the back office sends it: with an Idempotency-Key of its own. */
const refund = (id: string, bearer?: string, body: unknown = { amount: 1000 }) => {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': newKey(),
  }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  return app.request(`/api/admin/orders/${id}/refund`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

/** A customer's order of 459.00 USD; `paid`: paid in full through the test gateway by its owner. */
async function customerOrder({ paid = false } = {}) {
  const owner = await testAccount(database.db)
  const order = await orderAwaitingPayment(database.db, { userId: owner.id })
  if (paid) {
    const res = await cartCall(
      'POST',
      `/payment/braintree/${order.id}`,
      { bearer: owner.bearer },
      { body: { nonce: 'fake-valid-nonce' }, key: newKey() },
    )
    expect(res.status).toBe(200)
  }
  return { id: order.id, owner }
}

interface Fixture {
  id: string
  owner: { email: string; bearer: string }
}

/** Each back-office call: how to make it for an order, and whether it is for admins only. */
const calls: {
  name: string
  adminOnly?: boolean
  /** What the call needs of its order (an order paid in full, for a refund). */
  paid?: boolean
  make: (fixture: Fixture, bearer?: string) => Promise<Response> | Response
}[] = [
  {
    name: 'POST /api/admin/login-link',
    make: (f, bearer) => send('POST', '/admin/login-link', bearer, { email: f.owner.email }),
  },
  { name: 'GET /api/admin/orders', make: (_f, bearer) => send('GET', '/admin/orders', bearer) },
  {
    name: 'GET /api/admin/orders/{id}',
    make: (f, bearer) => send('GET', `/admin/orders/${f.id}`, bearer),
  },
  {
    name: 'POST /api/admin/orders/{id}/move',
    make: (f, bearer) =>
      send('POST', `/admin/orders/${f.id}/move`, bearer, { status: 'in_production' }),
  },
  {
    name: 'POST /api/admin/orders/{id}/refund',
    adminOnly: true,
    paid: true,
    make: (f, bearer) => refund(f.id, bearer),
  },
  {
    name: 'POST /api/admin/orders/{id}/resend-mail',
    make: (f, bearer) => send('POST', `/admin/orders/${f.id}/resend-mail`, bearer),
  },
  {
    name: 'POST /api/admin/orders/{id}/payment-link',
    make: (f, bearer) => send('POST', `/admin/orders/${f.id}/payment-link`, bearer),
  },
  {
    name: 'GET /api/admin/dashboard',
    make: (_f, bearer) => send('GET', '/admin/dashboard', bearer),
  },
  {
    name: 'GET /api/admin/attention',
    make: (_f, bearer) => send('GET', '/admin/attention', bearer),
  },
  { name: 'GET /api/admin/queue', make: (_f, bearer) => send('GET', '/admin/queue', bearer) },
]

type Caller = { kind: string; bearer?: string; allowed: 'none' | 'staff' | 'admin' }

async function callers(fixture: Fixture): Promise<(Caller & { status: number })[]> {
  const db = database.db
  const list: Caller[] = [
    { kind: 'signed out', allowed: 'none' },
    { kind: 'an unknown token', bearer: 'not-a-session-token', allowed: 'none' },
    { kind: 'a customer', bearer: (await testAccount(db)).bearer, allowed: 'none' },
    { kind: 'the order’s owner', bearer: fixture.owner.bearer, allowed: 'none' },
    {
      kind: 'a guest session',
      bearer: (await testAccount(db, { role: 'guest', guestSession: true })).bearer,
      allowed: 'none',
    },
    { kind: 'a dealer', bearer: (await accountWithRole(db, 'dealer')).bearer, allowed: 'none' },
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

const auditRows = async () =>
  Number((await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0)

describe('the back office’s role matrix', () => {
  for (const call of calls) {
    it(`${call.name}: 401 signed out, 403 for customers, guests and dealers${call.adminOnly ? ' and staff' : ''}, allowed for ${call.adminOnly ? 'admins' : 'staff and admins'}`, async () => {
      const refusedFixture = await customerOrder({ paid: call.paid ?? false })
      for (const caller of await callers(refusedFixture)) {
        const allowed =
          caller.allowed === 'admin' || (caller.allowed === 'staff' && !call.adminOnly)
        // An allowed call changes its order: each gets one of its own.
        const fixture = allowed ? await customerOrder({ paid: call.paid ?? false }) : refusedFixture
        const before = await auditRows()
        const res = await call.make(fixture, caller.bearer)
        if (allowed) {
          expect(res.status, `${call.name} by ${caller.kind}`).toBe(200)
          continue
        }
        expect(res.status, `${call.name} by ${caller.kind}`).toBe(caller.status)
        if (caller.status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer')
        expect(await auditRows(), `${call.name} by ${caller.kind}`).toBe(before)
      }
      // Nothing a refused caller sent changed the order.
      const [order] = await database.db
        .select()
        .from(orders)
        .where(eq(orders.id, refusedFixture.id))
      expect(order!.status).toBe(call.paid ? 'paid' : 'submitted')
    })
  }

  it('checks the role before the input: a refused caller gets 401 or 403 for a bad id or body too', async () => {
    const customer = await testAccount(database.db)
    const bad: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/admin/orders?per_page=999' },
      { method: 'GET', path: '/admin/orders/not-an-id' },
      { method: 'POST', path: '/admin/orders/not-an-id/move', body: { status: 'nowhere' } },
      { method: 'POST', path: '/admin/orders/not-an-id/refund', body: { amount: -1 } },
      { method: 'POST', path: '/admin/login-link', body: { email: 'not an address' } },
      { method: 'GET', path: '/admin/dashboard?from=2026-02-30&to=yesterday' },
      { method: 'GET', path: '/admin/dashboard?from=2020-01-01' },
      { method: 'GET', path: '/admin/queue?status=shipped' },
    ]
    for (const { method, path, body } of bad) {
      expect((await send(method, path)).status, path).toBe(401)
      expect((await send(method, path, customer.bearer, body)).status, path).toBe(403)
    }
    const staff = await accountWithRole(database.db, 'staff')
    expect(
      (await send('POST', '/admin/orders/not-an-id/refund', staff.bearer, { amount: -1 })).status,
    ).toBe(403)
    // A part refund with no Idempotency-Key: the role is checked before the key.
    for (const bearer of [customer.bearer, staff.bearer])
      expect(
        (await send('POST', '/admin/orders/not-an-id/refund', bearer, { amount: 1 })).status,
      ).toBe(403)
  })
})
