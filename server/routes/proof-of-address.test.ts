import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Session } from '../../contract/auth.ts'
import { Cart } from '../../contract/cart.ts'
import { OrdersPage } from '../../contract/orders.ts'
import { SubmitAnswer } from '../../contract/submit.ts'
import { dealerCustomers, outbox, users } from '../db/schema.ts'
import { demoDealer } from '../services/dealers.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import { bag, testAccounts, testOrders, usAddress } from '../testing/test-orders.ts'

/*
 * Who sees what of an e-mail address: a guest session (e-mail only) sees what it made itself; a
 * registration gets nothing of the address's until a mailed link proves it; the link brings in
 * every guest order of the address.
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let mailer: ReturnType<typeof outboxMailer>

beforeAll(async () => {
  database = await openTestDatabase()
  mailer = outboxMailer(database.db)
  app = createTestApp(database.db, { mailer, env: { SITE_URL: 'https://shop.example' } })
})
afterAll(() => database.close())

const call = cartCaller(() => app)
const newUser = testAccounts(() => database.db)
const { readyCart, add, loginGuest } = testOrders(call, () => database.db)

const newEmail = () => `owner-${randomUUID().slice(0, 8)}@example.com`
const mallory = {
  name: 'Mallory',
  line1: '1 Drop Street',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
}

/** A real submit of a bag, from the caller's cart: the order's id. */
async function placeOrder(caller: CartCaller, address: unknown = usAddress): Promise<string> {
  await readyCart(caller)
  if (address !== usAddress)
    expect(
      (
        await call('POST', '/order/save-shipping-address', caller, {
          body: { address },
          key: newKey(),
        })
      ).status,
    ).toBe(200)
  const res = await call('POST', '/order/submit', caller, { body: {}, key: newKey() })
  expect(res.status).toBe(200)
  return SubmitAnswer.parse(await res.json()).id
}

async function listed(caller: CartCaller): Promise<string[]> {
  const res = await call('GET', '/order/get-orders', caller)
  expect(res.status).toBe(200)
  return OrdersPage.parse(await res.json()).orders.map((order) => order.id)
}

async function cartOfCaller(caller: CartCaller): Promise<Cart> {
  const res = await call('GET', '/order', caller)
  expect(res.status).toBe(200)
  return Cart.parse(await res.json())
}

/** The token of the newest mail of `kind` to `email` whose link goes to `/LoginFromAdmin/`. */
async function mailedToken(email: string, kind: string): Promise<string> {
  await mailer.idle()
  const rows = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, kind)))
  const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
  const match = newest?.text?.match(/\/LoginFromAdmin\/([A-Za-z0-9_-]+)/)
  if (!match?.[1]) throw new Error(`no ${kind} mail to ${email}`)
  return match[1]
}

async function sessionOf(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return Session.parse(await res.json()).token
}

/** Uses a mailed link as its page does: the session it opens. */
const useLink = async (token: string, caller: CartCaller = {}) =>
  sessionOf(await call('POST', `/password/verify-login/${token}`, caller))

const passwordLogin = (email: string, password: string) =>
  call('POST', '/login', {}, { body: { email, password, remember: false } })

