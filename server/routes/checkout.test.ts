import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShippingAddress } from '../../contract/address.ts'
import { plainTextMessage } from '../../contract/plain-text.ts'
import { ShippingOptions } from '../../contract/shipping.ts'
import { addresses, orders } from '../db/schema.ts'
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
  cartOf,
  customSuit,
  errorsOf,
  priority,
  testAccounts,
  testOrders,
} from '../testing/test-orders.ts'

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
const { add } = testOrders(call, () => database.db)

async function optionsOf(res: Response): Promise<ShippingOptions> {
  expect(res.status).toBe(200)
  return ShippingOptions.parse(await res.json())
}

/** As a customer types it: the server trims, upper-cases and fills in. */
const usAddress = {
  name: '  Dana Flyer ',
  line1: '1200 Skydive Lane',
  line2: '',
  city: 'Eloy',
  region: 'az',
  postal_code: ' 85131 ',
  country: 'us',
  phone: '',
}
const normalisedUs: ShippingAddress = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
  phone: null,
}
const canadaAddress = {
  name: 'Sam Pilot',
  line1: '55 Jump Road',
  city: 'Ottawa',
  region: 'ON',
  postal_code: 'k1a0b1',
  country: 'CA',
}

/** From content/shipping-rates.json, for one bag (1,600 g: the 2 kg bracket) to the US. */
const usOneBag = [
  {
    carrier: 'usps',
    service_code: 'usps_priority',
    service_name: 'USPS Priority Mail (1–3 business days)',
    amount: 1250,
  },
  {
    carrier: 'ups',
    service_code: 'ups_ground',
    service_name: 'UPS Ground (1–5 business days)',
    amount: 1395,
  },
  {
    carrier: 'ups',
    service_code: 'ups_2nd_day_air',
    service_name: 'UPS 2nd Day Air',
    amount: 2995,
  },
]
const saveAddress = (caller: Caller, body: unknown, key = newKey()) =>
  call('POST', '/order/save-shipping-address', caller, { body, key })

describe('POST /api/order/{id}/validate-address', () => {
  it('answers the address normalised', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const res = await call('POST', `/order/${cart.id}/validate-address`, caller, {
      body: { address: usAddress },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ address: normalisedUs })
    const british = await call('POST', `/order/${cart.id}/validate-address`, caller, {
      body: {
        address: { ...canadaAddress, country: 'gb', region: null, postal_code: 'sw1a1aa' },
      },
    })
    expect(((await british.json()) as { address: ShippingAddress }).address).toMatchObject({
      country: 'GB',
      postal_code: 'SW1A 1AA',
      region: null,
      line2: null,
      phone: null,
    })
    const canadian = await call('POST', `/order/${cart.id}/validate-address`, caller, {
      body: { address: canadaAddress },
    })
    expect(((await canadian.json()) as { address: ShippingAddress }).address.postal_code).toBe(
      'K1A 0B1',
    )
  })

  it('gives a message per field', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const validate = (address: unknown) =>
      call('POST', `/order/${cart.id}/validate-address`, caller, { body: { address } })
    const shape = await errorsOf(
      await validate({
        name: ' ',
        line1: 'a'.repeat(101),
        city: 'Eloy\u202e',
        postal_code: '',
        country: 'USA',
        phone: 'call me',
      }),
    )
    expect(shape).toEqual({
      'address.name': ['Enter the name of the person receiving the parcel.'],
      'address.line1': ['The street address is at most 100 characters.'],
      'address.city': [plainTextMessage],
      'address.postal_code': ['Enter the postal code.'],
      'address.country': ['Choose a country (its two-letter ISO code, such as US or DE).'],
      'address.phone': ['Enter a phone number with digits, spaces, ( ) - . and a leading + only.'],
    })
    expect(Object.keys(await errorsOf(await validate({})))).toEqual([
      'address.name',
      'address.line1',
      'address.city',
      'address.postal_code',
      'address.country',
    ])
    expect(await errorsOf(await validate({ ...usAddress, country: 'RU' }))).toEqual({
      'address.country': ['We do not ship to Russia (RU).'],
    })
    expect(
      await errorsOf(await validate({ ...usAddress, region: ' ', postal_code: '8513' })),
    ).toEqual({
      'address.region': [
        'Enter the state, province or region: the post in United States needs it.',
      ],
      'address.postal_code': ['“8513” is not a postal code in United States.'],
    })
    expect(await errorsOf(await validate({ ...usAddress, name: 'Dana\u0000' }))).toEqual({
      'address.name': [plainTextMessage],
    })
    // Half a character (a lone surrogate) is no text either: PostgreSQL refuses it in JSON.
    const half = { ...usAddress, line1: '\ud800', line2: 'x\udc00' }
    expect(await errorsOf(await validate(half))).toEqual({
      'address.line1': [plainTextMessage],
      'address.line2': [plainTextMessage],
    })
    expect(Object.keys(await errorsOf(await saveAddress(caller, { address: half })))).toEqual([
      'address.line1',
      'address.line2',
    ])
  })

  it('is a 404 on another owner’s order and a 401 without an owner', async () => {
    const owner = { token: newCartToken() }
    const cart = await add(owner, bag)
    const path = `/order/${cart.id}/validate-address`
    const body = { address: usAddress }
    const account = await newUser()
    for (const other of [{ token: newCartToken() }, { bearer: account.bearer }])
      expect((await call('POST', path, other, { body })).status).toBe(404)
    expect((await call('POST', path, {}, { body })).status).toBe(401)
    expect((await call('POST', path, { bearer: 'not-a-session' }, { body })).status).toBe(401)
  })
})

