import { IDEMPOTENCY_KEY_HEADER } from '../contract/cart.ts'
import type { CartRefusalRecord } from '../store-db/store-db.ts'
import {
  CART_LINE_NAME_HEADER,
  QUEUED_STATUS,
  type CartWorkerReport,
  type QueuedAnswer,
} from './messages.ts'

/**
 * The worker's cart queue: every cart mutation (POST /api/order/add, update-qty, add-discount,
 * set-merged-notified) goes into a workbox-background-sync Queue (IndexedDB) first and is sent
 * from there, oldest first, so a change made online never overtakes one made offline before it
 * (an update-qty of a line whose add still waits). The page that made a change waits for its
 * answer: the server's own (200, or a 4xx with its messages), or, when no answer came (no
 * network, a timeout, a 5xx), a synthetic 202 `{queued: true}`: the change stays queued and is
 * sent again on the `sync` event, at worker start, when a page reports `online`, and on a timer
 * while the worker lives. Every change carries its Idempotency-Key, so the server applies a
 * change sent twice (its answer lost on the way back) once.
 *
 * Replay rules, per entry: no response → put back, stop; 2xx → next (pages are told, with the
 * server's cart); 4xx → the server refused: kept as a refusal for the customer to read (unless
 * the page that made it is still waiting and shows the answer itself), next; 5xx → put back,
 * stop, try later. An entry leaves the Queue only once its answer is in (the first entry is read
 * with `getAll`, Workbox having no peek, and shifted after): a worker killed in the middle of a
 * send finds that change still first in line at its next start and sends it again, which the
 * server recognises by its key.
 */

export const CART_QUEUE_NAME = 'cart-mutations'
/** A change waits up to 60 days for a network (the Queue's default would be 7). */
export const CART_QUEUE_RETENTION_MINUTES = 60 * 24 * 60
/** A request with no answer after this long counts as not delivered (its replay is idempotent). */
export const CART_SEND_TIMEOUT_MS = 15_000
/** Retries while the worker lives: 5 s, doubling, at most a minute apart. */
export const RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000]

/** What sw.ts hands in: the Workbox Queue, or a plain one in tests. */
export interface QueueEntry {
  request: Request
  timestamp?: number
  metadata?: object
}
export interface RequestQueue {
  pushRequest(entry: QueueEntry): Promise<void>
  shiftRequest(): Promise<QueueEntry | undefined>
  getAll(): Promise<QueueEntry[]>
}

export interface CartQueueDeps {
  queue: RequestQueue
  send: (request: Request, signal: AbortSignal) => Promise<Response>
  recordRefusal: (refusal: CartRefusalRecord) => Promise<void>
  /** Posts a report to every page of the site. */
  broadcast: (report: CartWorkerReport) => Promise<void>
  /** Runs `retry` after `ms` (setTimeout in the worker; a fake clock in tests). */
  schedule?: (retry: () => void, ms: number) => void
  timeoutMs?: number
  now?: () => number
}

export type ReplayResult = 'done' | 'offline' | 'server-error'

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '')
}

/** Which cart mutation a path is, or undefined for any other path. One segment at a time. */
export function cartAction(pathname: string): CartRefusalRecord['action'] | undefined {
  const segments = segmentsOf(pathname)
  if (segments[0] !== 'api' || segments[1] !== 'order') return undefined
  if (segments.length === 3 && segments[2] === 'add') return 'add'
  if (segments.length === 3 && segments[2] === 'set-merged-notified') return 'set-merged-notified'
  if (segments.length === 5 && segments[2] === 'item' && segments[4] === 'update-qty')
    return 'update-qty'
  if (segments.length === 4 && segments[3] === 'add-discount') return 'add-discount'
  return undefined
}

/** Whether the worker's queue carries this request: a cart mutation to the store's API. */
export function isCartMutation(
  request: Pick<Request, 'method'>,
  url: URL,
  origins: Set<string>,
): boolean {
  return request.method === 'POST' && origins.has(url.origin) && !!cartAction(url.pathname)
}

export function queuedResponse(): Response {
  const body: QueuedAnswer = { queued: true }
  return new Response(JSON.stringify(body), {
    status: QUEUED_STATUS,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  })
}

function keyOf(request: Request): string {
  return request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? ''
}

function decodeName(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** The server's words for a refusal: the first message of a field, else its message. */
export async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as {
      message?: unknown
      errors?: Record<string, unknown>
    }
    for (const messages of Object.values(body.errors ?? {})) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0]
    }
    if (typeof body.message === 'string' && body.message) return body.message
  } catch {
    // Not JSON: the status says it.
  }
  return response.status === 404 ? 'It is no longer in the cart.' : `Refused (${response.status}).`
}

/** Who the refusal is about when the page did not name it: the sku of an add, the code… */
async function fallbackName(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { sku?: unknown; discount_codes?: unknown }
    if (typeof body.sku === 'string') return body.sku
    if (typeof body.discount_codes === 'string') return body.discount_codes
    if (Array.isArray(body.discount_codes)) return body.discount_codes.join(', ')
  } catch {
    // No JSON body.
  }
  return 'A change to your cart'
}

