import { randomBytes, randomUUID } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import type { AddToOrderRequest } from '../../contract/configurator.ts'
import type { Database } from '../db/index.ts'
import {
  orderEvents,
  orderLines,
  orders,
  payments,
  users,
  type OrderStatus,
  type PaymentStatus,
} from '../db/schema.ts'
import { hashToken, startSession } from '../services/sessions.ts'
import { newKey, type CartCall, type CartCaller } from './test-helpers.ts'
import { bag, customSuit, priority, usAddress } from '../../tests/order-fixtures.ts'

/*
 * What the cart, checkout, order and payment tests make again and again: accounts with a session,
 * the products and address a customer sends, a cart made ready to submit through the API, and
 * submitted orders.
 */

export { bag, customSuit, priority, usAddress }

/** The password of the test accounts made with one. */
export const testPassword = 'flyfast-test'

export interface TestAccountOptions {
  role?: 'customer' | 'guest'
  /** Whether the account has a password (`testPassword`); by default unless a guest. */
  password?: boolean
  /** Whether the session is a guest session (e-mail only) on the account. */
  guestSession?: boolean
  /** Whether the address is proven (a mailed link used); by default when it has a password. */
  proven?: boolean
}

/** An account and a session of it: its bearer token. */
export async function testAccount(db: Database, options: TestAccountOptions = {}) {
  const role = options.role ?? 'customer'
  const password = options.password ?? role !== 'guest'
  const [user] = await db
    .insert(users)
    .values({
      email: `account-${randomUUID()}@example.com`,
      role,
      passwordHash: password ? await hash(testPassword) : null,
      emailVerifiedAt: (options.proven ?? password) ? new Date() : null,
    })
    .returning()
  if (!user) throw new Error('no user made')
  const { token } = await startSession(db, user.id, {
    ttlSeconds: 3600,
    guest: options.guestSession ?? false,
  })
  return { id: user.id, email: user.email, bearer: token }
}

/**
 * `newUser(options)`: `testAccount` on the test file's database (`db()`, set in a beforeAll), with
 * that file's defaults.
 */
export function testAccounts(db: () => Database, defaults: TestAccountOptions = {}) {
  return (options: TestAccountOptions = {}) => testAccount(db(), { ...defaults, ...options })
}

/** The cart of a 200 answer. */
export async function cartOf(res: Response): Promise<Cart> {
  expect(res.status).toBe(200)
  return Cart.parse(await res.json())
}

/** The messages per field of a refusal (422 unless told). */
export async function errorsOf(res: Response, status = 422): Promise<Record<string, string[]>> {
  expect(res.status).toBe(status)
  return ((await res.json()) as { errors: Record<string, string[]> }).errors
}

export interface SubmittedOptions {
  items?: AddToOrderRequest[]
  status?: OrderStatus
  pays?: { amount: number; status: PaymentStatus }[]
  submittedAt?: Date
  guestOf?: string
  /** Whether a shipping option is chosen (a made-to-order cart has none). */
  ship?: boolean
  /** The address and shipping option chosen (the US address and Priority unless told). */
  address?: unknown
  option?: unknown
}

export interface Submitted {
  id: string
  code: string
  cart: Cart
  /** What its shipping option costs (by weight). */
  shipping: number
}

/**
 * A customer's steps to an order through the API (`call`, as `cartCaller` makes it), each with a
 * key of its own and asserting a 200, and the submitted orders made from them (`db()`, set in a
 * beforeAll).
 */
export function testOrders(call: CartCall, db: () => Database) {
  const add = async (caller: CartCaller, item: AddToOrderRequest) =>
    cartOf(await call('POST', '/order/add', caller, { body: item, key: newKey() }))
  const saveAddress = async (caller: CartCaller, address: unknown = usAddress) =>
    cartOf(
      await call('POST', '/order/save-shipping-address', caller, {
        body: { address },
        key: newKey(),
      }),
    )
  const saveOption = async (caller: CartCaller, option: unknown = priority) =>
    cartOf(
      await call('POST', '/order/save-shipping-option', caller, { body: option, key: newKey() }),
    )

  /** The caller's cart with the items, the US address and Priority shipping: ready to submit. */
  async function readyCart(caller: CartCaller, items: AddToOrderRequest[] = [bag]): Promise<Cart> {
    for (const item of items) await add(caller, item)
    await saveAddress(caller)
    return saveOption(caller)
  }

  /**
   * A submitted order made the way a customer makes one up to submit (real cart adds, address
   * and shipping option), then turned into an order directly in the database as submit does:
   * status, submitted_at, total_amount, payment_code and its first history line; and payments,
   * if given.
   */
  async function submitted(
    caller: CartCaller,
    {
      items = [bag],
      status = 'submitted',
      pays = [],
      submittedAt = new Date(),
      guestOf,
      ship = true,
      address = usAddress,
      option = priority,
    }: SubmittedOptions = {},
  ): Promise<Submitted> {
    for (const item of items) await add(caller, item)
    let cart = await saveAddress(caller, address)
    if (ship) cart = await saveOption(caller, option)
    const id = cart.id!
    const code = randomBytes(32).toString('base64url')
    await db()
      .update(orders)
      .set({
        status,
        submittedAt,
        totalAmount: cart.total + (cart.shipping?.amount ?? 0),
        paymentCode: code,
        guestOf: guestOf ?? null,
      })
      .where(eq(orders.id, id))
    await db()
      .insert(orderEvents)
      .values({ orderId: id, status: 'submitted', note: 'Submitted.', createdAt: submittedAt })
    for (const pay of pays)
      await db().insert(payments).values({
        orderId: id,
        attemptKey: newKey(),
        provider: 'test',
        amount: pay.amount,
        currency: 'USD',
        status: pay.status,
      })
    return { id, code, cart, shipping: cart.shipping?.amount ?? 0 }
  }

  /** Signs in as a guest (e-mail only) from the caller's device: the session's bearer token. */
  async function loginGuest(caller: CartCaller, email: string): Promise<string> {
    const res = await call('POST', '/login-guest', caller, { body: { email, remember: false } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { token: string }).token
  }

  return { add, saveAddress, saveOption, readyCart, submitted, loginGuest }
}

export interface TestOrderOwner {
  userId?: string
  /** The device's cart token (its hash is kept on the order). */
  cartToken?: string
}

/**
 * A submitted order of one line made directly in the database, for tests that need an order
 * waiting for money whatever submit does on the way there.
 */
export async function orderAwaitingPayment(
  db: Database,
  owner: TestOrderOwner,
  { total = 45900, currency = 'USD', status = 'submitted' as OrderStatus } = {},
) {
  const paymentCode = randomBytes(32).toString('base64url')
  const [order] = await db
    .insert(orders)
    .values({
      userId: owner.userId ?? null,
      cartTokenHash: owner.cartToken ? hashToken(owner.cartToken) : null,
      status,
      currency,
      totalAmount: total,
      paymentCode,
      submittedAt: new Date(),
    })
    .returning()
  if (!order) throw new Error('no order made')
  await db.insert(orderLines).values({
    orderId: order.id,
    lineKey: randomUUID(),
    sku: 'MISSION-BAG-BLACK',
    productSlug: 'mission-bag',
    qty: 1,
    meta: [],
    unitAmount: total,
  })
  return { id: order.id, paymentCode, total, currency }
}