describe('POST /api/order/save-shipping-address', () => {
  it('keeps the normalised address on the cart, once per key', async () => {
    const caller = { token: newCartToken() }
    await add(caller, bag)
    const key = newKey()
    const first = await saveAddress(caller, { address: usAddress }, key)
    const text = await first.clone().text()
    const cart = await cartOf(first)
    expect(cart.shipping_address).toEqual(normalisedUs)
    expect(cart.shipping).toBeNull()
    expect(cart.is_mto).toBe(false)
    expect(cart.require_signature).toBe(false)
    expect(cart.signed).toBe(false)
    // A replay is the first answer, byte for byte; the same key with another body a 422.
    const replay = await saveAddress(caller, { address: usAddress }, key)
    expect(await replay.text()).toBe(text)
    const reused = await saveAddress(caller, { address: canadaAddress }, key)
    expect(Object.keys(await errorsOf(reused))).toEqual(['Idempotency-Key'])
    expect((await cartOf(await call('GET', '/order', caller))).shipping_address).toEqual(
      normalisedUs,
    )
  })

  it('makes the cart when there is none, and refuses a bad address per field', async () => {
    const caller = { token: newCartToken() }
    const cart = await cartOf(await saveAddress(caller, { address: usAddress }))
    expect(cart.id).not.toBeNull()
    expect(cart.items).toEqual([])
    expect(
      await errorsOf(await saveAddress(caller, { address: { ...usAddress, country: 'AQ' } })),
    ).toEqual({
      'address.country': ['We do not ship to Antarctica (AQ).'],
    })
    expect(Object.keys(await errorsOf(await saveAddress(caller, {})))).toEqual(['address'])
    expect(await errorsOf(await saveAddress({}, { address: usAddress }), 401)).toBeUndefined()
  })

  it('keeps it in an account session’s saved addresses once, when asked', async () => {
    const customer = await newUser({ password: true })
    await add({ bearer: customer.bearer }, bag)
    for (let i = 0; i < 2; i++)
      await cartOf(
        await saveAddress(
          { bearer: customer.bearer },
          { address: usAddress, save_to_account: true },
        ),
      )
    await cartOf(await saveAddress({ bearer: customer.bearer }, { address: canadaAddress }))
    const saved = await database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, customer.id))
    expect(saved.map((row) => [row.postalCode, row.isDefault])).toEqual([['85131', true]])
  })

  it('moves a chosen option to the new address’s price, or clears it where it does not go', async () => {
    const caller = { token: newCartToken() }
    await add(caller, bag)
    await cartOf(await saveAddress(caller, { address: usAddress }))
    const chosen = await cartOf(
      await call('POST', '/order/save-shipping-option', caller, { body: priority, key: newKey() }),
    )
    expect(chosen.shipping).toEqual({ ...priority, amount: 1250 })
    const alaska = { ...usAddress, region: 'AK', postal_code: '99501' }
    expect((await cartOf(await saveAddress(caller, { address: alaska }))).shipping).toEqual({
      ...priority,
      amount: 1250,
    })
    expect(
      (await cartOf(await saveAddress(caller, { address: canadaAddress }))).shipping,
    ).toBeNull()
  })

  it('changes an order by id while it may change, and only the caller’s', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const byId = await cartOf(await saveAddress(caller, { address: usAddress, order_id: cart.id }))
    expect(byId.id).toBe(cart.id)
    expect(byId.shipping_address).toEqual(normalisedUs)
    const other = { token: newCartToken() }
    expect((await saveAddress(other, { address: usAddress, order_id: cart.id })).status).toBe(404)
    await database.db.update(orders).set({ status: 'merged' }).where(eq(orders.id, cart.id!))
    expect(
      await errorsOf(await saveAddress(caller, { address: usAddress, order_id: cart.id })),
    ).toEqual({
      order_id: ['This order’s address can no longer be changed.'],
    })
  })
})