export interface CartQueue {
  /** The fetch handler's answer to a cart mutation from a page. */
  handle(request: Request): Promise<Response>
  /** Sends what waits; one run at a time (asking during a run makes it go round once more). */
  replay(): Promise<ReplayResult>
  /** The keys waiting for the network, oldest first. */
  waitingKeys(): Promise<string[]>
}

export function createCartQueue(deps: CartQueueDeps): CartQueue {
  const timeoutMs = deps.timeoutMs ?? CART_SEND_TIMEOUT_MS
  const now = deps.now ?? Date.now
  /** Pages waiting live for the answer to their change, by key. */
  const waiters = new Map<string, (response: Response | undefined) => void>()
  let running: Promise<ReplayResult> | undefined
  let again = false
  let retryIndex = 0
  let retryScheduled = false

  async function waitingKeys(): Promise<string[]> {
    const keys = (await deps.queue.getAll()).map((entry) => keyOf(entry.request))
    return keys.filter((key) => !waiters.has(key))
  }

  async function reportQueue(): Promise<void> {
    await deps.broadcast({ type: 'CART_QUEUE', keys: await waitingKeys() })
  }

  function settle(key: string, response: Response | undefined): void {
    waiters.get(key)?.(response)
    waiters.delete(key)
  }

  function scheduleRetry(): void {
    if (!deps.schedule || retryScheduled) return
    retryScheduled = true
    const delay = RETRY_DELAYS_MS[Math.min(retryIndex, RETRY_DELAYS_MS.length - 1)]!
    retryIndex += 1
    deps.schedule(() => {
      retryScheduled = false
      void replay()
    }, delay)
  }

  async function send(request: Request): Promise<Response> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      return await deps.send(request, controller.signal)
    } finally {
      clearTimeout(timer)
    }
  }

  async function firstEntry(): Promise<QueueEntry | undefined> {
    return (await deps.queue.getAll())[0]
  }

  /** Sends entries until the queue is empty or one cannot be delivered. */
  async function drain(): Promise<ReplayResult> {
    for (let entry = await firstEntry(); entry; entry = await firstEntry()) {
      const key = keyOf(entry.request)
      let response: Response
      try {
        response = await send(entry.request.clone())
      } catch {
        return 'offline'
      }
      if (response.status >= 500) {
        return 'server-error'
      }
      // Answered: only now does the change leave the Queue. It is still the first entry: only
      // this loop removes entries (one at a time), and new ones are pushed at the end.
      await deps.queue.shiftRequest()
      if (response.ok) {
        const cart: unknown = await response
          .clone()
          .json()
          .catch(() => null)
        await deps.broadcast({ type: 'CART_SYNCED', key, cart })
      } else if (!waiters.has(key)) {
        const action = cartAction(new URL(entry.request.url).pathname) ?? 'add'
        await deps.recordRefusal({
          key,
          action,
          name:
            decodeName((entry.metadata as { lineName?: unknown } | undefined)?.lineName) ??
            (await fallbackName(entry.request.clone())),
          status: response.status,
          message: await refusalMessage(response),
          at: now(),
        })
        await deps.broadcast({ type: 'CART_REFUSED', key })
      }
      settle(key, response)
      await reportQueue()
    }
    return 'done'
  }

  function replay(): Promise<ReplayResult> {
    again = true
    running ??= (async () => {
      let result: ReplayResult = 'done'
      try {
        while (again && result === 'done') {
          again = false
          result = await drain()
        }
      } finally {
        running = undefined
      }
      if (result === 'done') {
        retryIndex = 0
      } else {
        // Whoever waits live on a change that could not be delivered is told it is queued,
        // after the pages have heard that it waits.
        const undelivered = [...waiters.values()]
        waiters.clear()
        await reportQueue()
        scheduleRetry()
        for (const resolve of undelivered) resolve(undefined)
      }
      return result
    })()
    return running
  }

  async function handle(request: Request): Promise<Response> {
    const key = keyOf(request)
    // Without a key a repeat could not be recognised: such a request is never replayed.
    if (!key) return deps.send(request, new AbortController().signal)
    const headers = new Headers(request.headers)
    const lineName = headers.get(CART_LINE_NAME_HEADER)
    headers.delete(CART_LINE_NAME_HEADER)
    const stripped = new Request(request.url, {
      method: request.method,
      headers,
      body: await request.arrayBuffer(),
      credentials: request.credentials,
      mode: request.mode === 'navigate' ? 'same-origin' : request.mode,
    })
    const answer = new Promise<Response | undefined>((resolve) => waiters.set(key, resolve))
    await deps.queue.pushRequest({
      request: stripped,
      timestamp: now(),
      metadata: lineName ? { lineName } : undefined,
    })
    void replay()
    return (await answer) ?? queuedResponse()
  }

  return { handle, replay, waitingKeys }
}
