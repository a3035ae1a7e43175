import { randomBytes, randomUUID } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import type { Database } from '../../db/index.ts'
import { orderLines, orders, users, type OrderStatus } from '../../db/schema.ts'
import { hashToken, startSession } from '../sessions.ts'

/*
 * Tests' submitted orders, made directly in the database: payment tests need an order waiting
 * for money, whatever submit (issue 16's submit call) comes to do on the way there.
 */

export interface TestOrderOwner {
  userId?: string
  /** The device's cart token (its hash is kept on the order). */
  cartToken?: string
}

export async function submittedOrder(
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

/** An account (with a password unless a guest) and a session of it: its bearer token. */
export async function testAccount(
  db: Database,
  options: { role?: 'customer' | 'guest'; password?: boolean; guestSession?: boolean } = {},
) {
  const role = options.role ?? 'customer'
  const password = options.password ?? role !== 'guest'
  const guestSession = options.guestSession ?? false
  const [user] = await db
    .insert(users)
    .values({
      email: `payer-${randomUUID()}@example.com`,
      role,
      passwordHash: password ? await hash('flyfast-test') : null,
    })
    .returning()
  if (!user) throw new Error('no user made')
  const { token } = await startSession(db, user.id, { ttlSeconds: 3600, guest: guestSession })
  return { id: user.id, email: user.email, bearer: token }
}