describe('a guest session (e-mail only) on another device', () => {
  it('lists no earlier guest order of the address, and reaching one is a 404 on every call (its address cannot change)', async () => {
    const email = newEmail()
    const first = { token: newCartToken() }
    const firstCaller = { ...first, bearer: await loginGuest(first, email) }
    const id = await placeOrder(firstCaller)
    expect(await listed(firstCaller)).toEqual([id])

    const second = { token: newCartToken() }
    const secondCaller = { ...second, bearer: await loginGuest(second, email) }
    const withoutDevice = { bearer: await loginGuest({}, email) }
    for (const caller of [secondCaller, withoutDevice]) {
      expect(await listed(caller)).toEqual([])
      expect((await call('GET', `/order/get-submitted-order/${id}`, caller)).status).toBe(404)
      expect((await call('POST', `/order/${id}/can-change-address`, caller)).status).toBe(404)
      expect(
        (await call('POST', `/order/${id}/shipping-options`, caller, { body: {} })).status,
      ).toBe(404)
      expect(
        (
          await call('POST', `/order/${id}/validate-address`, caller, {
            body: { address: mallory },
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await call('POST', `/order/${id}/save-shipping-address`, caller, {
            body: { address: mallory },
            key: newKey(),
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await call('POST', '/order/save-shipping-address', caller, {
            body: { address: mallory, order_id: id },
            key: newKey(),
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await call('POST', `/payment/braintree/${id}`, caller, {
            body: { nonce: 'fake-valid-nonce' },
            key: newKey(),
          })
        ).status,
      ).toBe(404)
      expect((await call('GET', '/user/get-addresses/', caller)).status).toBe(403)
      expect((await call('GET', '/order/get-orders?dealer_orders=true', caller)).status).toBe(403)
    }
    // The first device still reads it as it was.
    const kept = await call('GET', `/order/get-submitted-order/${id}`, firstCaller)
    expect(await kept.json()).toMatchObject({ shipping: { address: { name: usAddress.name } } })
  })

  it('finds its cart and its orders again when it signs in again on the same device', async () => {
    const email = newEmail()
    const device = { token: newCartToken() }
    const id = await placeOrder({ ...device, bearer: await loginGuest(device, email) })
    await add({ ...device, bearer: await loginGuest(device, email) }, bag)
    const again = { ...device, bearer: await loginGuest(device, email) }
    expect(await listed(again)).toEqual([id])
    expect((await cartOfCaller(again)).items).toHaveLength(1)
    // Another device's guest session on the address has neither.
    const other = { token: newCartToken() }
    expect(
      (await cartOfCaller({ ...other, bearer: await loginGuest(other, email) })).items,
    ).toEqual([])
  })

  it('reads what it placed itself without the device’s header, also when it sends the header later', async () => {
    const email = newEmail()
    const bearer = await loginGuest({}, email)
    const id = await placeOrder({ bearer })
    expect(await listed({ bearer, token: newCartToken() })).toEqual([id])
    // Another guest session on the same device token does not.
    const device = { token: newCartToken() }
    expect(await listed({ ...device, bearer: await loginGuest(device, email) })).toEqual([])
  })

  it('still pays through the payment link, which needs no sign-in', async () => {
    const email = newEmail()
    const device = { token: newCartToken() }
    const id = await placeOrder({ ...device, bearer: await loginGuest(device, email) })
    await mailer.idle()
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'order-submitted')))
    const code = mail?.text?.match(/\/checkout\/([A-Za-z0-9_-]{43})/)?.[1]
    expect(code).toBeDefined()
    const res = await app.request(`/api/order/get-order-with-payment-link/${code}`)
    expect(await res.json()).toMatchObject({ id })
  })
})

describe('the mailed sign-in link', () => {
  it('brings every guest order of the address into the account, from every device', async () => {
    const email = newEmail()
    const one = { token: newCartToken() }
    const two = { token: newCartToken() }
    const first = await placeOrder({ ...one, bearer: await loginGuest(one, email) })
    const second = await placeOrder({ ...two, bearer: await loginGuest(two, email) })
    const asked = await call('POST', '/password/login-link', {}, { body: { email } })
    expect(asked.status).toBe(200)
    const bearer = await useLink(await mailedToken(email, 'login-link'), two)
    expect((await listed({ bearer, ...two })).sort()).toEqual([first, second].sort())
    const view = await call('GET', `/order/get-submitted-order/${first}`, { bearer })
    expect(view.status).toBe(200)
  })
})

describe('registering on an address', () => {
  const register = (email: string, extra: Record<string, unknown> = {}) =>
    call(
      'POST',
      '/user/create',
      {},
      {
        body: { email, password: 'squatter-pass', confirmPassword: 'squatter-pass', ...extra },
      },
    )

  it('does not receive later guest orders, the guest cart or a dealer tie until the mailed link is used; the link brings them in', async () => {
    const email = newEmail()
    expect((await register(email, { dealer: demoDealer.inviteCode })).status).toBe(200)
    await mailer.idle()
    const [account] = await database.db.select().from(users).where(eq(users.email, email))
    // The password works at once, for what the account makes itself.
    const squatter = await sessionOf(await passwordLogin(email, 'squatter-pass'))
    expect(await listed({ bearer: squatter })).toEqual([])

    // The address's owner buys as a guest, and leaves a bag in a guest cart.
    const device = { token: newCartToken() }
    const guestOrder = await placeOrder({ ...device, bearer: await loginGuest(device, email) })
    await add({ ...device, bearer: await loginGuest(device, email) }, bag)

    const again = await sessionOf(await passwordLogin(email, 'squatter-pass'))
    expect(await listed({ bearer: again })).toEqual([])
    expect(
      (await call('GET', `/order/get-submitted-order/${guestOrder}`, { bearer: again })).status,
    ).toBe(404)
    expect((await cartOfCaller({ bearer: again })).items).toEqual([])
    const tie = await database.db
      .select()
      .from(dealerCustomers)
      .where(eq(dealerCustomers.customerId, account!.id))
    expect(tie).toEqual([])

    // The confirmation mailed at registration proves the address: all of it joins.
    const bearer = await useLink(await mailedToken(email, 'confirm-email'))
    expect(await listed({ bearer })).toEqual([guestOrder])
    expect(
      await database.db
        .select({ linkedBy: dealerCustomers.linkedBy })
        .from(dealerCustomers)
        .where(eq(dealerCustomers.customerId, account!.id)),
    ).toEqual([{ linkedBy: 'invitation' }])
  })

  it('a sign-in link the owner asks for proves the address without handing it to whoever registered', async () => {
    const email = newEmail()
    expect((await register(email)).status).toBe(200)
    await mailer.idle()
    const squatter = await sessionOf(await passwordLogin(email, 'squatter-pass'))
    const device = { token: newCartToken() }
    const guestOrder = await placeOrder({ ...device, bearer: await loginGuest(device, email) })

    expect((await call('POST', '/password/login-link', {}, { body: { email } })).status).toBe(200)
    const owner = await useLink(await mailedToken(email, 'login-link'), device)
    expect(await listed({ bearer: owner, ...device })).toEqual([guestOrder])
    // The password chosen before the proof, and its session, no longer work.
    expect((await passwordLogin(email, 'squatter-pass')).status).toBe(422)
    expect((await call('GET', '/order/get-orders', { bearer: squatter })).status).toBe(401)
  })

  it('on an existing guest account, does not hand the registrant its earlier orders', async () => {
    const email = newEmail()
    const device = { token: newCartToken() }
    const guestOrder = await placeOrder({ ...device, bearer: await loginGuest(device, email) })
    expect((await register(email)).status).toBe(200)
    await mailer.idle()
    // The account keeps no password from the registration: the mail went to the address instead.
    expect((await passwordLogin(email, 'squatter-pass')).status).toBe(422)
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, email))
    expect(mails.map((mail) => mail.kind)).toContain('password-reset')
    expect(mails.map((mail) => mail.kind)).not.toContain('confirm-email')
    expect(guestOrder).toBeTruthy()
  })
})

describe('mail to an address its sender has not proven', () => {
  it('carries no shipping address a guest session typed; a proven account’s order mail does', async () => {
    const email = newEmail()
    const device = { token: newCartToken() }
    await placeOrder({ ...device, bearer: await loginGuest(device, email) }, mallory)
    const proven = await newUser()
    await placeOrder({ bearer: proven.bearer }, mallory)
    await mailer.idle()
    const mailTo = async (to: string) => {
      const [mail] = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), eq(outbox.kind, 'order-submitted')))
      return mail!
    }
    const guestMail = await mailTo(email)
    expect(guestMail.text).not.toContain('Mallory')
    expect(guestMail.text).not.toContain('Drop Street')
    expect(guestMail.html).not.toContain('Mallory')
    expect(guestMail.text).toContain('The delivery address is on the order’s page.')
    expect((await mailTo(proven.email)).text).toContain('1 Drop Street')
  })
})
