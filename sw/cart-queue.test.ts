import { describe, expect, it } from 'vitest'
import type { CartRefusalRecord } from '../store-db/store-db.ts'
import {
  cartAction,
  createCartQueue,
  isCartMutation,
  RETRY_DELAYS_MS,
  type QueueEntry,
  type RequestQueue,
} from './cart-queue.ts'
import type { CartWorkerReport } from './messages.ts'

/** The Workbox Queue's semantics (FIFO, shift removes), in memory; `entries` is what IndexedDB holds. */
function memoryQueue(entries: QueueEntry[] = []): RequestQueue & { entries: QueueEntry[] } {
  return {
    entries,
    pushRequest: async (entry) => void entries.push(entry),
    shiftRequest: async () => entries.shift(),
    getAll: async () => [...entries],
  }
}

type Mode = 'up' | 'down' | 'lose-answer' | '500'

/**
 * A cart server as the contract describes it: each Idempotency-Key is applied once and a repeat
 * gets the first answer. `mode` says what the network does to the next requests.
 */
function fakeServer() {
  const applied = new Map<string, Response>()
  const lines: string[] = []
  const seen: Request[] = []
  const server = {
    mode: 'up' as Mode,
    refuse: new Set<string>(),
    lines,
    seen,
    async send(request: Request): Promise<Response> {
      if (server.mode === 'down') throw new TypeError('Failed to fetch')
      if (server.mode === '500') return new Response('{"message":"down"}', { status: 500 })
      seen.push(request)
      const key = request.headers.get('Idempotency-Key')!
      let answer = applied.get(key)
      if (!answer) {
        const body = (await request.json()) as { sku: string }
        if (server.refuse.has(body.sku)) {
          answer = Response.json(
            {
              message: 'The given data was invalid.',
              errors: { sku: ['This product is no longer sold.'] },
            },
            { status: 422 },
          )
        } else {
          lines.push(body.sku)
          answer = Response.json({ id: 'cart-1', items: lines.map((sku) => ({ sku })) })
        }
        applied.set(key, answer)
      }
      // The server did its part; the answer is lost on the way back.
      if (server.mode === 'lose-answer') throw new TypeError('Failed to fetch')
      return answer.clone()
    },
  }
  return server
}

function setup() {
  const queue = memoryQueue()
  const server = fakeServer()
  const reports: CartWorkerReport[] = []
  const refusals: CartRefusalRecord[] = []
  const timers: { retry: () => void; ms: number }[] = []
  const cart = createCartQueue({
    queue,
    send: (request) => server.send(request),
    recordRefusal: async (refusal) => void refusals.push(refusal),
    broadcast: async (report) => void reports.push(report),
    schedule: (retry, ms) => void timers.push({ retry, ms }),
    now: () => 1000,
  })
  return { queue, server, reports, refusals, timers, cart }
}

function add(key: string, sku: string, name?: string): Request {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Idempotency-Key': key,
  }
  if (name) headers['X-Cart-Line-Name'] = encodeURIComponent(name)
  return new Request('https://shop.test/api/order/add', {
    method: 'POST',
    headers,
    body: JSON.stringify({ sku, qty: 1, meta: [], child: [] }),
  })
}

