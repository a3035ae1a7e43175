import { randomBytes, randomUUID } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { OrdersPage, OrderView, PaymentLinkOrder } from '../../contract/orders.ts'
import { discountCodes, orders, users } from '../db/schema.ts'
import { moveOrder } from '../services/orders/lifecycle.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import {
  bag,
  customSuit,
  errorsOf,
  priority,
  testAccounts,
  testOrders,
  testPassword as password,
  usAddress,
} from '../testing/test-orders.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

const call = cartCaller(() => app)
const newUser = testAccounts(() => database.db)
const { submitted, loginGuest } = testOrders(call, () => database.db)

async function viewOf(res: Response): Promise<OrderView> {
  expect(res.status).toBe(200)
  return OrderView.parse(await res.json())
}
const getOrders = (caller: CartCaller, query = '') =>
  call('GET', `/order/get-orders${query}`, caller)
const getOrder = (caller: CartCaller, id: string) =>
  call('GET', `/order/get-submitted-order/${id}`, caller)
const byLink = (code: string) => app.request(`/api/order/get-order-with-payment-link/${code}`)
const addTo = (code: string, body: unknown, key: string | undefined = newKey()) =>
  app.request(`/api/order/add-to-submitted-order/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  })
const changeAddress = (caller: CartCaller, id: string, body: unknown) =>
  call('POST', `/order/${id}/save-shipping-address`, caller, { body, key: newKey() })

describe('GET /api/order/get-orders', () => {
  it('lists the account’s submitted orders newest first, not its cart, a page at a time', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    const older = await submitted(caller, { submittedAt: new Date('2027-01-02T10:00:00Z') })
    const newer = await submitted(caller, {
      items: [customSuit],
      ship: false,
      submittedAt: new Date('2027-02-03T10:00:00Z'),
      pays: [{ amount: 10_000, status: 'settled' }],
    })
    // An open cart with a line is not an order.
    await call('POST', '/order/add', caller, { body: bag, key: newKey() })

    const page = OrdersPage.parse(await (await getOrders(caller)).json())
    expect(page.orders.map((order) => order.id)).toEqual([newer.id, older.id])
    expect(page).toMatchObject({ page: 1, per_page: 20, total_count: 2, has_more: false })
    expect(page.orders[0]).toMatchObject({
      status: 'submitted',
      items: ['1 × Corvid 2'],
      item_count: 1,
      total: newer.cart.total,
      paid: 10_000,
      balance: newer.cart.total - 10_000,
      payment_due: true,
    })
    expect(page.orders[1]!.total).toBe(older.cart.total + older.shipping)
    expect(JSON.stringify(page)).not.toContain(older.code)

    const first = OrdersPage.parse(await (await getOrders(caller, '?per_page=1')).json())
    expect(first.orders.map((order) => order.id)).toEqual([newer.id])
    expect(first.has_more).toBe(true)
    const second = OrdersPage.parse(await (await getOrders(caller, '?per_page=1&page=2')).json())
    expect(second.orders.map((order) => order.id)).toEqual([older.id])
    expect(second.has_more).toBe(false)
    const beyond = OrdersPage.parse(await (await getOrders(caller, '?page=9')).json())
    expect(beyond.orders).toEqual([])
  })

  it('refuses paging out of bounds with a message per field', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    for (const query of ['?page=0', '?page=-1', '?page=x', '?page=1.5', '?page=10001'])
      expect(Object.keys(await errorsOf(await getOrders(caller, query)))).toEqual(['page'])
    for (const query of ['?per_page=0', '?per_page=51', '?per_page=many'])
      expect(Object.keys(await errorsOf(await getOrders(caller, query)))).toEqual(['per_page'])
  })

  it('needs an owner, and a well-formed one', async () => {
    expect((await getOrders({})).status).toBe(401)
    expect((await getOrders({ bearer: 'not-a-session' })).status).toBe(401)
    const errors = await errorsOf(
      await call('GET', '/order/get-orders', {}, { headers: { 'x-cart-token': 'short' } }),
    )
    expect(Object.keys(errors)).toEqual(['X-Cart-Token'])
  })

  it('shows a device only its own orders, and another account none of them', async () => {
    const device = { token: newCartToken() }
    const mine = await submitted(device)
    const other = await newUser()
    const otherDevice = { token: newCartToken() }
    expect(
      OrdersPage.parse(await (await getOrders(device)).json()).orders.map((o) => o.id),
    ).toEqual([mine.id])
    expect(OrdersPage.parse(await (await getOrders(otherDevice)).json()).orders).toEqual([])
    expect(
      OrdersPage.parse(await (await getOrders({ bearer: other.bearer })).json()).orders,
    ).toEqual([])
  })
})

describe('GET /api/order/get-submitted-order/{id}', () => {
  it('times a variant sewn to order by its family, and adds what a design’s upgrades take', async () => {
    const caller = { bearer: (await newUser()).bearer }
    const submittedAt = new Date('2027-03-01T09:00:00Z')
    // content/products/wingsuits/corvid-2.json: a super custom design adds 2 weeks; the Uratul
    // bag in green is not in stock (content/products/bags/uratul-bag.json).
    const superCustom = {
      ...customSuit,
      child: [
        {
          sku: 'SUPERCUSTOM-WS',
          qty: 1,
          meta: [{ key: 'child_super_custom_check', value: 'on' }],
        },
      ],
    }
    const greenBag = { sku: 'URATUL-BAG-GREEN', qty: 1, meta: [], child: [] }
    const placed = await submitted(caller, { items: [superCustom, greenBag], submittedAt })
    const [suit, bagLine] = (await viewOf(await getOrder(caller, placed.id))).lines
    const [plain] = (
      await viewOf(
        await getOrder(caller, (await submitted(caller, { items: [customSuit], submittedAt })).id),
      )
    ).lines
    expect(suit!.production_time!.weeks_min).toBe(plain!.production_time!.weeks_min + 2)
    expect(suit!.production_time!.weeks_max).toBe(plain!.production_time!.weeks_max + 2)
    // Not a made-to-measure suit (nothing is due later), yet made: it ships in the bags' weeks.
    expect(bagLine).toMatchObject({ sku: 'URATUL-BAG-GREEN', made_to_order: false })
    expect(bagLine!.production_time).toMatchObject({ weeks_min: 2, weeks_max: 3 })
  })

  it('shows the order with its lines as charged, each with its own production time', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    const submittedAt = new Date('2027-03-01T09:00:00Z')
    const placed = await submitted(caller, {
      items: [customSuit, bag],
      status: 'partly_paid',
      submittedAt,
      pays: [
        { amount: 50_000, status: 'settled' },
        { amount: 70_000, status: 'declined' },
        { amount: 30_000, status: 'pending' },
      ],
    })
    const view = await viewOf(await getOrder(caller, placed.id))
    const [suit, bagLine] = view.lines
    expect(suit).toMatchObject({
      sku: 'CORVID2-CUSTOM',
      name: 'Corvid 2',
      made_to_order: true,
      unit_amount: placed.cart.items[0]!.unit_price,
      added_after_submit: false,
    })
    // The wingsuits' production time (content/production-time.json), counted from the submit.
    const time = suit!.production_time!
    expect(time.weeks_min).toBeGreaterThan(0)
    expect(time.ready_from).toBe(
      new Date(submittedAt.getTime() + time.weeks_min * 7 * 86_400_000).toISOString().slice(0, 10),
    )
    expect(bagLine).toMatchObject({
      sku: 'MISSION-BAG-BLACK',
      made_to_order: false,
      production_time: null,
    })
    expect(view).toMatchObject({
      id: placed.id,
      status: 'partly_paid',
      submitted_at: submittedAt.toISOString(),
      is_mto: false,
      currency: 'USD',
      total: placed.cart.total + placed.shipping,
      // Only the settled payment counts.
      paid: 50_000,
      balance: placed.cart.total + placed.shipping - 50_000,
      payment_due: true,
      can_change_address: true,
      can_add_to_order: true,
      payment_code: placed.code,
      shipping: {
        option: { ...priority, amount: placed.shipping },
        address: { name: 'Dana Flyer', city: 'Eloy', country: 'US' },
      },
    })
    expect(view.history).toEqual([
      { status: 'submitted', note: 'Submitted.', at: submittedAt.toISOString() },
    ])
  })

  it('shows the discount given at submit', async () => {
    const device = { token: newCartToken() }
    await call('POST', '/order/add', device, {
      body: { sku: 'CORVID2-M', qty: 1, meta: [{ key: 'size', value: 'M' }], child: [] },
      key: newKey(),
    })
    const cartId = Cart.parse(await (await call('GET', '/order', device)).json()).id!
    const code = `ORDERS${randomBytes(4).toString('hex').toUpperCase()}`
    // One use left: submit uses it, and the order still shows the discount it gave.
    await database.db.insert(discountCodes).values({
      code,
      description: '10 % off',
      kind: 'percent',
      value: 10,
      usageLimit: 1,
    })
    const discounted = await call('POST', `/order/${cartId}/add-discount`, device, {
      body: { discount_codes: code },
      key: newKey(),
    })
    expect(discounted.status).toBe(200)
    const placed = await submitted(device, { items: [] })
    await database.db
      .update(discountCodes)
      .set({ usedCount: 1 })
      .where(eq(discountCodes.code, code))
    const view = await viewOf(await getOrder(device, placed.id))
    expect(view.discounts.map((d) => d.code)).toEqual([code])
    expect(view.discounts[0]!.amount).toBe(Math.round(view.subtotal / 10))
    expect(view.discounts[0]!.amount).toBeGreaterThan(0)
    expect(view.subtotal - view.discounts[0]!.amount + placed.shipping).toBe(view.total)
  })

  it('is a 404 for another account, another device, a guest session on the e-mail, a cart and an unknown id', async () => {
    const owner = await newUser()
    const placed = await submitted({ bearer: owner.bearer })
    const other = await newUser()
    const guestOnOwner = await loginGuest({}, owner.email)
    const cart = Cart.parse(
      await (
        await call('POST', '/order/add', { bearer: owner.bearer }, { body: bag, key: newKey() })
      ).json(),
    )
    for (const caller of [
      { bearer: other.bearer },
      { token: newCartToken() },
      { bearer: guestOnOwner },
      { bearer: guestOnOwner, token: newCartToken() },
    ]) {
      const res = await getOrder(caller, placed.id)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain(placed.code)
    }
    expect((await getOrder({ bearer: owner.bearer }, cart.id!)).status).toBe(404)
    expect((await getOrder({ bearer: owner.bearer }, randomUUID())).status).toBe(404)
    expect((await getOrder({ bearer: owner.bearer }, 'not-a-uuid')).status).toBe(404)
    expect((await getOrder({}, placed.id)).status).toBe(401)
  })

  it('shows a guest session the orders it placed, never the account’s on that e-mail', async () => {
    const owner = await newUser()
    const accountOrder = await submitted({ bearer: owner.bearer })
    const device = newCartToken()
    const guest = await loginGuest({ token: device }, owner.email)
    const guestCaller = { bearer: guest, token: device }
    const guestOrder = await submitted(guestCaller, { guestOf: owner.id })
    const listed = OrdersPage.parse(await (await getOrders(guestCaller)).json())
    expect(listed.orders.map((order) => order.id)).toEqual([guestOrder.id])
    expect((await getOrder(guestCaller, accountOrder.id)).status).toBe(404)
    // Before the owner signs in, the account does not have the guest's order either.
    expect((await getOrder({ bearer: owner.bearer }, guestOrder.id)).status).toBe(404)
  })
})

describe('a guest’s orders join the account', () => {
  it('at a password sign-in; the guest session no longer reads them', async () => {
    const owner = await newUser()
    const device = newCartToken()
    const guest = await loginGuest({ token: device }, owner.email)
    const guestOrder = await submitted({ bearer: guest, token: device }, { guestOf: owner.id })
    const signedIn = await call(
      'POST',
      '/login',
      {},
      {
        body: { email: owner.email, password, remember: false },
      },
    )
    expect(signedIn.status).toBe(200)
    const bearer = ((await signedIn.json()) as { token: string }).token
    const listed = OrdersPage.parse(await (await getOrders({ bearer })).json())
    expect(listed.orders.map((order) => order.id)).toEqual([guestOrder.id])
    expect((await getOrder({ bearer: guest, token: device }, guestOrder.id)).status).toBe(404)
    expect((await getOrder({ token: device }, guestOrder.id)).status).toBe(404)
  })

  it('not at another guest sign-in, and never another account’s', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const device = newCartToken()
    const guest = await loginGuest({ token: device }, owner.email)
    const guestOrder = await submitted({ bearer: guest, token: device }, { guestOf: owner.id })
    await loginGuest({ token: device }, owner.email)
    expect((await getOrder({ bearer: owner.bearer }, guestOrder.id)).status).toBe(404)
    const strangerIn = await call(
      'POST',
      '/login',
      {},
      {
        body: { email: stranger.email, password, remember: false },
      },
    )
    const bearer = ((await strangerIn.json()) as { token: string }).token
    expect((await getOrder({ bearer }, guestOrder.id)).status).toBe(404)
  })

  it('a guest account’s orders are never another guest session’s', async () => {
    const guestAccount = await newUser({ role: 'guest' })
    const first = await loginGuest({}, guestAccount.email)
    const placed = await submitted({ bearer: first }, { guestOf: guestAccount.id })
    const second = await loginGuest({}, guestAccount.email)
    expect((await getOrder({ bearer: second }, placed.id)).status).toBe(404)
    await database.db
      .update(users)
      .set({ passwordHash: await hash(password), role: 'customer' })
      .where(eq(users.id, guestAccount.id))
    expect(
      (await getOrder({ bearer: await loginGuest({}, guestAccount.email) }, placed.id)).status,
    ).toBe(404)
  })
})

describe('GET /api/order/get-order-with-payment-link/{id}', () => {
  it('shows what paying needs to whoever holds the code, and nothing about who or where', async () => {
    const user = await newUser()
    const placed = await submitted(
      { bearer: user.bearer },
      { pays: [{ amount: 1000, status: 'settled' }] },
    )
    await database.db
      .update(orders)
      .set({ notes: 'Leave at hangar 3' })
      .where(eq(orders.id, placed.id))
    const res = await byLink(placed.code)
    expect(res.status).toBe(200)
    const text = await res.text()
    const view = PaymentLinkOrder.parse(JSON.parse(text))
    expect(view).toMatchObject({
      id: placed.id,
      total: placed.cart.total + placed.shipping,
      paid: 1000,
      balance: placed.cart.total + placed.shipping - 1000,
      shipping_amount: placed.shipping,
      payment_due: true,
    })
    for (const secret of [user.email, 'Skydive Lane', 'Eloy', 'hangar 3', placed.code])
      expect(text).not.toContain(secret)
    expect(Object.keys(JSON.parse(text) as object)).not.toContain('history')
  })

  it('is a 404 for a wrong, malformed or cart code', async () => {
    expect((await byLink(randomBytes(32).toString('base64url'))).status).toBe(404)
    expect((await byLink('short')).status).toBe(404)
    expect((await byLink('a%00b')).status).toBe(404)
  })
})

describe('POST /api/order/add-to-submitted-order/{paymentCode}', () => {
  it('prices the add as a cart add does and raises the total, so a balance is due', async () => {
    const user = await newUser()
    const placed = await submitted(
      { bearer: user.bearer },
      { pays: [{ amount: 1, status: 'settled' }] },
    )
    // What a cart add of the same thing costs.
    const priceCheck = Cart.parse(
      await (
        await call('POST', '/order/add', { token: newCartToken() }, { body: bag, key: newKey() })
      ).json(),
    )
    const key = newKey()
    const res = await addTo(placed.code, { ...bag, qty: 2 }, key)
    expect(res.status).toBe(200)
    const text = await res.text()
    const view = PaymentLinkOrder.parse(JSON.parse(text))
    const before = placed.cart.total + placed.shipping
    // Three bags (4,800 g) ship in Priority's 5 kg bracket: 18.95 instead of 12.50.
    expect(view.shipping_amount).toBe(1895)
    expect(view.total).toBe(before + 2 * priceCheck.items[0]!.unit_price + 1895 - 1250)
    expect(view.balance).toBe(view.total - 1)
    expect(view.lines).toHaveLength(2)
    expect(view.lines[1]).toMatchObject({ sku: 'MISSION-BAG-BLACK', qty: 2 })

    // A replay adds nothing and answers the same, byte for byte.
    const again = await addTo(placed.code, { ...bag, qty: 2 }, key)
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(text)
    const owner = await viewOf(await getOrder({ bearer: user.bearer }, placed.id))
    expect(owner.lines).toHaveLength(2)
    expect(owner.lines[1]!.added_after_submit).toBe(true)
    expect(owner.history.at(-1)!.note).toMatch(/^Added 2 × Mission bag/)
    // The same key with another body is refused.
    expect(Object.keys(await errorsOf(await addTo(placed.code, bag, key)))).toEqual([
      'Idempotency-Key',
    ])
  })

  it('refuses bad input with a message per field', async () => {
    const placed = await submitted({ token: newCartToken() })
    expect(Object.keys(await errorsOf(await addTo(placed.code, { ...bag, qty: '1' })))).toEqual([
      'qty',
    ])
    expect(
      Object.keys(await errorsOf(await addTo(placed.code, { qty: 1, meta: [], child: [] }))),
    ).toEqual(['sku'])
    expect(
      Object.keys(await errorsOf(await addTo(placed.code, { ...bag, sku: 'NO-SUCH-THING' }))),
    ).toEqual(['sku'])
    expect(
      Object.keys(
        await errorsOf(
          await addTo(placed.code, { ...bag, meta: [{ key: 'color.body', value: 'zzz' }] }),
        ),
      ),
    ).toEqual(['meta'])
    expect(Object.keys(await errorsOf(await addTo(placed.code, bag, 'bad key')))).toEqual([
      'Idempotency-Key',
    ])
  })

  it('only while the order is submitted or partly paid', async () => {
    for (const status of ['paid', 'in_production', 'shipped', 'cancelled'] as const) {
      const placed = await submitted({ token: newCartToken() }, { status })
      const errors = await errorsOf(await addTo(placed.code, bag))
      expect(errors.payment_code![0]).toMatch(/can no longer be added/)
    }
    const partly = await submitted({ token: newCartToken() }, { status: 'partly_paid' })
    expect((await addTo(partly.code, bag)).status).toBe(200)
  })

  it('is a 404 for a code no order has', async () => {
    expect((await addTo(randomBytes(32).toString('base64url'), bag)).status).toBe(404)
    expect((await addTo('short', bag)).status).toBe(404)
  })
})

describe('POST /api/order/{id}/save-shipping-address', () => {
  const newAddress = {
    ...usAddress,
    line1: '9 Canopy Court',
    city: 'Phoenix',
    postal_code: '85001',
  }

  it('moves the order until it ships, and says so in its history', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    const placed = await submitted(caller, { status: 'in_production' })
    const view = await viewOf(await changeAddress(caller, placed.id, { address: newAddress }))
    expect(view.shipping.address).toMatchObject({ line1: '9 Canopy Court', city: 'Phoenix' })
    expect(view.history.at(-1)).toMatchObject({
      status: 'in_production',
      note: 'Shipping address changed to Phoenix, US.',
    })
    const canChange = await call('POST', `/order/${placed.id}/can-change-address`, caller)
    expect(await canChange.json()).toEqual({ can_change_address: true })
  })

  it('refuses once shipped, and can-change-address says false from shipped on', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    for (const status of ['shipped', 'delivered', 'cancelled', 'refunded'] as const) {
      const placed = await submitted(caller, { status })
      const errors = await errorsOf(await changeAddress(caller, placed.id, { address: newAddress }))
      expect(Object.keys(errors)).toEqual(['order_id'])
      const canChange = await call('POST', `/order/${placed.id}/can-change-address`, caller)
      expect(await canChange.json()).toEqual({ can_change_address: false })
    }
  })

  it('refuses an address its paid shipping does not reach, and bad fields one by one', async () => {
    const user = await newUser()
    const caller = { bearer: user.bearer }
    const placed = await submitted(caller)
    const abroad = {
      ...usAddress,
      country: 'DE',
      region: null,
      postal_code: '10115',
      city: 'Berlin',
    }
    expect(
      Object.keys(await errorsOf(await changeAddress(caller, placed.id, { address: abroad }))),
    ).toEqual(['address.country'])
    const errors = await errorsOf(
      await changeAddress(caller, placed.id, {
        address: { ...usAddress, postal_code: 'ABC', name: '' },
      }),
    )
    expect(Object.keys(errors).sort()).toEqual(['address.name'])
    const postal = await errorsOf(
      await changeAddress(caller, placed.id, { address: { ...usAddress, postal_code: 'ABC' } }),
    )
    expect(Object.keys(postal)).toEqual(['address.postal_code'])
    expect(Object.keys(await errorsOf(await changeAddress(caller, placed.id, {})))).toEqual([
      'address',
    ])
  })

  it('is a 404 for anyone but the owner, a guest session on its e-mail included', async () => {
    const owner = await newUser()
    const placed = await submitted({ bearer: owner.bearer })
    const other = await newUser()
    for (const caller of [
      { bearer: other.bearer },
      { token: newCartToken() },
      { bearer: await loginGuest({}, owner.email) },
    ])
      expect((await changeAddress(caller, placed.id, { address: newAddress })).status).toBe(404)
    expect((await changeAddress({}, placed.id, { address: newAddress })).status).toBe(401)
  })
})

describe('moving an order along its life', () => {
  it('follows the lifecycle and writes the history the order page shows', async () => {
    const device = { token: newCartToken() }
    const placed = await submitted(device)
    expect(await moveOrder(database.db, placed.id, 'in_production', '')).toEqual({
      ok: true,
      from: 'submitted',
      to: 'in_production',
    })
    expect(await moveOrder(database.db, placed.id, 'shipped', 'UPS 1Z999')).toMatchObject({
      ok: true,
    })
    const refused = await moveOrder(database.db, placed.id, 'submitted', '')
    expect(refused).toMatchObject({ ok: false })
    const view = await viewOf(await getOrder(device, placed.id))
    expect(view.status).toBe('shipped')
    expect(view.can_change_address).toBe(false)
    expect(view.history.map((event) => [event.status, event.note])).toEqual([
      ['submitted', 'Submitted.'],
      ['in_production', 'In production.'],
      ['shipped', 'UPS 1Z999'],
    ])
    expect((await moveOrder(database.db, randomUUID(), 'paid', '')).ok).toBe(false)
  })
})

describe('OpenAPI', () => {
  it('documents every order call with its answer', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    // The list answers a customer's page, or with dealer_orders=true a dealer's (contract/dealer.ts).
    expect(document.paths['/api/order/get-orders']!.get!.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            anyOf: [
              { $ref: '#/components/schemas/OrdersPage' },
              { $ref: '#/components/schemas/DealerOrdersPage' },
            ],
          },
        },
      },
    })
    for (const [path, method, schema] of [
      ['/api/order/get-submitted-order/{id}', 'get', 'OrderView'],
      ['/api/order/get-order-with-payment-link/{id}', 'get', 'PaymentLinkOrder'],
      ['/api/order/add-to-submitted-order/{paymentCode}', 'post', 'PaymentLinkOrder'],
      ['/api/order/{id}/save-shipping-address', 'post', 'OrderView'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation!.responses['200']).toMatchObject({
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      })
      // Every call naming an order answers 404 for one not the caller's; the list names none.
      if (path.includes('{')) expect(operation!.responses['404']).toBeDefined()
      else expect(operation!.responses['422']).toBeDefined()
    }
  })
})
