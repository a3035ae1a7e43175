import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CreateDiscountCodeRequest,
  discountCodeState,
  discountMessages,
  discountTermsProblems,
  type DiscountTerms,
} from '../../../contract/admin-discounts.ts'
import { accountWithRole } from '../../routes/admin-testing.ts'
import { auditLog, discountCodes, orderDiscounts, orders } from '../../db/schema.ts'
import { openTestDatabase, type TestDatabase } from '../../testing/test-helpers.ts'
import { orderAwaitingPayment, testAccount } from '../../testing/test-orders.ts'
import type { Actor } from './audit.ts'
import {
  createDiscountCode,
  discountCodeDetail,
  editDiscountCode,
  endDiscountCode,
  listDiscountCodes,
  usesOf,
} from './discount-codes.ts'

/*
 * The discount codes' service (services/admin/discount-codes.ts) and the contract's rules it
 * shares with a form: a code's state, its terms' problems, its uses (submitted orders only, at
 * what each was charged), and changes at a fixed time.
 */

const now = new Date('2027-03-01T12:00:00Z')
const at = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString()

describe('a code’s state', () => {
  const code = { starts_at: null, expires_at: null, usage_limit: null, used_count: 0 }
  it.each([
    ['active', code],
    ['scheduled', { ...code, starts_at: at(1) }],
    ['active', { ...code, starts_at: at(-1), expires_at: at(1) }],
    ['expired', { ...code, expires_at: at(-1) }],
    ['expired', { ...code, expires_at: now.toISOString() }],
    ['used_up', { ...code, usage_limit: 2, used_count: 2 }],
    ['active', { ...code, usage_limit: 2, used_count: 1 }],
    // Ended wins over used up, used up over scheduled.
    ['expired', { ...code, expires_at: at(-1), usage_limit: 1, used_count: 1 }],
    ['used_up', { ...code, starts_at: at(1), usage_limit: 1, used_count: 1 }],
  ] as const)('is %s for %j', (state, terms) => {
    expect(discountCodeState(terms, now)).toBe(state)
  })
})

describe('a code’s terms', () => {
  const terms: DiscountTerms = {
    kind: 'percent',
    value: 10,
    starts_at: null,
    expires_at: null,
    usage_limit: null,
    product_families: [],
  }
  it('takes percent 1–100 and a fixed amount above 0, the start before the end, known families', () => {
    expect(discountTermsProblems(terms)).toEqual({})
    expect(discountTermsProblems({ ...terms, value: 100 })).toEqual({})
    expect(discountTermsProblems({ ...terms, value: 0 })).toEqual({
      value: [discountMessages.percent],
    })
    expect(discountTermsProblems({ ...terms, kind: 'fixed', value: 25_000 })).toEqual({})
    expect(discountTermsProblems({ ...terms, kind: 'fixed', value: 0 })).toEqual({
      value: [discountMessages.fixed],
    })
    expect(discountTermsProblems({ ...terms, kind: 'fixed', value: 100_000_001 })).toEqual({
      value: [discountMessages.fixedTooLarge],
    })
    expect(discountTermsProblems({ ...terms, starts_at: at(1), expires_at: at(1) })).toEqual({
      expires_at: [discountMessages.startsBeforeEnd],
    })
    expect(
      discountTermsProblems({
        ...terms,
        starts_at: at(1),
        expires_at: at(2),
        product_families: ['bags'],
      }),
    ).toEqual({})
    expect(discountTermsProblems({ ...terms, product_families: ['constructor', 'bags'] })).toEqual({
      product_families: [discountMessages.unknownFamilies(['constructor'])],
    })
  })

  it('normalises a new code and fills the defaults', () => {
    expect(
      CreateDiscountCodeRequest.parse({
        code: ' summer_27 ',
        description: ' Summer ',
        kind: 'fixed',
        value: 500,
      }),
    ).toEqual({
      code: 'SUMMER_27',
      description: 'Summer',
      kind: 'fixed',
      value: 500,
      starts_at: null,
      expires_at: null,
      usage_limit: null,
      product_families: [],
      product_slugs: [],
      excludes_upgrades: false,
      combinable: true,
    })
  })
})

