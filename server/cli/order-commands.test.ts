import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../contract/cart.ts'
import { orderEvents } from '../db/schema.ts'
import { listOutbox } from '../mail/outbox.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { testAccounts, testOrders } from '../testing/test-orders.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import type { AdminDeps } from './command.ts'
import { adminRunner } from './test-admin.ts'

let database: TestDatabase
let deps: AdminDeps
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  deps = {
    db: database.db,
    mailer: outboxMailer(database.db),
    siteUrl: 'https://shop.example',
    smtp: false,
  }
  app = createTestApp(database.db)
})
afterAll(async () => {
  await deps.mailer.idle()
  await database.close()
})

const call = cartCaller(() => app)
const newUser = testAccounts(() => database.db, { password: false })
const { submitted } = testOrders(call, () => database.db)

const admin = adminRunner(() => deps)

async function historyOf(id: string) {
  return (
    await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(orderEvents.createdAt)
  ).map((event) => `${event.status}: ${event.note}`)
}

describe('npm run admin -- move-order', () => {
  it('moves an order along its life, each move a line of its history', async () => {
    const order = await submitted({ token: newCartToken() })
    expect(await admin(['move-order', order.id, 'in_production'])).toMatchObject({
      code: 0,
      out: `Order ${order.id.slice(0, 8).toUpperCase()}: submitted -> in_production.`,
    })
    expect(
      await admin(['move-order', order.id, 'shipped', '--note', 'UPS 1Z999AA1']),
    ).toMatchObject({ code: 0 })
    expect(await historyOf(order.id)).toEqual([
      'submitted: Submitted.',
      'in_production: In production.',
      'shipped: UPS 1Z999AA1',
    ])
  })

  it('mails the customer each move, queued with it: shipped with its tracking number', async () => {
    const user = await newUser()
    const order = await submitted({ bearer: user.bearer })
    expect((await admin(['move-order', order.id, 'in_production'])).code).toBe(0)
    expect((await admin(['move-order', order.id, 'shipped', '--note', 'UPS 1Z999AA1'])).code).toBe(
      0,
    )
    await deps.mailer.idle()
    const mail = (await listOutbox(database.db, 10)).filter((kept) => kept.to === user.email)
    expect(mail.map((kept) => kept.kind)).toEqual(['order-shipped', 'order-in-production'])
    const [shipped] = mail
    expect(shipped!.text).toContain('UPS 1Z999AA1')
  })

  it('refuses a move the lifecycle does not allow, and says where it may go', async () => {
    const order = await submitted({ token: newCartToken() })
    const refused = await admin(['move-order', order.id, 'delivered'])
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('cannot move to delivered')
    expect(refused.err).toContain('in_production')
    expect(await historyOf(order.id)).toEqual(['submitted: Submitted.'])
  })

  it('refuses a cart, an unknown order and a wrong command line', async () => {
    const cart = Cart.parse(
      await (
        await call(
          'POST',
          '/order/add',
          { token: newCartToken() },
          {
            body: { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] },
            key: newKey(),
          },
        )
      ).json(),
    )
    expect((await admin(['move-order', cart.id!, 'paid'])).code).toBe(1)
    expect((await admin(['move-order', randomUUID(), 'paid'])).code).toBe(1)
    expect((await admin(['move-order', 'nope', 'paid'])).code).toBe(2)
    expect((await admin(['move-order', randomUUID(), 'flying'])).code).toBe(2)
    expect((await admin(['move-order', randomUUID()])).code).toBe(2)
  })
})

describe('npm run admin -- resend-mail', () => {
  it('mails the customer the order as it stands, with the payment link while a balance is due', async () => {
    const user = await newUser()
    const order = await submitted({ bearer: user.bearer })
    const sent = await admin(['resend-mail', order.id])
    expect(sent.code).toBe(0)
    expect(sent.out).toContain(user.email)
    const [mail] = await listOutbox(database.db, 1)
    expect(mail).toMatchObject({ to: user.email })
    // Not moved on yet: its confirmation again, with what is due.
    expect(mail!.subject).toBe('Your Glidecraft order is submitted')
    expect(mail!.text).toContain('Mission bag, black: 1 ×')
    expect(mail!.text).toContain(`https://shop.example/checkout/${order.code}`)
    expect(mail!.text).toContain(`https://shop.example/orders/${order.id}`)
  })

  it('refuses an order with no e-mail address, and an unknown one', async () => {
    const order = await submitted({ token: newCartToken() })
    const refused = await admin(['resend-mail', order.id])
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('without an e-mail address')
    expect((await admin(['resend-mail', randomUUID()])).code).toBe(1)
  })
})
