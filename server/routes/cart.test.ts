import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import type { AddToOrderRequest } from '../../contract/configurator.ts'
import { ProductionTime } from '../../contract/production-time.ts'
import { discountCodes, idempotencyKeys, orderLines, orders, users } from '../db/schema.ts'
import { createApp } from '../app.ts'
import { demoPassword } from '../services/seed.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../log.ts'
import { idleCartRetentionMs, pruneIdleCarts } from '../services/cart/retention.ts'
import { idempotencyKeyRetentionMs, pruneIdempotencyKeys } from '../services/idempotency.ts'
import { addressLimits } from '../services/throttle.ts'
import { issueOneTimeToken } from '../services/one-time-tokens.ts'
import { hashToken } from '../services/sessions.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { bag, cartOf, customSuit, testAccounts } from '../testing/test-orders.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

type Caller = CartCaller

const newUser = testAccounts(() => database.db, { password: false })
const call = cartCaller(() => app)

const add = (caller: Caller, body: AddToOrderRequest, key?: string) =>
  call('POST', '/order/add', caller, { body, key })
const getCart = async (caller: Caller) => cartOf(await call('GET', '/order', caller))

/**
 * A made-to-measure Corvid 2 as the configurator sends it: asymmetric, with fluoro and metallic
 * regions, an option, an accent, cloud lite and a super custom design as its child line.
 */
function configuredSuit(qty = 1, extra: { key: string; value: string }[] = []): AddToOrderRequest {
  return {
    sku: 'CORVID2-CUSTOM',
    qty,
    meta: [
      { key: 'color.body.l', value: 'y9F' },
      { key: 'color.body.r', value: 'n4D' },
      { key: 'color.arm-wing.l', value: 'm1S' },
      { key: 'color.arm-wing.r', value: 'm1S' },
      { key: 'color.leg-wing.l', value: 'r9F' },
      { key: 'color.leg-wing.r', value: 'm2G' },
      { key: 'measurement.units', value: 'metric' },
      { key: 'measurement.height', value: '182' },
      { key: 'option.booties', value: 'on' },
      { key: 'accent', value: 'neon' },
      { key: 'cloud_lite_key', value: 'cloud-lite-40' },
      { key: 'super_asym', value: 'on' },
      // The client's total is ignored: the server prices the line itself.
      { key: 'total_price', value: '1' },
      ...extra,
    ],
    child: [
      {
        sku: 'SUPERCUSTOM-WS',
        qty,
        meta: [
          { key: 'child_super_custom_check', value: 'on' },
          { key: 'pc_edit_state', value: 'v1.stripes.body' },
          { key: 'pc_pattern_url', value: '/patterns/stripes.svg' },
        ],
      },
    ],
  }
}

/*
 * The configurator's price of that suit, item by item from content/products/wingsuits/corvid-2.json
 * (what its price summary lists): made to measure 2,240.00; booties 90.00; neon piping 40.00;
 * torso in fluoro 25.00; arm wings in metallic 40.00; tail wing in fluoro 25.00 and in metallic
 * 40.00; cloud lite 150.00; asymmetric 200.00; super custom 350.00.
 */
const suitUnit = 224_000 + 9_000 + 4_000 + 2_500 + 4_000 + 2_500 + 4_000 + 15_000 + 20_000 + 35_000
/** Upgrades (cloud lite, asymmetric, super custom) that SPRING does not discount. */
const suitUpgrades = 15_000 + 20_000 + 35_000

describe('GET /api/order', () => {
  it('is an empty cart with id null when there is no cart, with or without an owner', async () => {
    for (const caller of [{}, { token: newCartToken() }, { bearer: (await newUser()).bearer }]) {
      expect(await getCart(caller)).toEqual({
        id: null,
        status: 'open',
        currency: 'USD',
        items: [],
        item_count: 0,
        subtotal: 0,
        discounts: [],
        discount_total: 0,
        total: 0,
        merge_notice: null,
        merged_into: null,
        is_mto: false,
        shipping_address: null,
        shipping: null,
        require_signature: false,
        signed: false,
        placed_for: null,
      })
    }
  })

  it('answers 401 for a bearer token with no live session, and 422 for a malformed cart token', async () => {
    const expired = await call('GET', '/order', { bearer: 'not-a-session' })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ message: 'Your session has expired. Sign in again.' })
    const malformed = await call('GET', '/order', { token: 'short' })
    expect(malformed.status).toBe(422)
    expect(await malformed.json()).toEqual({
      message: 'The cart token is malformed.',
      errors: { 'X-Cart-Token': ['The cart token must be 43 characters of [A-Za-z0-9_-].'] },
    })
  })
})

