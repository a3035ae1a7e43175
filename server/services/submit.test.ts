import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShippingRateTable } from '../../contract/shipping.ts'
import {
  shippingGoneMessage,
  shippingRepricedMessage,
  type SubmitAnswer,
} from '../../contract/submit.ts'
import { loadContent } from '../content/load.ts'
import { orders } from '../db/schema.ts'
import { hashToken } from './sessions.ts'
import { cachedPalette } from './cart/pricing.ts'
import { createCatalogCache, type CatalogSnapshot } from './catalog-cache.ts'
import { tableShippingRates } from './shipping.ts'
import { orderSubmittedMail } from '../mail/templates.ts'
import { orderMailData } from './orders/mail-data.ts'
import { submitOrder } from './submit.ts'
import {
  cartCaller,
  createTestApp,
  newCartToken,
  newKey,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { bag, priority, usAddress } from '../../tests/order-fixtures.ts'

/*
 * Submit's re-check of the shipping option against the rates as they are at submit: the rate
 * table is changed under a cart that chose its option before (a carrier's API behind the same
 * interface may change its prices at any time).
 */

let database: TestDatabase
let app: ReturnType<typeof createTestApp>
let table: ShippingRateTable
let catalog: CatalogSnapshot

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
  table = (await loadContent()).shippingRates
  const current = createCatalogCache({ db: database.db }).current()
  catalog = current instanceof Promise ? await current : current
})
afterAll(() => database.close())

const call = cartCaller(() => app)

/** A device's cart with a bag, a US address and USPS Priority (1250 under the table). */
async function readyCart() {
  const token = newCartToken()
  const post = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token }, { body, key: newKey() })
    expect(res.status).toBe(200)
    return (await res.json()) as { id: string }
  }
  const cart = await post('/order/add', bag)
  await post('/order/save-shipping-address', { address: usAddress })
  await post('/order/save-shipping-option', priority)
  return { id: cart.id, owner: { kind: 'token' as const, tokenHash: hashToken(token) } }
}

/** The table with USPS Priority changed (or removed, with `undefined`). */
function withPriority(change: ((amount: number) => number) | undefined): ShippingRateTable {
  return {
    ...table,
    zones: table.zones.map((zone) => ({
      ...zone,
      services: zone.services.flatMap((service) => {
        if (service.service_code !== priority.service_code) return [service]
        if (!change) return []
        return [
          {
            ...service,
            brackets: service.brackets.map((b) => ({ ...b, amount: change(b.amount) })),
          },
        ]
      }),
    })),
  }
}

async function submitWith(
  rates: ShippingRateTable,
  owner: Awaited<ReturnType<typeof readyCart>>['owner'],
) {
  const palette = await cachedPalette(database.db)
  return database.db.transaction((tx) =>
    submitOrder(
      tx,
      owner,
      { notes: undefined, optIn: false, email: 'dana@example.com' },
      tableShippingRates(rates),
      catalog,
      palette,
    ),
  )
}

describe('submit re-checks the shipping option against the rates now', () => {
  it('refuses an option whose price changed since it was chosen, or that is gone', async () => {
    const cart = await readyCart()
    const repriced = await submitWith(
      withPriority((amount) => amount + 300),
      cart.owner,
    )
    expect(repriced.answer).toMatchObject({
      status: 422,
      body: { errors: { shipping: [shippingRepricedMessage] } },
    })
    const gone = await submitWith(withPriority(undefined), cart.owner)
    expect(gone.answer).toMatchObject({
      status: 422,
      body: { errors: { shipping: [shippingGoneMessage] } },
    })
    const [row] = await database.db.select().from(orders).where(eq(orders.id, cart.id))
    expect(row!.status).toBe('open')
    expect(repriced.submitted).toBeUndefined()
  })

  it('submits at the price the rates still give', async () => {
    const cart = await readyCart()
    const result = await submitWith(table, cart.owner)
    expect(result.answer.status).toBe(200)
    expect((result.answer.body as SubmitAnswer).total).toBe(22_000 + 1250)
    // The order's confirmation, as submit queues it: to the address it was submitted with.
    const [row] = await database.db.select().from(orders).where(eq(orders.id, cart.id))
    const data = await orderMailData(database.db, row!)
    const mail = orderSubmittedMail(
      { siteUrl: 'https://shop.example' },
      { order: data!, paymentDueToday: true },
    )
    expect(mail.to).toBe('dana@example.com')
    expect(data!.total).toBe(22_000 + 1250)
    expect(mail.text).toContain(`https://shop.example/checkout/${result.submitted!.paymentCode}`)
    expect(mail.text).toContain(`https://shop.example/orders/${cart.id}`)
  })
})
