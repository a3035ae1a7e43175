import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../lib/db.ts'
import { forgetKeptOrders } from '../../lib/kept-orders.ts'
import { createQueryClient, forgetUserQueries } from '../../lib/query-client.ts'
import { NotKeptError, orderQuery, ordersQuery } from './api.ts'

const id = '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1'
const wire = { id, status: 'in_production', lines: [], total: 228_000, payment_code: 'code' }
const listWire = {
  orders: [{ id, status: 'paid' }],
  page: 1,
  per_page: 20,
  total_count: 1,
  has_more: false,
}

function answer(route: (request: Request) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => route(input)),
  )
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const offline = () =>
  answer(() => {
    throw new TypeError('Failed to fetch')
  })

// A fresh client for each reading: a new start of the app, with nothing in memory.
const readOrder = () => createQueryClient().fetchQuery({ ...orderQuery(id), retry: false })
const readList = () => createQueryClient().fetchQuery({ ...ordersQuery(), retry: false })

beforeEach(async () => {
  await db.keptOrders.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('orders kept for offline reading', () => {
  it('keeps each order read online, and shows it offline as of that reading', async () => {
    answer(() => json(wire))
    const online = await readOrder()
    expect(online).toMatchObject({ fromDevice: false, data: { paymentCode: 'code' } })

    offline()
    const later = await readOrder()
    expect(later).toEqual({ data: online.data, savedAt: online.savedAt, fromDevice: true })
  })

  it('says truthfully when an order was never read on this device', async () => {
    offline()
    await expect(readOrder()).rejects.toBeInstanceOf(NotKeptError)
  })

  it('falls back to the copy when the shop fails, and forgets it when the order is not the caller’s', async () => {
    answer(() => json(wire))
    await readOrder()
    answer(() => json({ message: 'Server error.' }, 503))
    expect((await readOrder()).fromDevice).toBe(true)
    answer(() => json({ message: 'No such order, or it is not yours.' }, 404))
    await expect(readOrder()).rejects.toMatchObject({ status: 404 })
    offline()
    await expect(readOrder()).rejects.toBeInstanceOf(NotKeptError)
  })

  it('keeps the list too, and sign-out forgets everything kept', async () => {
    answer(() => json(listWire))
    await readList()
    offline()
    expect((await readList()).fromDevice).toBe(true)
    await forgetKeptOrders()
    await expect(readList()).rejects.toBeInstanceOf(NotKeptError)
  })

  it('the orders read into memory go with the customer’s session', async () => {
    const client = createQueryClient()
    answer(() => json(listWire))
    await client.fetchQuery({ ...ordersQuery(), retry: false })
    answer(() => json(wire))
    await client.fetchQuery({ ...orderQuery(id), retry: false })

    // What sign-out, or a session ended elsewhere, does to the customer's queries.
    await forgetUserQueries(client)

    expect(client.getQueryData(ordersQuery().queryKey)).toBeUndefined()
    expect(client.getQueryData(orderQuery(id).queryKey)).toBeUndefined()
  })
})
