import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminDiscountCodeDetail,
  AdminDiscountCodes,
  DiscountCodeUsesPage,
  discountMessages,
} from '../../contract/admin-discounts.ts'
import { orderNumber } from '../../contract/order-number.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { auditLog, discountCodes, orderDiscounts, orders } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import { codeNotStartedMessage, codeRefusedMessage } from '../services/cart/changes.ts'
import {
  cartCaller,
  createTestApp,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { cartOf, errorsOf, testAccount, testOrders } from '../testing/test-orders.ts'
import { accountWithRole, adminCaller } from './admin-testing.ts'

/*
 * The back office's discount codes (docs/back-office.md): who may call (admins only), each call
 * as an admin with its audit row, the rules a code's terms follow (a 422 per field), and a code
 * limited to one use made here and used once through the cart and submit.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: Mailer
let admin: Awaited<ReturnType<typeof accountWithRole>>

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer })
  admin = await accountWithRole(database.db, 'admin')
})
afterAll(async () => {
  await mailer.idle()
  await database.close()
})

const send = adminCaller(() => app)
const call = cartCaller(() => app)
const { readyCart } = testOrders(call, () => database.db)

const newCode = () => `T${randomUUID().slice(0, 8).toUpperCase()}`
const dayMs = 24 * 60 * 60 * 1000

/** A code made through the API by the admin: ten off bags unless told. */
async function created(body: Record<string, unknown> = {}) {
  const res = await send('POST', '/admin/discount-codes', admin.bearer, {
    code: newCode(),
    description: 'Ten off bags',
    kind: 'fixed',
    value: 1000,
    product_families: ['bags'],
    ...body,
  })
  expect(res.status).toBe(200)
  return AdminDiscountCodeDetail.parse(await res.json())
}

const detailOf = async (res: Response) => {
  expect(res.status).toBe(200)
  return AdminDiscountCodeDetail.parse(await res.json())
}

const auditRows = async () =>
  Number((await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0)

const rowOf = async (code: string) =>
  (await database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!

/** A customer with a cart of one bag, the US address and Priority: ready to submit. */
async function customerCart() {
  const customer = await testAccount(database.db)
  const caller: CartCaller = { bearer: customer.bearer }
  const cart = await readyCart(caller)
  return { customer, caller, cart }
}
const applyCode = (caller: CartCaller, cartId: string, code: string) =>
  call('POST', `/order/${cartId}/add-discount`, caller, {
    body: { discount_codes: code },
    key: newKey(),
  })

describe('who may call', () => {
  type Call = (code: string, bearer?: string) => Promise<Response> | Response
  const calls: [string, Call][] = [
    [
      'GET /api/admin/discount-codes',
      (_code, bearer) => send('GET', '/admin/discount-codes', bearer),
    ],
    [
      'GET /api/admin/discount-codes/{code}',
      (code, bearer) => send('GET', `/admin/discount-codes/${code}`, bearer),
    ],
    [
      'GET /api/admin/discount-codes/{code}/uses',
      (code, bearer) => send('GET', `/admin/discount-codes/${code}/uses?page=2`, bearer),
    ],
    [
      'POST /api/admin/discount-codes',
      (_code, bearer) =>
        send('POST', '/admin/discount-codes', bearer, {
          code: newCode(),
          description: 'Five percent',
          kind: 'percent',
          value: 5,
        }),
    ],
    [
      'POST /api/admin/discount-codes/{code}',
      (code, bearer) => send('POST', `/admin/discount-codes/${code}`, bearer, { usage_limit: 50 }),
    ],
    [
      'POST /api/admin/discount-codes/{code}/end',
      (code, bearer) => send('POST', `/admin/discount-codes/${code}/end`, bearer),
    ],
  ]

  async function callers() {
    const db = database.db
    return [
      { kind: 'signed out', status: 401 },
      { kind: 'an unknown token', bearer: 'not-a-session-token', status: 401 },
      { kind: 'a customer', bearer: (await testAccount(db)).bearer, status: 403 },
      {
        kind: 'a guest session',
        bearer: (await testAccount(db, { role: 'guest', guestSession: true })).bearer,
        status: 403,
      },
      { kind: 'a dealer', bearer: (await accountWithRole(db, 'dealer')).bearer, status: 403 },
      { kind: 'staff', bearer: (await accountWithRole(db, 'staff')).bearer, status: 403 },
      {
        kind: 'a guest session on an admin account',
        bearer: (await accountWithRole(db, 'admin', { guestSession: true })).bearer,
        status: 403,
      },
    ]
  }

  for (const [name, make] of calls) {
    it(`${name}: 401 signed out, 403 for customers, guests, dealers and staff, 200 for an admin`, async () => {
      const { code } = await created()
      const before = await rowOf(code)
      for (const caller of await callers()) {
        const audited = await auditRows()
        const res = await make(code, caller.bearer)
        expect(res.status, `${name} by ${caller.kind}`).toBe(caller.status)
        if (caller.status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer')
        expect(await auditRows(), `${name} by ${caller.kind}`).toBe(audited)
      }
      // Nothing a refused caller sent changed the code.
      expect(await rowOf(code)).toEqual(before)
      expect((await make(code, admin.bearer)).status).toBe(200)
    })
  }

  it('checks the role before the input: a bad code or body is still a 401 or a 403', async () => {
    const customer = await testAccount(database.db)
    const staff = await accountWithRole(database.db, 'staff')
    const bad: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/admin/discount-codes/a%20b' },
      { method: 'POST', path: '/admin/discount-codes', body: { code: '!', value: -1 } },
      { method: 'POST', path: '/admin/discount-codes/NOPE', body: { kind: 'half' } },
      { method: 'POST', path: '/admin/discount-codes/a%20b/end' },
    ]
    for (const { method, path, body } of bad) {
      expect((await send(method, path, undefined, body)).status, path).toBe(401)
      expect((await send(method, path, customer.bearer, body)).status, path).toBe(403)
      expect((await send(method, path, staff.bearer, body)).status, path).toBe(403)
    }
  })
})

describe('the calls, as an admin', () => {
  it('creates a code (upper-cased), lists it with its state, and audits it', async () => {
    const code = newCode()
    const starts = new Date(Date.now() + 7 * dayMs)
    const made = await created({
      code: `  ${code.toLowerCase()} `,
      kind: 'percent',
      value: 15,
      starts_at: starts.toISOString().replace('Z', '+00:00'),
      expires_at: new Date(Date.now() + 30 * dayMs).toISOString(),
      usage_limit: 100,
      product_families: ['wingsuits', 'wingsuits'],
      product_slugs: ['mission-bag'],
      excludes_upgrades: true,
      combinable: false,
    })
    expect(made).toMatchObject({
      code,
      description: 'Ten off bags',
      kind: 'percent',
      value: 15,
      starts_at: starts.toISOString(),
      usage_limit: 100,
      used_count: 0,
      product_families: ['wingsuits'],
      product_slugs: ['mission-bag'],
      excludes_upgrades: true,
      combinable: false,
      state: 'scheduled',
      uses: [],
    })
    expect(made.audit).toEqual([
      expect.objectContaining({
        action: 'discount_code.create',
        target_kind: 'discount_code',
        target_id: made.id,
        actor: { id: admin.id, role: 'admin', email: admin.email },
        details: expect.objectContaining({ code, kind: 'percent', value: 15, usage_limit: 100 }),
      }),
    ])
    const list = AdminDiscountCodes.parse(
      await (await send('GET', '/admin/discount-codes', admin.bearer)).json(),
    )
    expect(list.discount_codes.find((row) => row.code === code)).toMatchObject({
      id: made.id,
      state: 'scheduled',
      used_count: 0,
    })
    // The seeded SPRING is there too, in the list's order (by code).
    const codes = list.discount_codes.map((row) => row.code)
    expect(codes).toContain('SPRING')
    expect(codes).toEqual([...codes].sort())
    // Any case finds it.
    expect(
      (
        await detailOf(
          await send('GET', `/admin/discount-codes/${code.toLowerCase()}`, admin.bearer),
        )
      ).id,
    ).toBe(made.id)
  })

  it('edits the fields sent, keeps the others, never renames, and audits what changed', async () => {
    const made = await created({ usage_limit: 5 })
    const path = `/admin/discount-codes/${made.code}`
    const edited = await detailOf(
      await send('POST', path, admin.bearer, {
        code: made.code.toLowerCase(),
        description: 'Twelve off bags',
        value: 1200,
        usage_limit: null,
      }),
    )
    expect(edited).toMatchObject({
      code: made.code,
      description: 'Twelve off bags',
      kind: 'fixed',
      value: 1200,
      usage_limit: null,
      product_families: ['bags'],
      state: 'active',
    })
    expect(edited.audit.map((entry) => entry.action)).toEqual([
      'discount_code.create',
      'discount_code.edit',
    ])
    expect(edited.audit[1]!.details).toEqual({
      code: made.code,
      changes: {
        description: { from: 'Ten off bags', to: 'Twelve off bags' },
        value: { from: 1000, to: 1200 },
        usage_limit: { from: 5, to: null },
      },
    })
    // Nothing changed: no audit row.
    const before = await auditRows()
    await detailOf(await send('POST', path, admin.bearer, { value: 1200 }))
    expect(await auditRows()).toBe(before)
    // A rename is refused.
    expect(await errorsOf(await send('POST', path, admin.bearer, { code: 'OTHER' }))).toEqual({
      code: [discountMessages.codeRenamed],
    })
    expect(
      (await send('POST', '/admin/discount-codes/NO-SUCH-CODE', admin.bearer, {})).status,
    ).toBe(404)
    expect((await send('GET', '/admin/discount-codes/NO-SUCH-CODE', admin.bearer)).status).toBe(404)
    expect((await send('GET', '/admin/discount-codes/a.b', admin.bearer)).status).toBe(404)
  })

  it('ends a code now, and a cart can no longer add it', async () => {
    const made = await created()
    const before = Date.now()
    const ended = await detailOf(
      await send('POST', `/admin/discount-codes/${made.code}/end`, admin.bearer),
    )
    expect(ended.state).toBe('expired')
    const endedAt = Date.parse(ended.expires_at!)
    expect(endedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(endedAt).toBeLessThanOrEqual(Date.now())
    expect(ended.audit.at(-1)).toMatchObject({
      action: 'discount_code.end',
      details: { code: made.code, expires_at: ended.expires_at, was: null },
    })
    // Ending it again changes nothing and writes no row.
    const rows = await auditRows()
    const again = await detailOf(
      await send('POST', `/admin/discount-codes/${made.code}/end`, admin.bearer),
    )
    expect(again.expires_at).toBe(ended.expires_at)
    expect(await auditRows()).toBe(rows)
    const { caller, cart } = await customerCart()
    expect(await errorsOf(await applyCode(caller, cart.id!, made.code))).toEqual({
      discount_codes: [codeRefusedMessage(made.code)],
    })
  })

  it('ends a code that has not started: its start becomes now too', async () => {
    const made = await created({ starts_at: new Date(Date.now() + dayMs).toISOString() })
    const ended = await detailOf(
      await send('POST', `/admin/discount-codes/${made.code}/end`, admin.bearer),
    )
    expect(ended).toMatchObject({ state: 'expired', starts_at: ended.expires_at })
    expect(ended.audit.at(-1)!.details).toMatchObject({ was_starting: made.starts_at })
    // Its description can still be changed: the start and the end are not what is edited.
    expect(
      (
        await detailOf(
          await send('POST', `/admin/discount-codes/${made.code}`, admin.bearer, {
            description: 'Ended before it began',
          }),
        )
      ).description,
    ).toBe('Ended before it began')
  })
})

describe('a code’s uses, a page at a time', () => {
  it('answers the newest 50 with the code, the rest by page, and refuses a bad page per field', async () => {
    const made = await created()
    const owner = await testAccount(database.db)
    const start = Date.UTC(2026, 5, 1)
    const placed = await database.db
      .insert(orders)
      .values(
        Array.from({ length: 62 }, (_, i) => ({
          userId: owner.id,
          status: 'paid' as const,
          email: owner.email,
          submittedAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: orders.id })
    await database.db
      .insert(orderDiscounts)
      .values(placed.map(({ id }) => ({ orderId: id, discountCodeId: made.id, amount: 1000 })))
    const newestFirst = placed.map(({ id }) => id).reverse()

    const detail = await detailOf(
      await send('GET', `/admin/discount-codes/${made.code}`, admin.bearer),
    )
    expect(detail.uses.map((use) => use.order_id)).toEqual(newestFirst.slice(0, 50))
    expect(detail.has_more_uses).toBe(true)

    const page = async (query: string) => {
      const res = await send(
        'GET',
        `/admin/discount-codes/${made.code}/uses?${query}`,
        admin.bearer,
      )
      expect(res.status).toBe(200)
      return DiscountCodeUsesPage.parse(await res.json())
    }
    const second = await page('page=2&per_page=50')
    expect(second).toMatchObject({ page: 2, per_page: 50, total_count: 62, has_more: false })
    expect(second.uses.map((use) => use.order_id)).toEqual(newestFirst.slice(50))
    expect(second.uses[0]).toEqual({
      order_id: newestFirst[50],
      number: orderNumber(newestFirst[50]!),
      status: 'paid',
      submitted_at: new Date(start + 11 * 60_000).toISOString(),
      email: owner.email,
      currency: 'USD',
      amount: 1000,
    })
    // 20 a page unless told.
    expect(await page('')).toMatchObject({ page: 1, per_page: 20, has_more: true })
    expect((await page('page=4')).uses.map((use) => use.order_id)).toEqual(newestFirst.slice(60))
    expect((await page('page=9')).uses).toEqual([])

    for (const [query, errors] of [
      ['page=0', { page: ['The page is a whole number from 1.'] }],
      ['page=two', { page: ['The page is a whole number from 1.'] }],
      ['per_page=51', { per_page: ['per_page is a whole number from 1 to 50.'] }],
    ] as const) {
      const res = await send(
        'GET',
        `/admin/discount-codes/${made.code}/uses?${query}`,
        admin.bearer,
      )
      expect(res.status, query).toBe(422)
      expect(await errorsOf(res), query).toEqual(errors)
    }
    const unknown = await send('GET', '/admin/discount-codes/NO-SUCH-CODE/uses', admin.bearer)
    expect(unknown.status).toBe(404)
  })
})

describe('the rules of a code’s terms (a 422 per field)', () => {
  const base = { description: 'A code', kind: 'percent', value: 10 }

  it('refuses bad codes, kinds, values, times, limits, families and products on create', async () => {
    const taken = await created()
    const now = Date.now()
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ code: 'AB' }, { code: [discountMessages.codeLength] }],
      [{ code: 'X'.repeat(33) }, { code: [discountMessages.codeLength] }],
      [{ code: 'TWO WORDS' }, { code: [discountMessages.codeShape] }],
      [{ code: 'SALE!' }, { code: [discountMessages.codeShape] }],
      [{ code: 'ÉTÉ-2027' }, { code: [discountMessages.codeShape] }],
      [{ code: 42 }, { code: [discountMessages.codeText] }],
      [{ code: taken.code.toLowerCase() }, { code: [discountMessages.codeTaken(taken.code)] }],
      [{ description: '  ' }, { description: [discountMessages.description] }],
      [{ kind: 'half' }, { kind: [discountMessages.kind] }],
      [{ value: 0 }, { value: [discountMessages.percent] }],
      [{ value: 101 }, { value: [discountMessages.percent] }],
      [{ value: 2.5 }, { value: [discountMessages.value] }],
      [{ kind: 'fixed', value: 0 }, { value: [discountMessages.fixed] }],
      [{ kind: 'fixed', value: -100 }, { value: [discountMessages.fixed] }],
      [{ starts_at: 'tomorrow' }, { starts_at: [discountMessages.time('starts_at')] }],
      [{ expires_at: '2027-06-01' }, { expires_at: [discountMessages.time('expires_at')] }],
      [
        {
          starts_at: new Date(now + 2 * dayMs).toISOString(),
          expires_at: new Date(now + dayMs).toISOString(),
        },
        { expires_at: [discountMessages.startsBeforeEnd] },
      ],
      [{ usage_limit: 0 }, { usage_limit: [discountMessages.usageLimit] }],
      [{ usage_limit: 1.5 }, { usage_limit: [discountMessages.usageLimit] }],
      [
        { product_families: ['wingsuits', 'hats'] },
        { product_families: [discountMessages.unknownFamilies(['hats'])] },
      ],
      [
        { product_slugs: ['mission-bag', 'no-such-thing'] },
        { product_slugs: [discountMessages.unknownProducts(['no-such-thing'])] },
      ],
      [{ combinable: 'yes' }, { combinable: [discountMessages.flag('combinable')] }],
    ]
    for (const [body, errors] of cases) {
      const before = await auditRows()
      const res = await send('POST', '/admin/discount-codes', admin.bearer, {
        ...base,
        code: newCode(),
        ...body,
      })
      expect(await errorsOf(res), JSON.stringify(body)).toEqual(errors)
      expect(await auditRows()).toBe(before)
    }
    const missing = await errorsOf(await send('POST', '/admin/discount-codes', admin.bearer, {}))
    expect(Object.keys(missing).sort()).toEqual(['code', 'description', 'kind', 'value'])
  })

  it('checks an edit’s terms against the stored ones, and keeps the limit at or above the uses', async () => {
    const made = await created({
      kind: 'percent',
      value: 10,
      starts_at: new Date(Date.now() + dayMs).toISOString(),
    })
    await database.db
      .update(discountCodes)
      .set({ usedCount: 3 })
      .where(eq(discountCodes.id, made.id))
    const path = `/admin/discount-codes/${made.code}`
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ value: 150 }, { value: [discountMessages.percent] }],
      // Fixed, with the stored value (10 minor units): allowed; with 0: refused.
      [{ kind: 'fixed', value: 0 }, { value: [discountMessages.fixed] }],
      [
        { expires_at: new Date(Date.now() + dayMs / 2).toISOString() },
        { expires_at: [discountMessages.startsBeforeEnd] },
      ],
      [{ usage_limit: 2 }, { usage_limit: [discountMessages.usageBelowUses(3)] }],
      [
        { product_slugs: ['nope'] },
        { product_slugs: [discountMessages.unknownProducts(['nope'])] },
      ],
      [{ description: 'x'.repeat(201) }, { description: [discountMessages.descriptionLength] }],
    ]
    for (const [body, errors] of cases)
      expect(
        await errorsOf(await send('POST', path, admin.bearer, body)),
        JSON.stringify(body),
      ).toEqual(errors)
    expect((await rowOf(made.code)).value).toBe(10)
    expect((await detailOf(await send('POST', path, admin.bearer, { usage_limit: 3 }))).state).toBe(
      'used_up',
    )
  })
})

