import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../lib/db.ts'
import { forgetKeptOrders } from '../../lib/kept-orders.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { NotKeptError, orderQuery, ordersQuery, type Read } from './api.ts'

const id = '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1'
const wire = { id, status: 'in_production', lines: [], total: 228_000, payment_code: 'code' }

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

async function read<T>(options: ReturnType<typeof orderQuery> | ReturnType<typeof ordersQuery>) {
  // A fresh client each time: a new start of the app, with nothing in memory.
  const client = createQueryClient()
  return client.fetchQuery({ ...options, retry: false }) as Promise<Read<T>>
}

beforeEach(async () => {
  await db.keptOrders.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('orders kept for offline reading', () => {
  it('keeps each order read online, and shows it offline as of that reading', async () => {
    answer(() => json(wire))
    const online = await read(orderQuery(id))
    expect(online).toMatchObject({ fromDevice: false, data: { paymentCode: 'code' } })

    offline()
    const later = await read(orderQuery(id))
    expect(later).toEqual({ data: online.data, savedAt: online.savedAt, fromDevice: true })
  })

  it('says truthfully when an order was never read on this device', async () => {
    offline()
    await expect(read(orderQuery(id))).rejects.toBeInstanceOf(NotKeptError)
  })

  it('falls back to the copy when the shop fails, and forgets it when the order is not the caller’s', async () => {
    answer(() => json(wire))
    await read(orderQuery(id))
    answer(() => json({ message: 'Server error.' }, 503))
    expect((await read(orderQuery(id))).fromDevice).toBe(true)
    answer(() => json({ message: 'No such order, or it is not yours.' }, 404))
    await expect(read(orderQuery(id))).rejects.toMatchObject({ status: 404 })
    offline()
    await expect(read(orderQuery(id))).rejects.toBeInstanceOf(NotKeptError)
  })

  it('keeps the list too, and sign-out forgets everything kept', async () => {
    answer(() =>
      json({
        orders: [{ id, status: 'paid' }],
        page: 1,
        per_page: 20,
        total_count: 1,
        has_more: false,
      }),
    )
    await read(ordersQuery())
    offline()
    expect((await read(ordersQuery())).fromDevice).toBe(true)
    await forgetKeptOrders()
    await expect(read(ordersQuery())).rejects.toBeInstanceOf(NotKeptError)
  })
})