describe('POST /api/order/{id}/can-change-address', () => {
  it('is true for an open or submitted order of the caller’s, 404 for anyone else', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const ask = (who: Caller) => call('POST', `/order/${cart.id}/can-change-address`, who)
    expect(await (await ask(caller)).json()).toEqual({ can_change_address: true })
    await database.db.update(orders).set({ status: 'submitted' }).where(eq(orders.id, cart.id!))
    expect(await (await ask(caller)).json()).toEqual({ can_change_address: true })
    await database.db.update(orders).set({ status: 'merged' }).where(eq(orders.id, cart.id!))
    expect(await (await ask(caller)).json()).toEqual({ can_change_address: false })
    const account = await newUser()
    expect((await ask({ token: newCartToken() })).status).toBe(404)
    expect((await ask({ bearer: account.bearer })).status).toBe(404)
    expect((await ask({})).status).toBe(401)
    expect((await call('POST', '/order/not-a-uuid/can-change-address', caller)).status).toBe(404)
  })
})

describe('shipping options', () => {
  it('quotes the cart’s weight for an address, cheapest first', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const quote = await optionsOf(
      await call('POST', '/order/shipping-options-by-address', caller, {
        body: { address: usAddress },
      }),
    )
    expect(quote).toEqual({
      order_id: cart.id,
      weight_grams: 1600,
      currency: 'USD',
      options: usOneBag,
    })
    await add(caller, { ...bag, qty: 2 })
    const heavier = await optionsOf(
      await call('POST', '/order/shipping-options-by-address', caller, {
        body: { address: usAddress },
      }),
    )
    expect(heavier.weight_grams).toBe(4800)
    expect(heavier.options.map((option) => [option.service_code, option.amount])).toEqual([
      ['ups_ground', 1795],
      ['usps_priority', 1895],
      ['ups_2nd_day_air', 4495],
    ])
    // A device with no cart quotes an empty parcel; a bad address is a 422 per field.
    const empty = await optionsOf(
      await call(
        'POST',
        '/order/shipping-options-by-address',
        {},
        { body: { address: usAddress } },
      ),
    )
    expect(empty).toMatchObject({ order_id: null, weight_grams: 0 })
    expect(
      Object.keys(
        await errorsOf(
          await call('POST', '/order/shipping-options-by-address', caller, {
            body: { address: { ...usAddress, postal_code: 'ABCDE' } },
          }),
        ),
      ),
    ).toEqual(['address.postal_code'])
  })

  it('offers nothing for a parcel heavier than every bracket', async () => {
    const caller = { token: newCartToken() }
    await add(caller, { ...bag, qty: 30 })
    const quote = await optionsOf(
      await call('POST', '/order/shipping-options-by-address', caller, {
        body: { address: usAddress },
      }),
    )
    expect(quote).toMatchObject({ weight_grams: 48_000, options: [] })
  })

  it('quotes the cart’s kept address, or an order’s, and says when there is none', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    expect(await errorsOf(await call('GET', '/order/shipping-options', caller))).toEqual({
      shipping_address: [
        'Save a shipping address first: the options depend on where the parcel goes.',
      ],
    })
    expect(
      Object.keys(await errorsOf(await call('POST', `/order/${cart.id}/shipping-options`, caller))),
    ).toEqual(['shipping_address'])
    await cartOf(await saveAddress(caller, { address: usAddress }))
    expect((await optionsOf(await call('GET', '/order/shipping-options', caller))).options).toEqual(
      usOneBag,
    )
    expect(
      (await optionsOf(await call('POST', `/order/${cart.id}/shipping-options`, caller))).options,
    ).toEqual(usOneBag)
    const toCanada = await optionsOf(
      await call('POST', `/order/${cart.id}/shipping-options`, caller, {
        body: { address: canadaAddress },
      }),
    )
    expect(toCanada.options.map((option) => option.service_code)).toEqual([
      'ups_standard',
      'dhl_express_worldwide',
    ])
    const account = await newUser()
    for (const other of [{ token: newCartToken() }, { bearer: account.bearer }])
      expect((await call('POST', `/order/${cart.id}/shipping-options`, other)).status).toBe(404)
    expect(Object.keys(await errorsOf(await call('GET', '/order/shipping-options', {})))).toEqual([
      'shipping_address',
    ])
  })
})