describe('POST /api/order/add', () => {
  it('prices a configured suit as the configurator does, children and upgrades included', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, configuredSuit(2)))
    expect(cart.items).toHaveLength(1)
    const [line] = cart.items
    expect(line).toMatchObject({
      sku: 'CORVID2-CUSTOM',
      product_slug: 'corvid-2',
      product_path: '/wingsuits/corvid-2',
      name: 'Corvid 2',
      variant_name: 'Corvid 2, made to measure',
      image: '/images/products/corvid-2.svg',
      qty: 2,
      unit_price: suitUnit,
      line_price: suitUnit * 2,
    })
    expect(line!.child).toEqual([
      {
        id: expect.any(String),
        sku: 'SUPERCUSTOM-WS',
        name: 'Super Custom design',
        qty: 2,
        unit_price: 35_000,
        line_price: 70_000,
        meta: configuredSuit().child[0]!.meta,
      },
    ])
    expect(line!.meta).not.toContainEqual({ key: 'total_price', value: '1' })
    expect(line!.summary).toEqual([
      'Made to measure',
      'Colours: Torso Fluoro yellow / Deep navy, Arm wings Silver, Tail wing Fluoro coral / Gold',
      'Options: Booties',
      'Accent: Neon piping',
      'Cloud Lite fabric: Cloud Lite 40: light, holds its shape longer',
      'Asymmetric design',
      'Super Custom design',
    ])
    expect(cart).toMatchObject({ item_count: 2, subtotal: suitUnit * 2, total: suitUnit * 2 })
    expect(await getCart(caller)).toEqual(cart)
  })

  it('sums an identical line (meta in any order) and appends a different one', async () => {
    const caller = { token: newCartToken() }
    await cartOf(await add(caller, configuredSuit(1)))
    const reordered = configuredSuit(2)
    reordered.meta.reverse()
    const summed = await cartOf(await add(caller, reordered))
    expect(summed.items.map((line) => [line.qty, line.child[0]?.qty])).toEqual([[3, 3]])
    const other = await cartOf(
      await add(caller, configuredSuit(1, [{ key: 'option.grippers', value: 'on' }])),
    )
    expect(other.items.map((line) => line.qty)).toEqual([3, 1])
    expect(other.items[1]!.unit_price).toBe(suitUnit + 4_500)
    expect(other.item_count).toBe(4)
  })

  it('refuses a sum over 99 on qty and keeps the line as it was', async () => {
    const caller = { token: newCartToken() }
    await cartOf(await add(caller, { ...bag, qty: 60 }))
    const res = await add(caller, { ...bag, qty: 40 })
    expect(res.status).toBe(422)
    expect((await res.json()).errors).toEqual({
      qty: ['Your cart already holds 60 of this; a line takes at most 99.'],
    })
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([60])
  })

  it('takes products without a configurator by product or variant sku', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, { ...bag, sku: 'MISSION-BAG' }))
    const both = await cartOf(await add(caller, bag))
    expect(cart.items[0]).toMatchObject({
      name: 'Mission bag',
      variant_name: null,
      unit_price: 22_000,
    })
    expect(both.items.map((line) => [line.sku, line.variant_name])).toEqual([
      ['MISSION-BAG', null],
      ['MISSION-BAG-BLACK', 'Mission bag, black'],
    ])
  })

  it('answers 422 with a message per field for input that does not fit', async () => {
    const caller = { token: newCartToken() }
    const cases: [AddToOrderRequest | Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...bag, sku: 'NO-SUCH-SKU' }, { sku: ['We do not sell “NO-SUCH-SKU”.'] }],
      [{ ...bag, sku: 'RETRO1' }, { sku: [expect.stringMatching(/is no longer sold\.$/)] }],
      [{ ...bag, qty: 0 }, { qty: [expect.any(String)] }],
      [{ ...bag, qty: 100 }, { qty: [expect.any(String)] }],
      [
        { ...bag, meta: [{ key: 'option.booties', value: 'on' }] },
        { meta: ['"option.booties" is not something Mission bag can be ordered with.'] },
      ],
      [
        configuredSuit(1, [{ key: 'color.body', value: 'n4D' }]),
        {
          meta: ['Torso: an asymmetric design colours each side ("color.body.l", "color.body.r").'],
        },
      ],
      [
        { ...configuredSuit(), meta: [{ key: 'color.body.l', value: 'n4D' }] },
        { meta: ['Torso: a side of its own ("color.body.l") needs the asymmetric design.'] },
      ],
      [
        { ...configuredSuit(), meta: [{ key: 'color.body', value: 'zzZ' }] },
        { meta: ['Torso: colour "zzZ" is not in the palette.'] },
      ],
      [
        { ...configuredSuit(), meta: [{ key: 'color.hood', value: 'n4D' }] },
        { meta: ['Corvid 2 has no region "hood" to colour.'] },
      ],
      [
        { ...configuredSuit(), meta: [{ key: 'option.jetpack', value: 'on' }] },
        { meta: ['Corvid 2 has no option "jetpack".'] },
      ],
      [
        { ...configuredSuit(), meta: [{ key: 'accent', value: 'gold' }] },
        { meta: ['Corvid 2 has no accent "gold".'] },
      ],
      [
        { ...configuredSuit(), child: [{ sku: 'SUPERCUSTOM-TS', qty: 1, meta: [] }] },
        { child: ['Line 1: "SUPERCUSTOM-TS" is not a design Corvid 2 can be ordered with.'] },
      ],
      [
        { ...configuredSuit(2), child: [{ ...configuredSuit().child[0]!, qty: 1 }] },
        { child: ['Line 1: a design goes with each item, so its qty must be 2.'] },
      ],
    ]
    for (const [body, errors] of cases) {
      const res = await call('POST', '/order/add', caller, { body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect((await res.json()).errors).toEqual(errors)
    }
    expect((await getCart(caller)).id).toBeNull()
  })

  it('holds at most 100 different lines in one cart', async () => {
    const caller = { token: newCartToken() }
    const [cart] = await database.db
      .insert(orders)
      .values({ cartTokenHash: hashToken(caller.token) })
      .returning()
    await database.db.insert(orderLines).values(
      Array.from({ length: 100 }, (_, i) => ({
        orderId: cart!.id,
        lineKey: `filler-${i}`,
        sku: 'MISSION-BAG-NAVY',
        productSlug: 'mission-bag',
        qty: 1,
        meta: [],
        unitAmount: 22_000,
      })),
    )
    const res = await add(caller, bag)
    expect(res.status).toBe(422)
    expect((await res.json()).errors).toEqual({
      sku: ['Your cart holds 100 different lines, the most it can take.'],
    })
  })

  it('needs an owner: 401 with neither a session nor a cart token', async () => {
    const res = await add({}, bag)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect((await res.json()).message).toMatch(/X-Cart-Token/)
  })

  it('works for a guest session as for any account', async () => {
    const guest = await newUser({ role: 'guest' })
    const cart = await cartOf(await add({ bearer: guest.bearer }, bag))
    expect(cart.items).toHaveLength(1)
    const [row] = await database.db.select().from(orders).where(eq(orders.id, cart.id!))
    expect(row).toMatchObject({ userId: guest.id, cartTokenHash: null })
  })

  it('keeps only the hash of the cart token', async () => {
    const token = newCartToken()
    const cart = await cartOf(await add({ token }, bag))
    const [row] = await database.db.select().from(orders).where(eq(orders.id, cart.id!))
    expect(row!.cartTokenHash).toBe(hashToken(token))
    const dump = JSON.stringify(
      await database.db.execute(sql`select * from orders where id = ${cart.id}`),
    )
    expect(dump).not.toContain(token)
  })
})

describe('when each line ships (availability)', () => {
  const weeksOf = async (family: string) => {
    const time = ProductionTime.parse(
      await (await app.request('/api/order/production-time')).json(),
    ).categories.find((category) => category.category === family)!
    return { min: time.weeks_min, max: time.weeks_max }
  }

  it('says in stock, or made to order in the weeks an order’s line is timed with', async () => {
    const caller = { token: newCartToken() }
    const wingsuits = await weeksOf('wingsuits')
    const bags = await weeksOf('bags')
    // A design with a super custom upgrade: content/products/wingsuits/corvid-2.json adds 2 weeks.
    const designed: AddToOrderRequest = {
      ...customSuit,
      child: [
        { sku: 'SUPERCUSTOM-WS', qty: 1, meta: [{ key: 'child_super_custom_check', value: 'on' }] },
      ],
    }
    const added = await cartOf(await add(caller, designed, newKey()))
    expect(added.items[0]!.availability).toEqual({
      in_stock: false,
      weeks_min: wingsuits.min + 2,
      weeks_max: wingsuits.max + 2,
    })
    await add(caller, bag, newKey())
    // The Uratul bag in green is sewn to order (content/products/bags/uratul-bag.json).
    await add(caller, { sku: 'URATUL-BAG-GREEN', qty: 1, meta: [], child: [] }, newKey())
    // Apparel has no production time published: made to order, weeks unsaid.
    await add(caller, { sku: 'LOGO-TEE-XL', qty: 1, meta: [], child: [] }, newKey())
    const cart = await getCart(caller)
    expect(Cart.parse(cart)).toEqual(cart)
    expect(cart.items.map((line) => [line.sku, line.availability])).toEqual([
      [
        'CORVID2-CUSTOM',
        { in_stock: false, weeks_min: wingsuits.min + 2, weeks_max: wingsuits.max + 2 },
      ],
      ['MISSION-BAG-BLACK', { in_stock: true, weeks_min: null, weeks_max: null }],
      ['URATUL-BAG-GREEN', { in_stock: false, weeks_min: bags.min, weeks_max: bags.max }],
      ['LOGO-TEE-XL', { in_stock: false, weeks_min: null, weeks_max: null }],
    ])
    // Every answer that is the cart says it: a quantity changed, the order read by its id.
    const changed = await cartOf(
      await call('POST', `/order/item/${cart.items[1]!.id}/update-qty`, caller, {
        body: { qty: 2 },
        key: newKey(),
      }),
    )
    expect(changed.items.map((line) => line.availability)).toEqual(
      cart.items.map((line) => line.availability),
    )
    const byId = await cartOf(await call('GET', `/order/${cart.id}`, caller))
    expect(byId.items.map((line) => line.availability)).toEqual(
      cart.items.map((line) => line.availability),
    )
  })

  it('is documented in the cart’s OpenAPI schema', async () => {
    const document = await (await app.request('/api/openapi.json')).json()
    const line = document.components.schemas.Cart.properties.items.items
    expect(line.properties.availability.description).toMatch(/^When the line ships/)
    expect(document.components.schemas.Cart.example.items[0].availability).toEqual({
      in_stock: false,
      weeks_min: 10,
      weeks_max: 12,
    })
  })
})