describe('the cart queue', () => {
  it('answers with the server’s own answer when the network is there, and keeps nothing', async () => {
    const { cart, server, queue } = setup()
    const response = await cart.handle(add('key-00001', 'BAG-1'))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ items: [{ sku: 'BAG-1' }] })
    expect(server.lines).toEqual(['BAG-1'])
    expect(queue.entries).toHaveLength(0)
  })

  it('keeps a change made offline, answers 202 queued, and sends it once when the network returns', async () => {
    const { cart, server, reports } = setup()
    server.mode = 'down'
    const response = await cart.handle(add('key-00001', 'SUIT-1'))
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ queued: true })
    expect(await cart.waitingKeys()).toEqual(['key-00001'])
    expect(reports).toContainEqual({ type: 'CART_QUEUE', keys: ['key-00001'] })

    server.mode = 'up'
    expect(await cart.replay()).toBe('done')
    expect(server.lines).toEqual(['SUIT-1'])
    expect(await cart.waitingKeys()).toEqual([])
    expect(reports).toContainEqual({
      type: 'CART_SYNCED',
      key: 'key-00001',
      cart: { id: 'cart-1', items: [{ sku: 'SUIT-1' }] },
    })
    expect(reports.at(-1)).toEqual({ type: 'CART_QUEUE', keys: [] })
  })

  it('never doubles a change whose answer was lost after the server applied it', async () => {
    const { cart, server } = setup()
    server.mode = 'lose-answer'
    expect((await cart.handle(add('key-00001', 'SUIT-1'))).status).toBe(202)
    server.mode = 'up'
    await cart.replay()
    expect(server.seen).toHaveLength(2)
    expect(server.lines).toEqual(['SUIT-1'])
  })

  it('sends in the order the customer acted: a change made online waits behind the queued ones', async () => {
    const { cart, server } = setup()
    server.mode = 'down'
    await cart.handle(add('key-00001', 'A'))
    await cart.handle(add('key-00002', 'B'))
    server.mode = 'up'
    const third = await cart.handle(add('key-00003', 'C'))
    expect(third.status).toBe(200)
    expect(server.lines).toEqual(['A', 'B', 'C'])
  })

  it('records a refusal met while replaying, with the line’s name and the server’s words, and goes on', async () => {
    const { cart, server, refusals, reports } = setup()
    server.mode = 'down'
    await cart.handle(add('key-00001', 'GONE-1', 'Corvid 2'))
    await cart.handle(add('key-00002', 'BAG-1'))
    server.mode = 'up'
    server.refuse.add('GONE-1')
    expect(await cart.replay()).toBe('done')
    expect(refusals).toEqual([
      {
        key: 'key-00001',
        action: 'add',
        name: 'Corvid 2',
        status: 422,
        message: 'This product is no longer sold.',
        at: 1000,
      },
    ])
    expect(reports).toContainEqual({ type: 'CART_REFUSED', key: 'key-00001' })
    expect(server.lines).toEqual(['BAG-1'])
  })

  it('gives a refusal to the page still waiting for it rather than recording it', async () => {
    const { cart, server, refusals } = setup()
    server.refuse.add('GONE-1')
    const response = await cart.handle(add('key-00001', 'GONE-1'))
    expect(response.status).toBe(422)
    expect(refusals).toEqual([])
  })

  it('sends a change again after the worker was killed in the middle of sending it, once', async () => {
    const server = fakeServer()
    const stored: QueueEntry[] = []
    const quiet = { recordRefusal: async () => undefined, broadcast: async () => undefined }
    // The first worker's send reaches the server, then the worker dies before any answer.
    let reachedServer!: () => void
    const reached = new Promise<void>((resolve) => (reachedServer = resolve))
    const dying = createCartQueue({
      ...quiet,
      queue: memoryQueue(stored),
      send: async (request) => {
        await server.send(request.clone())
        reachedServer()
        return new Promise<Response>(() => undefined)
      },
    })
    void dying.handle(add('key-00001', 'SUIT-1'))
    await reached
    expect(stored).toHaveLength(1)

    // The next worker starts over the same IndexedDB and replays what is there.
    const next = createCartQueue({
      ...quiet,
      queue: memoryQueue(stored),
      send: (request) => server.send(request),
    })
    expect(await next.replay()).toBe('done')
    expect(stored).toHaveLength(0)
    expect(server.seen).toHaveLength(2)
    expect(server.lines).toEqual(['SUIT-1'])
  })

  it('puts a change back on a 5xx, stops, and tries again later', async () => {
    const { cart, server, timers } = setup()
    server.mode = '500'
    expect((await cart.handle(add('key-00001', 'A'))).status).toBe(202)
    expect(await cart.waitingKeys()).toEqual(['key-00001'])
    expect(timers.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[0]])
    server.mode = 'up'
    timers[0]!.retry()
    await cart.replay()
    expect(server.lines).toEqual(['A'])
  })

  it('keeps the change being sent in the queue and lists it as waiting until its answer is in', async () => {
    const queue = memoryQueue()
    let release!: () => void
    let sendStarted!: () => void
    const sending = new Promise<void>((resolve) => (sendStarted = resolve))
    const cart = createCartQueue({
      queue,
      send: () =>
        new Promise<Response>((_, reject) => {
          release = () => reject(new TypeError('Failed to fetch'))
          sendStarted()
        }),
      recordRefusal: async () => undefined,
      broadcast: async () => undefined,
    })
    await queue.pushRequest({ request: add('key-00001', 'A') })
    const replay = cart.replay()
    await sending
    expect(queue.entries).toHaveLength(1)
    expect(await cart.waitingKeys()).toEqual(['key-00001'])
    release()
    expect(await replay).toBe('offline')
    expect(await cart.waitingKeys()).toEqual(['key-00001'])
  })

  it('never sends the page’s line-name header to the server', async () => {
    const { cart, server } = setup()
    await cart.handle(add('key-00001', 'A', 'Corvid 2'))
    expect(server.seen[0]!.headers.has('X-Cart-Line-Name')).toBe(false)
    expect(server.seen[0]!.headers.get('Idempotency-Key')).toBe('key-00001')
  })
})

describe('which requests the queue carries', () => {
  const origins = new Set(['https://shop.test'])
  it.each([
    ['/api/order/add', 'add'],
    ['/api/order/item/0a1b/update-qty', 'update-qty'],
    ['/api/order/0a1b/add-discount', 'add-discount'],
    ['/api/order/set-merged-notified', 'set-merged-notified'],
  ])('%s is %s', (path, action) => {
    expect(cartAction(path)).toBe(action)
    expect(isCartMutation({ method: 'POST' }, new URL(path, 'https://shop.test'), origins)).toBe(
      true,
    )
  })

  it('leaves reads, other paths and other origins alone', () => {
    const url = (path: string, origin = 'https://shop.test') => new URL(path, origin)
    expect(isCartMutation({ method: 'GET' }, url('/api/order/add'), origins)).toBe(false)
    expect(isCartMutation({ method: 'POST' }, url('/api/order'), origins)).toBe(false)
    expect(isCartMutation({ method: 'POST' }, url('/api/login'), origins)).toBe(false)
    expect(
      isCartMutation({ method: 'POST' }, url('/api/order/add', 'https://evil.test'), origins),
    ).toBe(false)
  })
})