describe('POST /api/order/save-shipping-option', () => {
  it('keeps an option the table offers, once per key', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    await cartOf(await saveAddress(caller, { address: usAddress }))
    const key = newKey()
    const first = await call('POST', '/order/save-shipping-option', caller, { body: priority, key })
    const text = await first.clone().text()
    expect((await cartOf(first)).shipping).toEqual({ ...priority, amount: 1250 })
    const replay = await call('POST', '/order/save-shipping-option', caller, {
      body: priority,
      key,
    })
    expect(await replay.text()).toBe(text)
    const ground = { ...usOneBag[1]! }
    delete (ground as Partial<typeof ground>).amount
    const byId = await call('POST', `/order/${cart.id}/save-shipping-option`, caller, {
      body: ground,
      key: newKey(),
    })
    expect((await cartOf(byId)).shipping).toEqual(usOneBag[1])
  })

  it('is in the answer of a later add, as the cart reads it', async () => {
    const caller = { token: newCartToken() }
    await add(caller, bag)
    await cartOf(await saveAddress(caller, { address: usAddress }))
    await cartOf(
      await call('POST', '/order/save-shipping-option', caller, { body: priority, key: newKey() }),
    )
    // A suit too: the parcel leaves the bracket the option was quoted for, and it shows no more.
    const [withSuit, readBack] = [
      await add(caller, customSuit),
      await call('GET', '/order', caller),
    ]
    expect(withSuit.shipping_address).toEqual(normalisedUs)
    expect(withSuit.shipping).toBeNull()
    expect(withSuit).toEqual(await cartOf(readBack))
    // A sticker pack (40 g) on a bag: the parcel stays in the 2 kg bracket, and the add shows it.
    const light = { token: newCartToken() }
    await add(light, bag)
    await cartOf(await saveAddress(light, { address: usAddress }))
    await cartOf(
      await call('POST', '/order/save-shipping-option', light, { body: priority, key: newKey() }),
    )
    const stickers = await add(light, { sku: 'STICKER-PACK', qty: 1, meta: [], child: [] })
    expect(stickers.shipping).toEqual({ ...priority, amount: 1250 })
    expect(stickers).toEqual(await cartOf(await call('GET', '/order', light)))
  })

  it('refuses an option the table does not offer for the address and weight: 422', async () => {
    const caller = { token: newCartToken() }
    const cart = await add(caller, bag)
    const save = (body: unknown) =>
      call('POST', '/order/save-shipping-option', caller, { body, key: newKey() })
    expect(await errorsOf(await save(priority))).toEqual({
      shipping_address: [
        'Save a shipping address first: the options depend on where the parcel goes.',
      ],
    })
    await cartOf(await saveAddress(caller, { address: canadaAddress }))
    const stale =
      'This shipping option is not offered for this address and weight: choose one of the options again.'
    // USPS does not go to Canada from this table; a renamed service is not the one quoted.
    expect(await errorsOf(await save(priority))).toEqual({ service_code: [stale] })
    expect(
      await errorsOf(
        await save({ ...priority, country: 'US', service_name: 'USPS Priority Mail' }),
      ),
    ).toEqual({ service_code: [stale] })
    expect(Object.keys(await errorsOf(await save({ carrier: 'ups' })))).toEqual([
      'service_code',
      'service_name',
    ])
    // A cart that outgrows the quoted bracket shows no option until one is chosen again.
    await cartOf(await saveAddress(caller, { address: usAddress }))
    expect((await cartOf(await save(priority))).shipping?.amount).toBe(1250)
    const grown = await add(caller, { ...bag, qty: 2 })
    expect(grown.shipping).toBeNull()
    expect((await cartOf(await save(priority))).shipping?.amount).toBe(1895)
    // A submitted order's shipping no longer changes.
    await database.db.update(orders).set({ status: 'submitted' }).where(eq(orders.id, cart.id!))
    const submitted = await call('POST', `/order/${cart.id}/save-shipping-option`, caller, {
      body: priority,
      key: newKey(),
    })
    expect(await errorsOf(submitted)).toEqual({
      order_id: ['This order is no longer open for changes.'],
    })
  })

  it('never reaches another owner’s order', async () => {
    const owner = { token: newCartToken() }
    const cart = await add(owner, bag)
    await cartOf(await saveAddress(owner, { address: usAddress }))
    const account = await newUser()
    for (const other of [{ token: newCartToken() }, { bearer: account.bearer }]) {
      const res = await call('POST', `/order/${cart.id}/save-shipping-option`, other, {
        body: priority,
        key: newKey(),
      })
      expect(res.status).toBe(404)
    }
    expect((await call('POST', '/order/save-shipping-option', {}, { body: priority })).status).toBe(
      401,
    )
    expect((await cartOf(await call('GET', '/order', owner))).shipping).toBeNull()
  })
})