describe('answers rendered from the rows a change wrote', () => {
  it('are exactly what a read of the cart gives after it', async () => {
    const caller = { token: newCartToken() }
    const read = async () => (await call('GET', '/order', caller)).text()
    const steps: (() => Response | Promise<Response>)[] = [
      () => add(caller, configuredSuit()),
      () => add(caller, bag),
      () => add(caller, configuredSuit(2)),
      () => add(caller, { ...bag, qty: 3 }),
    ]
    for (const step of steps) expect(await (await step()).text()).toBe(await read())
    const cart = await getCart(caller)
    const discounted = await call('POST', `/order/${cart.id}/add-discount`, caller, {
      body: { discount_codes: 'SPRING' },
    })
    expect(await discounted.text()).toBe(await read())
    for (const [line, qty] of [
      [cart.items[0]!, 5],
      [cart.items[1]!, 0],
    ] as const) {
      const res = await call('POST', `/order/item/${line.id}/update-qty`, caller, {
        body: { qty },
      })
      expect(await res.text()).toBe(await read())
    }
  })
})

describe('ownership', () => {
  it('answers another owner’s order and lines with 404, user or token alike', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const tess = { token: newCartToken() }
    const tom = { token: newCartToken() }
    const aliceCart = await cartOf(await add({ bearer: alice.bearer }, bag))
    const tessCart = await cartOf(await add(tess, bag))
    await cartOf(await add({ bearer: bob.bearer }, bag))
    await cartOf(await add(tom, bag))

    expect(
      (await cartOf(await call('GET', `/order/${aliceCart.id}`, { bearer: alice.bearer }))).id,
    ).toBe(aliceCart.id)
    expect((await cartOf(await call('GET', `/order/${tessCart.id}`, tess))).id).toBe(tessCart.id)
    const pairs: [Caller, Cart][] = [
      [{ bearer: bob.bearer }, aliceCart],
      [tom, tessCart],
      [{ bearer: bob.bearer }, tessCart],
      [tom, aliceCart],
      [{}, aliceCart],
    ]
    for (const [caller, cart] of pairs) {
      const read = await call('GET', `/order/${cart.id}`, caller)
      expect(read.status).toBe(404)
      if (!caller.bearer && !caller.token) continue
      const lineId = cart.items[0]!.id
      const update = await call('POST', `/order/item/${lineId}/update-qty`, caller, {
        body: { qty: 5 },
      })
      expect(update.status).toBe(404)
      const discount = await call('POST', `/order/${cart.id}/add-discount`, caller, {
        body: { discount_codes: 'SPRING' },
      })
      expect(discount.status).toBe(404)
    }
    expect((await getCart({ bearer: alice.bearer })).items[0]!.qty).toBe(1)
    expect((await getCart(tess)).items[0]!.qty).toBe(1)
    expect((await call('GET', '/order/not-a-uuid', tess)).status).toBe(404)
  })
})

describe('a guest session on an account’s e-mail (security finding: High)', () => {
  const guestLogin = async (email: string, token?: string) => {
    const res = await call('POST', '/login-guest', token ? { token } : {}, {
      body: { email, remember: false },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { token: string }).token
  }

  it('never reads, changes or merges into the customer’s cart', async () => {
    const customer = await newUser()
    const customerKey = newKey()
    const cart = await cartOf(await add({ bearer: customer.bearer }, configuredSuit(), customerKey))
    const line = cart.items[0]!
    await database.db
      .update(orders)
      .set({ mergeNotice: { lines_added: 1, lines_summed: 0 } })
      .where(eq(orders.id, cart.id!))
    const before = await (await call('GET', '/order', { bearer: customer.bearer })).text()

    // A device with a cart of its own signs in as a guest with the customer's address.
    const deviceToken = newCartToken()
    await cartOf(await add({ token: deviceToken }, bag))
    const bearer = await guestLogin(`  ${customer.email.toUpperCase()} `, deviceToken)
    for (const guest of [{ bearer }, { bearer, token: deviceToken }]) {
      const own = await getCart(guest)
      expect(own.id).not.toBe(cart.id)
      expect(own.items.map((item) => item.id)).not.toContain(line.id)
      expect((await call('GET', `/order/${cart.id}`, guest)).status).toBe(404)
      const update = await call('POST', `/order/item/${line.id}/update-qty`, guest, {
        body: { qty: 0 },
      })
      expect(update.status).toBe(404)
      expect(await update.json()).toEqual({ message: 'This line is no longer in your cart.' })
      const byKey = await call('POST', `/order/item/${customerKey}/update-qty`, guest, {
        body: { qty: 0 },
      })
      expect(byKey.status).toBe(404)
      const discount = await call('POST', `/order/${cart.id}/add-discount`, guest, {
        body: { discount_codes: 'SPRING' },
      })
      expect(discount.status).toBe(404)
      const replay = await add(guest, configuredSuit(), customerKey)
      expect(replay.status).toBe(200)
      expect((await cartOf(replay)).id).not.toBe(cart.id)
      expect((await call('POST', '/order/set-merged-notified', guest)).status).toBe(200)
    }
    // What the guest session added went to the device's cart, or to the session's own.
    expect((await getCart({ token: deviceToken })).items.map((item) => item.sku)).toEqual([
      'MISSION-BAG-BLACK',
      'CORVID2-CUSTOM',
    ])
    expect((await getCart({ bearer })).items.map((item) => item.sku)).toEqual(['CORVID2-CUSTOM'])
    // The customer's cart is exactly as it was: no line added, removed or merged in.
    expect(await (await call('GET', '/order', { bearer: customer.bearer })).text()).toBe(before)
  })

  it('treats a guest account with a password like a customer’s', async () => {
    const account = await newUser({ role: 'guest' })
    await database.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, account.id))
    const cart = await cartOf(await add({ bearer: account.bearer }, bag))
    const bearer = await guestLogin(account.email)
    expect((await getCart({ bearer })).id).toBeNull()
    expect((await call('GET', `/order/${cart.id}`, { bearer })).status).toBe(404)
  })

  it('never shares a guest account’s cart (no password, role guest) among its guest sessions', async () => {
    const email = `guest-${randomUUID()}@example.com`
    const first = await guestLogin(email)
    const cart = await cartOf(await add({ bearer: first }, bag))
    const second = await guestLogin(email)
    expect((await getCart({ bearer: second })).id).not.toBe(cart.id)
    expect((await getCart({ bearer: second })).items).toEqual([])
  })
})

