import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lineAvailabilityText } from '../../contract/availability.ts'
import { Cart } from '../../contract/cart.ts'
import { formatMoney } from '../../contract/money.ts'
import { orderNumber } from '../../contract/order-number.ts'
import { OrderView, PaymentLinkOrder } from '../../contract/orders.ts'
import { orders, outbox, products } from '../db/schema.ts'
import { addressLines } from '../mail/format.ts'
import { moveOrder } from '../services/orders/lifecycle.ts'
import { orderMailData } from '../services/orders/mail-data.ts'
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
  testAccounts,
  testOrders,
  usAddress,
} from '../testing/test-orders.ts'

/*
 * What a submitted order may still become: a new address (one rule on both address routes) and
 * items added through its payment link (what the screen offers, shipping priced again for the new
 * weight, the waiver signed again, the cart's quantity limits).
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  // The site the mails link to.
  app = createTestApp(database.db, { env: { SITE_URL: 'https://shop.example' } })
})
afterAll(() => database.close())

const call = cartCaller(() => app)
const newUser = testAccounts(() => database.db)
const { submitted } = testOrders(call, () => database.db)

const getOrder = async (caller: CartCaller, id: string) => {
  const res = await call('GET', `/order/get-submitted-order/${id}`, caller)
  expect(res.status).toBe(200)
  return OrderView.parse(await res.json())
}
const byLink = async (code: string) => {
  const res = await app.request(`/api/order/get-order-with-payment-link/${code}`)
  expect(res.status).toBe(200)
  return PaymentLinkOrder.parse(await res.json())
}
const addTo = (code: string, body: unknown) =>
  app.request(`/api/order/add-to-submitted-order/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(body),
  })
const rowOf = async (id: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('a submitted order’s new address', () => {
  const canada = {
    name: 'Sam Pilot',
    line1: '55 Jump Road',
    city: 'Ottawa',
    region: 'ON',
    postal_code: 'K1A 0B1',
    country: 'CA',
  }
  const mexico = {
    name: 'Sam Pilot',
    line1: 'Calle del Salto 12',
    city: 'Puebla',
    region: 'Puebla',
    postal_code: '72000',
    country: 'MX',
  }
  const germany = {
    name: 'Sam Pilot',
    line1: 'Sprungweg 3',
    city: 'Berlin',
    region: null,
    postal_code: '10115',
    country: 'DE',
  }
  const dhl = {
    carrier: 'dhl',
    service_code: 'dhl_express_worldwide',
    service_name: 'DHL Express Worldwide (2–4 business days)',
  }
  // Seven bags (11.2 kg): DHL Express to Canada is 169.95, to Germany 199.95.
  const paidToCanada = (caller: CartCaller) =>
    submitted(caller, {
      items: [{ ...bag, qty: 7 }],
      address: canada,
      option: dhl,
      status: 'paid',
    })
  const routes = {
    'POST /api/order/save-shipping-address': (caller: CartCaller, id: string, address: unknown) =>
      call('POST', '/order/save-shipping-address', caller, {
        body: { address, order_id: id },
        key: newKey(),
      }),
    'POST /api/order/{id}/save-shipping-address': (
      caller: CartCaller,
      id: string,
      address: unknown,
    ) =>
      call('POST', `/order/${id}/save-shipping-address`, caller, {
        body: { address },
        key: newKey(),
      }),
  }

  for (const [route, save] of Object.entries(routes)) {
    it(`${route}: a paid order is not moved to a dearer zone at the old price`, async () => {
      const user = await newUser()
      const caller = { bearer: user.bearer }
      const placed = await paidToCanada(caller)
      expect(placed.shipping).toBe(16995)
      const errors = await errorsOf(await save(caller, placed.id, germany))
      expect(errors['address.country']![0]).toMatch(/costs 199\.95 USD, not the 169\.95 USD/)
      const row = await rowOf(placed.id)
      expect(row.shippingAddress?.country).toBe('CA')
      expect(row.shippingOption?.amount).toBe(16995)
      expect(row.totalAmount).toBe(placed.cart.total + 16995)
      // Nor the other way, to a cheaper zone at the price paid.
      const other = { bearer: (await newUser()).bearer }
      const toGermany = await submitted(other, {
        items: [{ ...bag, qty: 7 }],
        address: germany,
        option: dhl,
        status: 'paid',
      })
      expect(toGermany.shipping).toBe(19995)
      const cheaper = await errorsOf(await save(other, toGermany.id, canada))
      expect(cheaper['address.country']![0]).toMatch(/costs 169\.95 USD, not the 199\.95 USD/)
    })

    it(`${route}: a move at the same price is kept, with a line in the order’s history`, async () => {
      const user = await newUser()
      const caller = { bearer: user.bearer }
      const placed = await paidToCanada(caller)
      const res = await save(caller, placed.id, mexico)
      expect(res.status).toBe(200)
      const view = await getOrder(caller, placed.id)
      expect(view.shipping.address?.country).toBe('MX')
      expect(view.shipping.option?.amount).toBe(16995)
      expect(view.total).toBe(placed.cart.total + 16995)
      expect(view.history.at(-1)).toMatchObject({
        status: 'paid',
        note: 'Shipping address changed to Puebla, MX.',
      })
    })
  }
})

describe('items added through the payment link', () => {
  const stickers = { sku: 'STICKER-PACK', qty: 1, meta: [], child: [] }
  /** A sticker pack (40 g) by USPS Priority to the US: 9.95. */
  const stickerOrder = async () => {
    const caller = { bearer: (await newUser()).bearer }
    const placed = await submitted(caller, { items: [stickers] })
    expect(placed.shipping).toBe(995)
    return { caller, placed }
  }

  it('refuses what the add-to-order screen does not offer: a canopy, a designed suit', async () => {
    const { placed } = await stickerOrder()
    for (const item of [{ sku: 'TARN-220', qty: 1, meta: [], child: [] }, customSuit]) {
      const errors = await errorsOf(await addTo(placed.code, item))
      expect(errors.sku![0]).toMatch(/cannot be added to a submitted order/)
    }
    const view = await byLink(placed.code)
    expect(view.lines).toHaveLength(1)
    expect(view.total).toBe(placed.cart.total + 995)
  })

  it('refuses an addition no shipping rate takes, and adds nothing', async () => {
    const { placed } = await stickerOrder()
    // 25 bags: 40 kg, over every service's 30 kg.
    const errors = await errorsOf(await addTo(placed.code, { ...bag, qty: 25 }))
    expect(errors.qty![0]).toMatch(/40\.0 kg.*does not take a parcel that heavy to United States/)
    const view = await byLink(placed.code)
    expect(view.lines).toHaveLength(1)
    expect(view.shipping_amount).toBe(995)
    expect(view.total).toBe(placed.cart.total + 995)
  })

  it('prices shipping again for the new weight: the balance, the link and the mail show it', async () => {
    const { caller, placed } = await stickerOrder()
    const bagPrice = Cart.parse(
      await (
        await call('POST', '/order/add', { token: newCartToken() }, { body: bag, key: newKey() })
      ).json(),
    ).items[0]!.unit_price
    const res = await addTo(placed.code, bag)
    expect(res.status).toBe(200)
    const answer = PaymentLinkOrder.parse(await res.json())
    // 1,640 g: Priority's 2 kg bracket, 12.50.
    const total = placed.cart.total + bagPrice + 1250
    expect(answer).toMatchObject({
      shipping_amount: 1250,
      total,
      balance: total,
      payment_due: true,
    })
    expect(await byLink(placed.code)).toMatchObject({ shipping_amount: 1250, total })
    const view = await getOrder(caller, placed.id)
    expect(view.shipping.option?.amount).toBe(1250)
    expect(view.total).toBe(total)
    expect(view.history.at(-1)!.note).toBe(
      `Added 1 × Mission bag: ${(bagPrice / 100).toFixed(2)} USD. Shipping 12.50 USD instead of 9.95 USD.`,
    )
    const mail = await orderMailData(database.db, await rowOf(placed.id))
    expect(mail).toMatchObject({ total, balance: total })
  })

  it('keeps the cart’s quantity limits: at most 99 of one item on the order', async () => {
    const { placed } = await stickerOrder()
    const errors = await errorsOf(await addTo(placed.code, { ...stickers, qty: 99 }))
    expect(errors.qty![0]).toMatch(/already holds 1 of this; it takes at most 99/)
    expect((await addTo(placed.code, { ...stickers, qty: 98 })).status).toBe(200)
    expect(Object.keys(await errorsOf(await addTo(placed.code, stickers)))).toEqual(['qty'])
  })

  it('asks for the waiver again before the order is paid or moves on', async () => {
    // An accessory the owner marks as needing the waiver (content/products/…: requires_waiver).
    const setWaiver = (on: boolean) =>
      database.db
        .update(products)
        .set({
          data: sql`jsonb_set(${products.data}, '{requires_waiver}', ${on ? 'true' : 'false'}::jsonb)`,
        })
        .where(eq(products.slug, 'wind-meter'))
    await setWaiver(true)
    try {
      const { caller, placed } = await stickerOrder()
      const pay = (key = newKey()) =>
        call(
          'POST',
          `/payment/braintree/${placed.code}`,
          {},
          {
            body: { nonce: 'fake-valid-nonce' },
            key,
          },
        )
      const res = await addTo(placed.code, { sku: 'WIND-METER', qty: 1, meta: [], child: [] })
      expect(res.status).toBe(200)
      expect(PaymentLinkOrder.parse(await res.json()).signature_needed).toBe(true)
      expect(Object.keys(await errorsOf(await pay()))).toEqual(['signature'])
      expect(await moveOrder(database.db, placed.id, 'in_production', '')).toMatchObject({
        ok: false,
      })

      const sign = (body: unknown) =>
        call('POST', '/order/create-order-signature', {}, { body, key: newKey() })
      const signature = { checkbox: 'on', name: 'Dana Flyer', payment_code: placed.code }
      expect((await sign({ ...signature, payment_code: 'x'.repeat(43) })).status).toBe(404)
      const signed = await sign(signature)
      expect(signed.status).toBe(200)
      expect(PaymentLinkOrder.parse(await signed.json()).signature_needed).toBe(false)
      expect((await getOrder(caller, placed.id)).history.at(-1)!.note).toBe(
        'Waiver signed again by Dana Flyer.',
      )
      // Signed once: nothing waits for a second signature.
      expect(Object.keys(await errorsOf(await sign(signature)))).toEqual(['payment_code'])
      expect((await pay()).status).toBe(200)
      expect((await rowOf(placed.id)).status).toBe('paid')
    } finally {
      await setWaiver(false)
    }
  })
})