describe('a code in a cart', () => {
  it('a code limited to one use is created and used once', async () => {
    const made = await created({ usage_limit: 1 })
    expect(made.state).toBe('active')

    const first = await customerCart()
    const discounted = await cartOf(await applyCode(first.caller, first.cart.id!, made.code))
    expect(discounted.discounts).toEqual([
      { code: made.code, description: 'Ten off bags', amount: 1000 },
    ])
    const submitted = await call('POST', '/order/submit', first.caller, { body: {}, key: newKey() })
    expect(submitted.status).toBe(200)
    const answer = SubmitAnswer.parse(await submitted.json())
    expect(answer.id).toBe(first.cart.id)

    const second = await customerCart()
    expect(await errorsOf(await applyCode(second.caller, second.cart.id!, made.code))).toEqual({
      discount_codes: [codeRefusedMessage(made.code)],
    })

    const detail = await detailOf(
      await send('GET', `/admin/discount-codes/${made.code}`, admin.bearer),
    )
    expect(detail).toMatchObject({ used_count: 1, usage_limit: 1, state: 'used_up' })
    expect(detail.uses).toEqual([
      {
        order_id: answer.id,
        number: orderNumber(answer.id),
        status: answer.status,
        submitted_at: expect.any(String),
        email: first.customer.email,
        currency: 'USD',
        amount: 1000,
      },
    ])
    // The orders' uses are not back-office actions: the code's one audit row is its creation.
    const held = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'discount_code'), eq(auditLog.targetId, made.id)))
    expect(held[0]!.n).toBe(1)
  })

  it('a code that has not started is refused with when it starts, and applies once it has', async () => {
    const starts = new Date(Date.UTC(2031, 2, 5, 9, 30))
    const made = await created({ starts_at: starts.toISOString() })
    const { caller, cart } = await customerCart()
    expect(await errorsOf(await applyCode(caller, cart.id!, made.code.toLowerCase()))).toEqual({
      discount_codes: [codeNotStartedMessage(made.code, starts)],
    })
    expect(codeNotStartedMessage(made.code, starts)).toBe(
      `“${made.code}” is not a discount code this cart can use yet: it starts on March 5, 2031 at 09:30 UTC.`,
    )
    await detailOf(
      await send('POST', `/admin/discount-codes/${made.code}`, admin.bearer, {
        starts_at: new Date(Date.now() - 1000).toISOString(),
      }),
    )
    const applied = await cartOf(await applyCode(caller, cart.id!, made.code))
    expect(applied.discounts.map((discount) => discount.code)).toEqual([made.code])
  })
})