describe('POST /api/order/item/{id}/update-qty', () => {
  it('changes the quantity of a line and its children; 0 removes them', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, configuredSuit()))
    await cartOf(await add(caller, bag))
    const suit = cart.items[0]!
    const changed = await cartOf(
      await call('POST', `/order/item/${suit.id}/update-qty`, caller, { body: { qty: 3 } }),
    )
    expect(changed.items[0]).toMatchObject({ qty: 3, line_price: suitUnit * 3 })
    expect(changed.items[0]!.child[0]!.qty).toBe(3)
    const removed = await cartOf(
      await call('POST', `/order/item/${suit.id}/update-qty`, caller, { body: { qty: 0 } }),
    )
    expect(removed.items.map((line) => line.sku)).toEqual(['MISSION-BAG-BLACK'])
    const left = await database.db.select().from(orderLines).where(eq(orderLines.orderId, cart.id!))
    expect(left.map((line) => line.sku)).toEqual(['MISSION-BAG-BLACK'])
    const gone = await call('POST', `/order/item/${suit.id}/update-qty`, caller, {
      body: { qty: 1 },
    })
    expect(gone.status).toBe(404)
  })

  it('finds a line by the Idempotency-Key of the add that made it', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    await cartOf(await add(caller, bag, key))
    const changed = await cartOf(
      await call('POST', `/order/item/${key}/update-qty`, caller, { body: { qty: 4 } }),
    )
    expect(changed.items.map((line) => line.qty)).toEqual([4])
    const stranger = await call(
      'POST',
      `/order/item/${key}/update-qty`,
      { token: newCartToken() },
      {
        body: { qty: 1 },
      },
    )
    expect(stranger.status).toBe(404)
  })

  it('takes the add’s key first, a UUID as the app makes it, and the line an add summed into', async () => {
    const caller = { token: newCartToken() }
    const madeKey = randomUUID()
    const summedKey = randomUUID()
    await cartOf(await add(caller, bag, madeKey))
    const summed = await cartOf(await add(caller, bag, summedKey))
    expect(summed.items.map((line) => line.qty)).toEqual([2])
    const update = (id: string, qty: number) =>
      call('POST', `/order/item/${id}/update-qty`, caller, { body: { qty }, key: randomUUID() })
    expect((await cartOf(await update(summedKey, 5))).items.map((line) => line.qty)).toEqual([5])
    expect((await cartOf(await update(madeKey, 3))).items.map((line) => line.qty)).toEqual([3])
    // The line's own id still works.
    expect((await cartOf(await update(summed.items[0]!.id, 4))).items[0]!.qty).toBe(4)
  })

  it('says in the customer’s words that a line is gone', async () => {
    const caller = { token: newCartToken() }
    const key = randomUUID()
    const cart = await cartOf(await add(caller, bag, key))
    await cartOf(await call('POST', `/order/item/${key}/update-qty`, caller, { body: { qty: 0 } }))
    for (const id of [key, cart.items[0]!.id, randomUUID()]) {
      const gone = await call('POST', `/order/item/${id}/update-qty`, caller, { body: { qty: 2 } })
      expect(gone.status).toBe(404)
      expect(await gone.json()).toEqual({ message: 'This line is no longer in your cart.' })
    }
  })

  it('answers 422 on qty outside 0–99', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, bag))
    for (const qty of [-1, 100, 1.5, '2']) {
      const res = await call('POST', `/order/item/${cart.items[0]!.id}/update-qty`, caller, {
        body: { qty },
      })
      expect(res.status).toBe(422)
      expect(Object.keys((await res.json()).errors)).toEqual(['qty'])
    }
  })
})