describe('the service', () => {
  let database: TestDatabase
  let actor: Actor

  beforeAll(async () => {
    database = await openTestDatabase()
    const admin = await accountWithRole(database.db, 'admin')
    actor = { id: admin.id, role: 'admin', sessionRef: 'test-session' }
  })
  afterAll(() => database.close())

  const request = (body: Record<string, unknown> = {}) =>
    CreateDiscountCodeRequest.parse({
      code: `S${randomUUID().slice(0, 8)}`,
      description: 'Five off',
      kind: 'fixed',
      value: 500,
      ...body,
    })

  async function made(body: Record<string, unknown> = {}) {
    const result = await createDiscountCode(database.db, actor, request(body), now)
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    return result.code
  }

  it('lists the uses of submitted orders only, newest first, at what each was charged', async () => {
    const code = await made()
    const owner = await testAccount(database.db)
    const older = await orderAwaitingPayment(database.db, { userId: owner.id })
    const newer = await orderAwaitingPayment(database.db, { userId: owner.id }, { status: 'paid' })
    await database.db
      .update(orders)
      .set({ submittedAt: new Date(now.getTime() - 60_000), email: 'first@example.com' })
      .where(eq(orders.id, older.id))
    await database.db.update(orders).set({ submittedAt: now }).where(eq(orders.id, newer.id))
    // A cart holding the code is no use.
    const [cart] = await database.db
      .insert(orders)
      .values({ userId: (await testAccount(database.db)).id })
      .returning()
    await database.db.insert(orderDiscounts).values([
      { orderId: older.id, discountCodeId: code.id, amount: 500 },
      { orderId: newer.id, discountCodeId: code.id, amount: 300 },
      { orderId: cart!.id, discountCodeId: code.id, amount: null },
    ])
    expect(
      (await usesOf(database.db, code.id)).map((use) => [
        use.order_id,
        use.status,
        use.amount,
        use.email,
      ]),
    ).toEqual([
      [newer.id, 'paid', 300, null],
      [older.id, 'submitted', 500, 'first@example.com'],
    ])
  })

  it('writes one audit row per change, in the change’s transaction', async () => {
    const code = await made({ usage_limit: 3 })
    await editDiscountCode(database.db, actor, code.code, { usage_limit: 4 }, now)
    await endDiscountCode(database.db, actor, code.code, now)
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetId, code.id))
    expect(rows.map((row) => [row.action, row.targetKind, row.actorId, row.sessionRef])).toEqual([
      ['discount_code.create', 'discount_code', actor.id, 'test-session'],
      ['discount_code.edit', 'discount_code', actor.id, 'test-session'],
      ['discount_code.end', 'discount_code', actor.id, 'test-session'],
    ])
    // A refused change writes nothing.
    const refused = await editDiscountCode(database.db, actor, code.code, { value: 0 }, now)
    expect(refused).toEqual({ ok: false, errors: { value: [discountMessages.fixed] } })
    expect(
      (await database.db.select().from(auditLog).where(eq(auditLog.targetId, code.id))).length,
    ).toBe(3)
  })

  it('ends a code with no start at now, leaving its start empty', async () => {
    const code = await made({ expires_at: at(10) })
    const ended = await endDiscountCode(database.db, actor, code.code.toLowerCase(), now)
    expect(ended).toMatchObject({
      ok: true,
      code: { starts_at: null, expires_at: now.toISOString(), state: 'expired' },
    })
    expect(await endDiscountCode(database.db, actor, 'NOT-A-CODE', now)).toEqual({
      ok: false,
      missing: true,
    })
  })

  it('answers a code by any case, and lists every code with its state at the time given', async () => {
    const code = await made({ starts_at: at(1) })
    expect((await discountCodeDetail(database.db, code.code.toLowerCase(), now))?.id).toBe(code.id)
    expect(await discountCodeDetail(database.db, 'NOT-A-CODE', now)).toBeUndefined()
    const list = await listDiscountCodes(database.db, now)
    expect(list.find((row) => row.id === code.id)?.state).toBe('scheduled')
    const later = await listDiscountCodes(database.db, new Date(at(2)))
    expect(later.find((row) => row.id === code.id)?.state).toBe('active')
    const [row] = await database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id))
    expect(row!.code).toBe(code.code.toUpperCase())
  })
})