describe('a guest session on a password account’s e-mail', () => {
  it('never reads or changes the account’s order, nor its saved addresses', async () => {
    const customer = await newUser({ password: true })
    const cart = await add({ bearer: customer.bearer }, bag)
    await cartOf(await saveAddress({ bearer: customer.bearer }, { address: usAddress }))
    const login = await call(
      'POST',
      '/login-guest',
      {},
      {
        body: { email: customer.email, remember: false },
      },
    )
    expect(login.status).toBe(200)
    const guest = { bearer: ((await login.json()) as { token: string }).token }
    for (const [path, body] of [
      [`/order/${cart.id}/validate-address`, { address: usAddress }],
      [`/order/${cart.id}/can-change-address`, undefined],
      [`/order/${cart.id}/shipping-options`, undefined],
      [`/order/${cart.id}/save-shipping-option`, priority],
    ] as const)
      expect((await call('POST', path, guest, { body, key: newKey() })).status, path).toBe(404)
    expect((await saveAddress(guest, { address: canadaAddress, order_id: cart.id })).status).toBe(
      404,
    )
    // Its own save goes to a cart of its own, and keeps nothing in the account.
    const own = await cartOf(
      await saveAddress(guest, { address: canadaAddress, save_to_account: true }),
    )
    expect(own.id).not.toBe(cart.id)
    const account = await cartOf(await call('GET', '/order', { bearer: customer.bearer }))
    expect(account.shipping_address).toEqual(normalisedUs)
    const saved = await database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, customer.id))
    expect(saved).toEqual([])
  })
})

describe('is_mto', () => {
  it('is true when every line is a configured suit made to order', async () => {
    const caller = { token: newCartToken() }
    const suit = await add(caller, customSuit)
    expect(suit.is_mto).toBe(true)
    expect((await add(caller, bag)).is_mto).toBe(false)
  })
})

describe('OpenAPI', () => {
  it('documents every address and shipping call', async () => {
    const document = await (await app.request('/api/openapi.json')).json()
    for (const [path, method] of [
      ['/api/order/{id}/validate-address', 'post'],
      ['/api/order/save-shipping-address', 'post'],
      ['/api/order/{id}/can-change-address', 'post'],
      ['/api/order/shipping-options-by-address', 'post'],
      ['/api/order/shipping-options', 'get'],
      ['/api/order/{id}/shipping-options', 'post'],
      ['/api/order/save-shipping-option', 'post'],
      ['/api/order/{id}/save-shipping-option', 'post'],
    ] as const) {
      const operation = document.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation.security).toEqual([{ bearerAuth: [] }, { cartToken: [] }])
    }
    expect(document.components.schemas.ShippingOption.required).toEqual([
      'carrier',
      'service_code',
      'service_name',
    ])
    expect(document.components.schemas.Cart.properties).toHaveProperty('shipping_address')
  })
})