describe('POST /api/order/{id}/add-discount', () => {
  async function cartWith(...lines: AddToOrderRequest[]) {
    const caller = { token: newCartToken() }
    let cart: Cart | undefined
    for (const line of lines) cart = await cartOf(await add(caller, line))
    return { caller, cart: cart! }
  }
  const discount = (caller: Caller, cart: Cart, codes: string | string[], key?: string) =>
    call('POST', `/order/${cart.id}/add-discount`, caller, { body: { discount_codes: codes }, key })

  async function insertCode(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
    await database.db.insert(discountCodes).values({
      description: `Code ${values.code}`,
      kind: 'percent',
      value: 5,
      ...values,
    })
  }

  it('takes SPRING (any case) off wingsuits only, and not off their upgrades', async () => {
    const { caller, cart } = await cartWith(configuredSuit(2), bag)
    const discounted = await cartOf(await discount(caller, cart, 'spring'))
    const off = Math.round(((suitUnit - suitUpgrades) * 2 * 10) / 100)
    expect(discounted.discounts).toEqual([
      { code: 'SPRING', description: 'Spring wingsuit sale: 10 % off wingsuits', amount: off },
    ])
    expect(discounted).toMatchObject({
      subtotal: suitUnit * 2 + 22_000,
      discount_total: off,
      total: suitUnit * 2 + 22_000 - off,
    })
    // Applying it again changes nothing.
    expect(await cartOf(await discount(caller, cart, ['SPRING']))).toEqual(discounted)
  })

  it('answers 422 on discount_codes for unknown, expired, used up and inapplicable codes', async () => {
    await insertCode({ code: 'OLD', expiresAt: new Date('2024-01-31T00:00:00Z') })
    await insertCode({ code: 'GONE', usageLimit: 3, usedCount: 3 })
    await insertCode({ code: 'BAGS', productFamilies: ['bags'], kind: 'fixed', value: 5_000 })
    const { caller, cart } = await cartWith(configuredSuit())
    // One message for unknown, expired and used-up codes: the answers do not tell which codes
    // exist. A live code for other items says what it is for, as the page announcing it does.
    const cases: [string | string[], string[]][] = [
      ['NOPE', ['“NOPE” is not a discount code this cart can use.']],
      ['old', ['“OLD” is not a discount code this cart can use.']],
      ['GONE', ['“GONE” is not a discount code this cart can use.']],
      ['BAGS', ['“BAGS” is for bags only: nothing in this cart qualifies.']],
      ['  ', ['Enter a discount code.']],
      [['SPRING', 'NOPE'], ['“NOPE” is not a discount code this cart can use.']],
      ['A\u0000B', ['“A\u0000B” is not a discount code this cart can use.']],
      ['X'.repeat(65), [`“${'X'.repeat(65)}” is not a discount code this cart can use.`]],
    ]
    for (const [codes, messages] of cases) {
      const res = await discount(caller, cart, codes)
      expect(res.status, String(codes)).toBe(422)
      expect((await res.json()).errors).toEqual({ discount_codes: messages })
    }
    expect((await getCart(caller)).discounts).toEqual([])
    const { caller: bagCaller, cart: bagCart } = await cartWith(configuredSuit())
    const spring = await cartWith(bag)
    const springRes = await discount(spring.caller, spring.cart, 'SPRING')
    expect((await springRes.json()).errors).toEqual({
      discount_codes: ['“SPRING” is for wingsuits only: nothing in this cart qualifies.'],
    })
    expect((await discount(bagCaller, bagCart, 'SPRING')).status).toBe(200)
  })

  it('takes a fixed amount off the lines it applies to, and combines codes that allow it', async () => {
    await insertCode({ code: 'BAGTEN', productSlugs: ['mission-bag'], kind: 'fixed', value: 1_000 })
    await insertCode({ code: 'ALLFIVE', kind: 'percent', value: 5 })
    const { caller, cart } = await cartWith(configuredSuit(), { ...bag, qty: 2 })
    const both = await cartOf(await discount(caller, cart, ['bagten', 'ALLFIVE']))
    const fivePercent = Math.round(((suitUnit + 44_000) * 5) / 100)
    expect(both.discounts.map((d) => [d.code, d.amount])).toEqual(
      [
        ['ALLFIVE', fivePercent],
        ['BAGTEN', 1_000],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    )
    expect(both.total).toBe(suitUnit + 44_000 - fivePercent - 1_000)
    const spring = await discount(caller, cart, 'SPRING')
    expect(spring.status).toBe(422)
    expect((await spring.json()).errors).toEqual({
      discount_codes: ['“SPRING” cannot be combined with other codes.'],
    })
  })
})

describe('add-discount limits', () => {
  it('takes at most 10 codes: 422 on discount_codes beyond', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, configuredSuit()))
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `CODE${i}`)
    for (const n of [11, 5001]) {
      const res = await call('POST', `/order/${cart.id}/add-discount`, caller, {
        body: { discount_codes: codes(n) },
      })
      expect(res.status).toBe(422)
      expect((await res.json()).errors).toEqual({
        discount_codes: ['Enter at most 10 discount codes at once.'],
      })
    }
    const ten = await call('POST', `/order/${cart.id}/add-discount`, caller, {
      body: { discount_codes: [...codes(9), 'spring'] },
    })
    expect(ten.status).toBe(422)
    expect((await ten.json()).errors.discount_codes).toHaveLength(9)
  })

  it('counts each code tried, per cart from any address and per client address whatever the cart', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, configuredSuit()))
    const address = `test-${randomUUID()}`
    const codes = (n: number) => Array.from({ length: n }, () => `GUESS${randomUUID().slice(0, 8)}`)
    const tryCodes = (who: Caller, orderId: string, list: string[], from = address) =>
      call('POST', `/order/${orderId}/add-discount`, who, {
        body: { discount_codes: list },
        address: from,
      })
    // Ten codes in one call are ten attempts: the cart's 10 are spent at once.
    expect((await tryCodes(caller, cart.id!, codes(10))).status).toBe(422)
    const throttled = await tryCodes(caller, cart.id!, codes(1))
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await throttled.json()).message).toMatch(/^Too many attempts\. Please try again in/)
    // Even a code that applies waits, from another address too, and the cart is as it was.
    const elsewhere = `test-${randomUUID()}`
    expect((await tryCodes(caller, cart.id!, ['SPRING'], elsewhere)).status).toBe(429)
    expect((await getCart(caller)).discounts).toEqual([])
    // A fresh cart token at the same address starts no fresh count: the address has tried 11
    // codes of its 30, so ten more go, and ten after them do not.
    const fresh = async () => {
      const who = { token: newCartToken() }
      return { who, id: (await cartOf(await add(who, bag))).id! }
    }
    const second = await fresh()
    expect((await tryCodes(second.who, second.id, codes(10))).status).toBe(422)
    const third = await fresh()
    expect((await tryCodes(third.who, third.id, codes(10))).status).toBe(429)
    // Another cart at another address is not held back by this address's guesses.
    const fourth = await fresh()
    expect((await tryCodes(fourth.who, fourth.id, codes(1), `test-${randomUUID()}`)).status).toBe(
      422,
    )
  })
})

describe('anonymous writes', () => {
  it('limits adds without a session per client address, with 429 and Retry-After', async () => {
    const address = `test-${randomUUID()}`
    const caller = { token: newCartToken() }
    const statuses: number[] = []
    for (let i = 0; i < addressLimits.anonymousAdds.attempts; i++) {
      const res = await call('POST', '/order/add', caller, { body: bag, key: newKey(), address })
      statuses.push(res.status)
    }
    // A line holds 99: the adds after that are refused, and counted all the same.
    expect(statuses.filter((status) => status === 429)).toEqual([])
    const refused = await call('POST', '/order/add', caller, { body: bag, key: newKey(), address })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(
      addressLimits.anonymousAdds.windowSeconds,
    )
    expect((await refused.json()).message).toMatch(/^Too many attempts\. Please try again in/)
    // A fresh cart token at that address is held back too; another address is not.
    const fresh = { token: newCartToken() }
    expect((await call('POST', '/order/add', fresh, { body: bag, address })).status).toBe(429)
    expect((await add(fresh, bag)).status).toBe(200)
  }, 60_000)

  it('limits new anonymous carts per client address', async () => {
    const address = `2001:db8:99:1::1`
    for (let i = 0; i < addressLimits.newCarts.attempts; i++) {
      // Each from another address of the same /64.
      const from = `2001:db8:99:1::${(i + 2).toString(16)}`
      const res = await call(
        'POST',
        '/order/add',
        { token: newCartToken() },
        { body: bag, address: from },
      )
      expect(res.status).toBe(200)
    }
    const refused = await call(
      'POST',
      '/order/add',
      { token: newCartToken() },
      { body: bag, address },
    )
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  }, 60_000)

  it('prunes an idle anonymous cart and its stored answers, but never an order', async () => {
    const idle = { token: newCartToken() }
    const submitted = { token: newCartToken() }
    const recent = { token: newCartToken() }
    const keys = { idle: newKey(), submitted: newKey(), recent: newKey() }
    const idleCart = await cartOf(await add(idle, bag, keys.idle))
    const submittedCart = await cartOf(await add(submitted, bag, keys.submitted))
    const recentCart = await cartOf(await add(recent, bag, keys.recent))
    const longAgo = new Date(Date.now() - idleCartRetentionMs - 3_600_000)
    await database.db
      .update(orders)
      .set({ status: 'submitted', submittedAt: longAgo })
      .where(eq(orders.id, submittedCart.id!))
    await database.db
      .update(orders)
      .set({ updatedAt: longAgo })
      .where(inArray(orders.id, [idleCart.id!, submittedCart.id!]))
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: longAgo })
      .where(inArray(idempotencyKeys.key, [keys.idle, keys.submitted]))

    expect(await pruneIdleCarts(database.db)).toBe(1)
    const left = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, [idleCart.id!, submittedCart.id!, recentCart.id!]))
    expect(left.map((row) => row.id).sort()).toEqual([submittedCart.id!, recentCart.id!].sort())
    const keysLeft = await database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, Object.values(keys)))
    expect(keysLeft.map((row) => row.key).sort()).toEqual([keys.submitted, keys.recent].sort())
    // The idle device finds an empty cart; its old key is a new change now.
    expect((await getCart(idle)).id).toBeNull()
    expect((await getCart(recent)).items).toHaveLength(1)
  })
})