describe('the customer’s mail of a change', () => {
  const usd = (minor: number) => formatMoney(minor, 'USD')
  const mailsOf = async (to: string, kind: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
  const addWithMail = (code: string, body: unknown, key = newKey()) =>
    app.request(`/api/order/add-to-submitted-order/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    })
  const moveWithMail = (bearer: string, id: string, address: unknown, key = newKey()) =>
    app.request(`/api/order/${id}/save-shipping-address`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bearer}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ address }),
    })

  it('mails an addition once: the item and when it ships, the new total, the balance and its link', async () => {
    const user = await newUser()
    const placed = await submitted(
      { bearer: user.bearer },
      {
        items: [{ sku: 'STICKER-PACK', qty: 1, meta: [], child: [] }],
      },
    )
    const before = placed.cart.total + 995
    const key = newKey()
    // A double click and a replay of one key: one addition, one mail.
    const [first, second] = await Promise.all([
      addWithMail(placed.code, bag, key),
      addWithMail(placed.code, bag, key),
    ])
    const answer = PaymentLinkOrder.parse(await first.json())
    expect(second.status).toBe(200)
    expect((await addWithMail(placed.code, bag, key)).status).toBe(200)
    const mails = await mailsOf(user.email, 'order-items-added')
    expect(mails).toHaveLength(1)
    const added = answer.lines.at(-1)!
    expect(mails[0]).toMatchObject({
      subject: `Items added to your Glidecraft order ${orderNumber(placed.id)}`,
      dedupeKey: `order-items-added:${added.id}`,
    })
    expect(mails[0]!.text).toContain(
      `We added to order ${orderNumber(placed.id)}:\n\n` +
        `- Mission bag, black: 1 × ${usd(added.unit_amount)} = ${usd(added.line_amount)}\n` +
        `  ${lineAvailabilityText(null, true)}\n\n` +
        'Shipping now costs $12.50 instead of $9.95.\n' +
        `New total: ${usd(answer.total)} (it was ${usd(before)}).\n` +
        'Paid so far: $0.00.\n' +
        `Balance due: ${usd(answer.balance)}.\n\n` +
        `Pay the balance here:\nhttps://shop.example/checkout/${placed.code}\n`,
    )
    expect(mails[0]!.html).toContain(`href="https://shop.example/checkout/${placed.code}"`)

    // Another addition is another mail; a refused one is none.
    expect((await addWithMail(placed.code, bag)).status).toBe(200)
    expect((await addWithMail(placed.code, { ...bag, qty: 25 })).status).toBe(422)
    expect(await mailsOf(user.email, 'order-items-added')).toHaveLength(2)
  })

  it('mails a new address once, as a label writes it, with its shipping and balance', async () => {
    const user = await newUser()
    const canada = {
      name: 'Sam Pilot',
      line1: '55 Jump Road',
      city: 'Ottawa',
      region: 'ON',
      postal_code: 'K1A 0B1',
      country: 'CA',
    }
    const mexico = { ...canada, line1: 'Calle del Salto 12', city: 'Puebla', region: 'Puebla' }
    const dhl = {
      carrier: 'dhl',
      service_code: 'dhl_express_worldwide',
      service_name: 'DHL Express Worldwide (2–4 business days)',
    }
    const placed = await submitted(
      { bearer: user.bearer },
      { items: [{ ...bag, qty: 7 }], address: canada, option: dhl },
    )
    const total = placed.cart.total + 16995
    const mexicoCode = { ...mexico, postal_code: '72000', country: 'MX' }
    const key = newKey()
    expect((await moveWithMail(user.bearer, placed.id, mexicoCode, key)).status).toBe(200)
    expect((await moveWithMail(user.bearer, placed.id, mexicoCode, key)).status).toBe(200)
    // The replay ran nothing: one change in the history.
    const changes = (await getOrder({ bearer: user.bearer }, placed.id)).history.filter((event) =>
      event.note.startsWith('Shipping address changed'),
    )
    expect(changes).toHaveLength(1)
    // The same address again, and a move refused (a dearer zone): nothing to tell.
    expect((await moveWithMail(user.bearer, placed.id, mexicoCode)).status).toBe(200)
    const germany = { ...canada, city: 'Berlin', region: null, postal_code: '10115', country: 'DE' }
    expect((await moveWithMail(user.bearer, placed.id, germany)).status).toBe(422)
    const mails = await mailsOf(user.email, 'order-address-changed')
    expect(mails).toHaveLength(1)
    const label = addressLines({ ...mexicoCode, line2: null, phone: null })
    expect(label.at(-1)).toBe('Mexico')
    expect(mails[0]!.subject).toBe(
      `New shipping address for your Glidecraft order ${orderNumber(placed.id)}`,
    )
    expect(mails[0]!.text).toContain(
      `Order ${orderNumber(placed.id)} now ships to:\n` +
        label.map((line) => `  ${line}\n`).join('') +
        '\nShipping is unchanged: $169.95.\n' +
        `The total is unchanged: ${usd(total)}.\n` +
        'Paid so far: $0.00.\n' +
        `Balance due: ${usd(total)}.\n\n` +
        `Pay the balance here:\nhttps://shop.example/checkout/${placed.code}\n`,
    )

    // The checkout's address call with the order's id moves it by the same rule, and mails too.
    const back = await app.request('/api/order/save-shipping-address', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.bearer}`,
        'idempotency-key': newKey(),
      },
      body: JSON.stringify({ address: canada, order_id: placed.id }),
    })
    expect(back.status).toBe(200)
    const after = await mailsOf(user.email, 'order-address-changed')
    expect(after).toHaveLength(2)
    expect(after.map((mail) => mail.text ?? '').find((text) => text.includes('Ottawa'))).toContain(
      `Order ${orderNumber(placed.id)} now ships to:\n`,
    )
  })

  it('sends an addition that needs the waiver to its signing, not to a payment refused', async () => {
    const setWaiver = (on: boolean) =>
      database.db
        .update(products)
        .set({
          data: sql`jsonb_set(${products.data}, '{requires_waiver}', ${on ? 'true' : 'false'}::jsonb)`,
        })
        .where(eq(products.slug, 'wind-meter'))
    await setWaiver(true)
    try {
      const user = await newUser()
      const placed = await submitted({ bearer: user.bearer })
      const meter = { sku: 'WIND-METER', qty: 1, meta: [], child: [] }
      expect((await addWithMail(placed.code, meter)).status).toBe(200)
      const [mail] = await mailsOf(user.email, 'order-items-added')
      expect(mail!.text).toContain(
        `Sign it on this page, then pay the balance there:\nhttps://shop.example/add-to-order/${placed.code}\n`,
      )
      expect(mail!.text).not.toContain('/checkout/')
    } finally {
      await setWaiver(false)
    }
  })

  it('withholds the new address from the mail of an owner whose address is not proven', async () => {
    const user = await newUser({ proven: false })
    const placed = await submitted({ bearer: user.bearer })
    const moved = { ...usAddress, line1: '9 Other Street' }
    expect((await moveWithMail(user.bearer, placed.id, moved)).status).toBe(200)
    const [mail] = await mailsOf(user.email, 'order-address-changed')
    expect(mail!.text).toContain('now ships to a new address. It is on the order’s page.')
    expect(mail!.text).not.toContain('9 Other Street')
  })
})