describe('idempotency', () => {
  it('gives a repeated add the first answer, with one line', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    const first = await add(caller, configuredSuit(), key)
    const firstBody = await first.json()
    await cartOf(await add(caller, bag))
    const again = await add(caller, configuredSuit(), key)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(firstBody)
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([1, 1])
  })

  it('replays a refusal too', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    const body = { ...bag, sku: 'NO-SUCH-SKU' }
    const first = await add(caller, body, key)
    expect(first.status).toBe(422)
    const again = await add(caller, body, key)
    expect(again.status).toBe(422)
    expect(await again.json()).toEqual(await first.json())
  })

  it('refuses the same key with another body on Idempotency-Key', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    await cartOf(await add(caller, bag, key))
    for (const [path, body] of [
      ['/order/add', { ...bag, qty: 2 }],
      ['/order/set-merged-notified', undefined],
    ] as const) {
      const res = await call('POST', path, caller, { body, key })
      expect(res.status).toBe(422)
      expect((await res.json()).errors).toEqual({
        'Idempotency-Key': [
          'This Idempotency-Key was already used for another request. Make a new key for each change.',
        ],
      })
    }
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([1])
  })

  it('refuses a malformed key', async () => {
    const res = await add({ token: newCartToken() }, bag, 'bad key!')
    expect(res.status).toBe(422)
    expect(Object.keys((await res.json()).errors)).toEqual(['Idempotency-Key'])
  })

  it('does not double concurrent duplicates', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => add(caller, configuredSuit(), key)),
    )
    const bodies = await Promise.all(answers.map((res) => res.json()))
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200))
    for (const body of bodies) expect(body).toEqual(bodies[0])
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([1])
  })

  it('is the same for update-qty and add-discount', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await add(caller, configuredSuit()))
    const key = newKey()
    const path = `/order/item/${cart.items[0]!.id}/update-qty`
    const first = await cartOf(await call('POST', path, caller, { body: { qty: 0 }, key }))
    expect(first.items).toEqual([])
    await cartOf(await add(caller, configuredSuit()))
    // The line was removed and a new one made; the repeat still answers as the first did.
    expect(await cartOf(await call('POST', path, caller, { body: { qty: 0 }, key }))).toEqual(first)
    expect((await getCart(caller)).items).toHaveLength(1)
  })

  it('replays byte for byte: the first answer’s exact JSON text and status', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    const first = await add(caller, configuredSuit(), key)
    const firstText = await first.text()
    await cartOf(await add(caller, bag))
    const again = await add(caller, configuredSuit(), key)
    expect(again.status).toBe(first.status)
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(await again.text()).toBe(firstText)
  })

  it('answers two sends of one key at once identically, with one line', async () => {
    const caller = { token: newCartToken() }
    const key = newKey()
    const [a, b] = await Promise.all([add(caller, bag, key), add(caller, bag, key)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(await a.text()).toBe(await b.text())
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([1])
  })

  it('applies a key once when it is sent at once with and without the session (sign-in in another tab)', async () => {
    const user = await newUser()
    await cartOf(await add({ bearer: user.bearer }, configuredSuit()))
    const token = newCartToken()
    const key = newKey()
    const [a, b] = await Promise.all([
      add({ token }, bag, key),
      add({ bearer: user.bearer, token }, bag, key),
    ])
    // Whichever comes first is applied; the other waits for it. The signed-in one then gets the
    // first answer. The token alone gets it too when it came first (its own change), and a 422
    // when the account's change came first: an account's change is never replayed to the token
    // alone (below). Either way the bag is in the cart once.
    expect(b.status).toBe(200)
    if (a.status === 200) expect(await a.text()).toBe(await b.text())
    else {
      expect(a.status).toBe(422)
      expect(Object.keys((await a.json()).errors)).toEqual(['Idempotency-Key'])
    }
    const cart = await getCart({ bearer: user.bearer, token })
    expect(cart.items.map((line) => [line.sku, line.qty])).toEqual([
      ['CORVID2-CUSTOM', 1],
      ['MISSION-BAG-BLACK', 1],
    ])
  })

  it('never replays an account’s change to the device’s token alone (after sign-out)', async () => {
    const user = await newUser()
    const token = newCartToken()
    const key = newKey()
    const firstText = await (await add({ bearer: user.bearer, token }, bag, key)).text()
    expect(await (await add({ bearer: user.bearer }, bag, key)).text()).toBe(firstText)
    const signedOut = await add({ token }, bag, key)
    expect(signedOut.status).toBe(422)
    const body = await signedOut.text()
    expect(body).not.toContain(user.id)
    expect(Object.keys(JSON.parse(body).errors)).toEqual(['Idempotency-Key'])
    expect((await getCart({ token })).items).toEqual([])
    expect((await getCart({ bearer: user.bearer })).items.map((line) => line.qty)).toEqual([1])
  })

  it('never replays one account’s change to another signed in on the same device', async () => {
    const [first, second] = [await newUser(), await newUser()]
    const token = newCartToken()
    const key = newKey()
    await cartOf(await add({ bearer: first.bearer, token }, bag, key))
    for (let i = 0; i < 2; i++) {
      const other = await add({ bearer: second.bearer, token }, bag, key)
      expect(other.status).toBe(422)
      expect(await other.text()).not.toContain(first.id)
    }
    expect((await getCart({ bearer: second.bearer })).items).toEqual([])
  })

  it('does not replay another owner’s key to them: the key is theirs to use', async () => {
    const first = { token: newCartToken() }
    const other = { token: newCartToken() }
    const key = newKey()
    const firstText = await (await add(first, bag, key)).text()
    const otherAnswer = await add(other, configuredSuit(), key)
    expect(otherAnswer.status).toBe(200)
    const otherText = await otherAnswer.text()
    expect(otherText).not.toBe(firstText)
    expect(Cart.parse(JSON.parse(otherText)).items.map((line) => line.sku)).toEqual([
      'CORVID2-CUSTOM',
    ])
    // Each owner's repeat is its own first answer; neither cart got the other's line.
    expect(await (await add(other, configuredSuit(), key)).text()).toBe(otherText)
    expect(await (await add(first, bag, key)).text()).toBe(firstText)
    expect((await getCart(first)).items.map((line) => line.sku)).toEqual(['MISSION-BAG-BLACK'])
    const account = await newUser()
    expect((await add({ bearer: account.bearer }, bag, key)).status).toBe(200)
    expect((await getCart(first)).items.map((line) => line.qty)).toEqual([1])
  })

  it('replays a guest’s change after its cart was merged into an account at sign-in', async () => {
    const user = await newUser()
    await cartOf(await add({ bearer: user.bearer }, configuredSuit()))
    const token = newCartToken()
    const key = newKey()
    // The answer to this add was lost; the device signs in and sends it again.
    const firstText = await (await add({ token }, bag, key)).text()
    const merged = await getCart({ bearer: user.bearer, token })
    expect(merged.items.map((line) => line.sku)).toEqual(['CORVID2-CUSTOM', 'MISSION-BAG-BLACK'])
    for (const caller of [{ bearer: user.bearer, token }, { bearer: user.bearer }]) {
      const again = await add(caller, bag, key)
      expect(again.status).toBe(200)
      expect(await again.text()).toBe(firstText)
    }
    const cart = await getCart({ bearer: user.bearer })
    expect(cart.items.map((line) => [line.sku, line.qty])).toEqual([
      ['CORVID2-CUSTOM', 1],
      ['MISSION-BAG-BLACK', 1],
    ])
    // And an edit sent with the add's key reaches the line where the merge put it.
    const edited = await call(
      'POST',
      `/order/item/${key}/update-qty`,
      { bearer: user.bearer },
      {
        body: { qty: 3 },
        key: newKey(),
      },
    )
    expect((await cartOf(edited)).items.map((line) => line.qty)).toEqual([1, 3])
  })

  it(`keeps keys ${idempotencyKeyRetentionMs / 86_400_000} days, longer than the app's queue keeps a change`, async () => {
    // The queue of earlier releases kept a change 60 days (sw/cart-sync.ts, which server code
    // may not import); the outbox resends one at its next chance.
    expect(idempotencyKeyRetentionMs).toBeGreaterThan(60 * 24 * 3600 * 1000)
    const caller = { token: newCartToken() }
    const inside = newKey()
    const outside = newKey()
    const insideText = await (await add(caller, bag, inside)).text()
    await cartOf(await add(caller, configuredSuit(), outside))
    const now = Date.now()
    const age = (key: string, ms: number) =>
      database.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(now - ms) })
        .where(eq(idempotencyKeys.key, key))
    await age(inside, idempotencyKeyRetentionMs - 60_000)
    await age(outside, idempotencyKeyRetentionMs + 60_000)
    expect(await pruneIdempotencyKeys(database.db, new Date(now))).toBeGreaterThanOrEqual(1)
    const kept = await database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in (${inside}, ${outside})`)
    expect(kept).toEqual([{ key: inside }])
    // Just inside: replayed, not applied again.
    const again = await add(caller, bag, inside)
    expect(await again.text()).toBe(insideText)
    expect((await getCart(caller)).items.map((line) => line.qty)).toEqual([1, 1])
  })
})

describe('a change made signed in (X-Cart-Account)', () => {
  const madeIn = (email: string) => ({ 'x-cart-account': encodeURIComponent(email.toUpperCase()) })
  const addMadeIn = (caller: Caller, email: string, key = newKey()) =>
    call('POST', '/order/add', caller, { body: bag, key, headers: madeIn(email) })

  it('lands in that account with its session (any case), and in no cart without one (401)', async () => {
    const user = await newUser()
    const token = newCartToken()
    const key = newKey()
    const alone = await addMadeIn({ token }, user.email, key)
    expect(alone.status).toBe(401)
    expect(alone.headers.get('www-authenticate')).toBe('Bearer')
    expect((await getCart({ token })).items).toEqual([])
    const signedIn = await cartOf(await addMadeIn({ bearer: user.bearer, token }, user.email, key))
    expect(signedIn.items.map((line) => [line.sku, line.qty])).toEqual([['MISSION-BAG-BLACK', 1]])
    expect((await getCart({ token })).items).toEqual([])
  })

  it('is refused with 409 under another account’s session, and changes no cart', async () => {
    const [maker, other] = [await newUser(), await newUser()]
    const token = newCartToken()
    const res = await addMadeIn({ bearer: other.bearer, token }, maker.email)
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body.message).toBe(
      'This change was made signed in to another account, so it was not added to this one.',
    )
    expect(JSON.stringify(body)).not.toContain(maker.email)
    for (const caller of [{ bearer: other.bearer }, { bearer: maker.bearer }, { token }])
      expect((await getCart(caller)).items).toEqual([])
    const edit = await call(
      'POST',
      '/order/item/some-line-id/update-qty',
      { bearer: other.bearer },
      {
        body: { qty: 2 },
        key: newKey(),
        headers: madeIn(maker.email),
      },
    )
    expect(edit.status).toBe(409)
  })

  it('answers 422 under the header for a value that is not percent-encoding', async () => {
    const user = await newUser()
    const res = await call(
      'POST',
      '/order/add',
      { bearer: user.bearer },
      {
        body: bag,
        key: newKey(),
        headers: { 'x-cart-account': '%E0%A4%A' },
      },
    )
    expect(res.status).toBe(422)
    expect(Object.keys((await res.json()).errors)).toEqual(['X-Cart-Account'])
  })
})

describe('cart merge at sign-in', () => {
  async function userWithPassword() {
    const user = await newUser()
    const { hash } = await import('@node-rs/argon2')
    await database.db
      .update(users)
      .set({ passwordHash: await hash(demoPassword) })
      .where(eq(users.id, user.id))
    return user
  }
  const login = (email: string, token: string) =>
    call('POST', '/login', { token }, { body: { email, password: demoPassword, remember: false } })

  it('sums identical lines, appends others, notes it once and merges only once', async () => {
    const user = await userWithPassword()
    await cartOf(await add({ bearer: user.bearer }, configuredSuit(2)))
    const token = newCartToken()
    const guestKey = newKey()
    const guestCart = await cartOf(await add({ token }, configuredSuit(1), guestKey))
    await cartOf(await add({ token }, bag))

    expect((await login(user.email, token)).status).toBe(200)
    const merged = await getCart({ bearer: user.bearer })
    expect(merged.items.map((line) => [line.sku, line.qty])).toEqual([
      ['CORVID2-CUSTOM', 3],
      ['MISSION-BAG-BLACK', 1],
    ])
    expect(merged.items[0]!.child[0]!.qty).toBe(3)
    expect(merged.merge_notice).toEqual({ lines_added: 1, lines_summed: 1 })

    // The guest cart is marked merged; the token now starts a new, empty cart.
    const [guestRow] = await database.db.select().from(orders).where(eq(orders.id, guestCart.id!))
    expect(guestRow).toMatchObject({ status: 'merged', mergedInto: merged.id })
    expect((await getCart({ token })).id).toBeNull()

    // Twice is once.
    expect((await login(user.email, token)).status).toBe(200)
    expect(await getCart({ bearer: user.bearer })).toEqual(merged)

    // A guest add replayed after sign-in is recognised, and its key still names the guest's
    // share of the summed line: the account's 2 stay, the guest's 1 becomes 5.
    const replay = await add({ bearer: user.bearer, token }, configuredSuit(1), guestKey)
    expect(replay.status).toBe(200)
    expect((await getCart({ bearer: user.bearer })).items[0]!.qty).toBe(3)
    const viaKey = await cartOf(
      await call(
        'POST',
        `/order/item/${guestKey}/update-qty`,
        { bearer: user.bearer },
        {
          body: { qty: 5 },
        },
      ),
    )
    expect(viaKey.items[0]!.qty).toBe(7)

    // A code sent for the guest cart's id (queued before sign-in) reaches the merged cart.
    const discounted = await cartOf(
      await call(
        'POST',
        `/order/${guestCart.id}/add-discount`,
        { bearer: user.bearer, token },
        {
          body: { discount_codes: 'SPRING' },
        },
      ),
    )
    expect(discounted.id).toBe(merged.id)
    expect(discounted.discounts.map((d) => d.code)).toEqual(['SPRING'])

    const cleared = await cartOf(
      await call('POST', '/order/set-merged-notified', { bearer: user.bearer }),
    )
    expect(cleared.merge_notice).toBeNull()
    expect((await getCart({ bearer: user.bearer })).merge_notice).toBeNull()
  })

  it('applies an edit the device made before the merge to its share of the summed line', async () => {
    const user = await userWithPassword()
    await cartOf(await add({ bearer: user.bearer }, bag))
    const token = newCartToken()
    const key = newKey()
    const guest = await cartOf(await add({ token }, bag, key))
    const guestLine = guest.items[0]!.id
    expect((await login(user.email, token)).status).toBe(200)
    expect((await getCart({ bearer: user.bearer })).items.map((line) => line.qty)).toEqual([2])
    // "One more" on the guest's line, made before the sign-in and sent after it: 1 + 2.
    const edit = (id: string, qty: number) =>
      call(
        'POST',
        `/order/item/${id}/update-qty`,
        { bearer: user.bearer, token },
        {
          body: { qty },
          key: newKey(),
        },
      )
    expect((await cartOf(await edit(key, 2))).items.map((line) => line.qty)).toEqual([3])
    // Removing the guest's line leaves the account's own bag.
    expect((await cartOf(await edit(guestLine, 0))).items.map((line) => line.qty)).toEqual([1])
    // The account's own line, by its own id, is set as sent.
    const accountLine = (await getCart({ bearer: user.bearer })).items[0]!.id
    expect((await cartOf(await edit(accountLine, 5))).items.map((line) => line.qty)).toEqual([5])
    // Another account never reaches it through the guest line's id.
    const other = await newUser()
    const stranger = await call('POST', `/order/item/${guestLine}/update-qty`, other, {
      body: { qty: 1 },
      key: newKey(),
    })
    expect(stranger.status).toBe(404)
  })

  it('adopts the lines without a notice when the account’s cart was empty', async () => {
    const user = await userWithPassword()
    const token = newCartToken()
    await cartOf(await add({ token }, bag))
    expect((await login(user.email, token)).status).toBe(200)
    const cart = await getCart({ bearer: user.bearer })
    expect(cart.items.map((line) => line.sku)).toEqual(['MISSION-BAG-BLACK'])
    expect(cart.merge_notice).toBeNull()
  })

  it('caps a summed line at 99', async () => {
    const user = await userWithPassword()
    await cartOf(await add({ bearer: user.bearer }, { ...bag, qty: 90 }))
    const token = newCartToken()
    await cartOf(await add({ token }, { ...bag, qty: 20 }))
    expect((await login(user.email, token)).status).toBe(200)
    expect((await getCart({ bearer: user.bearer })).items.map((line) => line.qty)).toEqual([99])
  })

  it('keeps the device’s cart at guest sign-in; merges at sign-in by link and with a new password', async () => {
    const guestToken = newCartToken()
    await cartOf(await add({ token: guestToken }, bag))
    const email = `guest-${randomUUID()}@example.com`
    const guestLogin = await call(
      'POST',
      '/login-guest',
      { token: guestToken },
      {
        body: { email, remember: false },
      },
    )
    const { token: guestBearer } = (await guestLogin.json()) as { token: string }
    // A guest session keeps to the device's cart: nothing goes into the address's account.
    expect(
      (await getCart({ bearer: guestBearer, token: guestToken })).items.map((line) => line.sku),
    ).toEqual(['MISSION-BAG-BLACK'])
    expect((await getCart({ bearer: guestBearer })).items).toEqual([])

    const user = await newUser()
    const linkToken = newCartToken()
    await cartOf(await add({ token: linkToken }, configuredSuit()))
    const { token: link } = await issueOneTimeToken(database.db, user.id, 'login-link')
    const signedIn = await call('POST', `/password/verify-login/${link}`, { token: linkToken })
    expect(signedIn.status).toBe(200)
    expect((await getCart({ bearer: user.bearer })).items.map((line) => line.sku)).toEqual([
      'CORVID2-CUSTOM',
    ])

    const resetter = await newUser()
    const resetToken = newCartToken()
    await cartOf(await add({ token: resetToken }, bag))
    const { token: reset } = await issueOneTimeToken(database.db, resetter.id, 'password-reset')
    const newPassword = await call(
      'POST',
      `/password/usetoken/${reset}`,
      { token: resetToken },
      {
        body: { password: 'a-new-long-password-7', confirmPassword: 'a-new-long-password-7' },
      },
    )
    expect(newPassword.status).toBe(200)
    const { token: resetBearer } = (await newPassword.json()) as { token: string }
    expect((await getCart({ bearer: resetBearer })).items.map((line) => line.sku)).toEqual([
      'MISSION-BAG-BLACK',
    ])
  })

  it('merges a cart filled by the token after sign-in on the next signed-in call', async () => {
    const user = await newUser()
    const token = newCartToken()
    await cartOf(await add({ bearer: user.bearer }, bag))
    await cartOf(await add({ token }, configuredSuit()))
    const cart = await getCart({ bearer: user.bearer, token })
    expect(cart.items.map((line) => line.sku)).toEqual(['MISSION-BAG-BLACK', 'CORVID2-CUSTOM'])
    expect(cart.merge_notice).toEqual({ lines_added: 1, lines_summed: 0 })
  })
})

describe('logs', () => {
  it('never hold the cart token', async () => {
    const lines: string[] = []
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace' })
    const logger = createLogger(env, { write: (line: string) => void lines.push(line) })
    const logged = createApp({ db: database.db, env, logger })
    const token = newCartToken()
    const headers = { 'content-type': 'application/json', 'x-cart-token': token }
    const cart = Cart.parse(
      await (
        await logged.request('/api/order/add', {
          method: 'POST',
          headers,
          body: JSON.stringify(bag),
        })
      ).json(),
    )
    await logged.request('/api/order', { headers })
    await logged.request(`/api/order/${cart.id}`, { headers })
    await logged.request('/api/order/add', { method: 'POST', headers, body: '{' })
    expect(lines.length).toBeGreaterThanOrEqual(4)
    expect(lines.join('\n')).not.toContain(token)
  })
})

describe('OpenAPI', () => {
  it('documents every cart call with its bodies', async () => {
    const document = await (await app.request('/api/openapi.json')).json()
    for (const [path, method] of [
      ['/api/order', 'get'],
      ['/api/order/{id}', 'get'],
      ['/api/order/add', 'post'],
      ['/api/order/item/{id}/update-qty', 'post'],
      ['/api/order/{id}/add-discount', 'post'],
      ['/api/order/set-merged-notified', 'post'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation.security).toEqual([{ bearerAuth: [] }, { cartToken: [] }])
      expect(operation.responses['200'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Cart',
      })
    }
    expect(document.components.securitySchemes.cartToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Cart-Token',
    })
    expect(document.components.schemas.Cart.example).toBeDefined()
    expect(document.components.schemas.AddToOrderRequest.example).toBeDefined()
  })
})
