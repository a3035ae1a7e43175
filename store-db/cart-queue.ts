import { API_MARK_HEADER, API_MARK_VALUE } from '../contract/api-mark.ts'
import {
  CART_ACCOUNT_HEADER,
  CART_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
} from '../contract/cart-headers.ts'
import { RECAPTCHA_TOKEN_HEADER } from '../contract/recaptcha-pages.ts'
import {
  entryName,
  intentFromRequest,
  isCartAnswer,
  isFormAnswer,
  isRecord,
  isSubmitAnswer,
  rebase,
  requestOf,
  type OutboxEntry,
  type OutboxLineDisplay,
  type ServerCart,
  type SubmitAnswer,
} from './cart-outbox-model.ts'
import {
  CART_LINE_HEADER,
  CART_LINE_NAME_HEADER,
  QUEUED_STATUS,
  type CartWorkerReport,
  type QueuedAnswer,
} from './outbox-protocol.ts'
import type { CartOutboxState, CartRefusalRecord, StoreDB } from './store-db.ts'

/**
 * The cart outbox's drainer. The outbox (store-db `cartOutbox`, cart-outbox-model.ts) is the one
 * truth for what waits; the page writes its changes there (folding edits), and a page of an
 * older build still sends them as requests, which `handle` turns into the same intents. The
 * service worker runs it (sw/cart-sync.ts), and so does a page no worker controls (a first visit
 * before its worker activates, a browser without one: src/lib/page-outbox.ts), so what such a
 * page could not send waits on the device too. This sends them, oldest first, one context at a
 * time:
 *
 * - Exactly one drainer: the drain runs inside the Web Lock `cart-outbox` (held by one worker or
 *   page at a time, the installing worker and the active one included). Each entry is claimed
 *   (frozen) in one transaction before it is sent and leaves the outbox by its own seq once
 *   answered, never "the first".
 * - Identity at send time: nothing stored carries a credential. The bearer (the `authToken`
 *   cookie, read through `credentials`) and the device's cart token (Dexie meta, mirrored by the
 *   page) are added as the entry is sent, so a change lands in the account signed in now.
 * - A change made signed in (`by`) is sent only with a session, naming its account
 *   (X-Cart-Account): with no session it waits (`signed-out`) for the customer to sign in again;
 *   another account's session gets a 409, recorded as a refusal. It never lands in the device's
 *   cart. A change made signed out goes to whoever the device acts for when it is sent.
 * - Delivery means the store answered: only an answer carrying the API's mark header
 *   (contract/api-mark.ts) with a JSON body of the expected shape (a Cart for 2xx, `{message}`
 *   for 4xx) settles an entry. A redirect (fetched with `redirect: 'manual'`, so it arrives
 *   opaque), a portal's 200 text/html or a proxy's 502 page keep it queued; the outbox then says
 *   `not-the-shop` and retries.
 * - 401 (the session expired or was revoked): nothing is dropped; the outbox waits
 *   (`signed-out`) until the customer signs in again, then lands in that account.
 * - Any other 4xx: a refusal, recorded by the worker in the same transaction that removes the
 *   entry, whichever page is open or none; a page that got it live and showed it dismisses it.
 * - No answer in 15 s, a 5xx, 408 or 429: kept, tried again later (5 s doubling to a minute while
 *   the worker lives, the `sync` event, worker start, a page's `online`).
 * - A submit (a made-to-order order sent offline) is one more entry, sent in its turn after the
 *   changes queued before it, under its own key: its answer is the order (kept as meta
 *   `orderSubmitted`), after which the server's cart is read again; a refusal (422: a code used
 *   up, a new waiver version) is recorded like any other, and the checkout keeps its notes.
 * - A form (contact, contact a coach, newsletter sign-up) is one more entry, sent in its turn with
 *   no credential (anyone may send it). Its reCAPTCHA token, handed over by the page that sent it
 *   live, is kept in this worker's memory only, for FORM_TOKEN_MS, and goes with the first
 *   attempt only: a form sent later (queued offline, resent after a lost answer) carries none,
 *   and the server takes it under its rate limits (server/services/recaptcha.ts). Its answer is
 *   kept (meta `formsSent`) for the form's page; a refusal is recorded with every field's
 *   message and the form as typed, so the page can show the reasons and refill the form.
 */

/** How long a page's reCAPTCHA token may be used: Google's tokens expire after two minutes. */
export const FORM_TOKEN_MS = 90_000

/** A request with no answer after this long counts as not delivered (its replay is idempotent). */
export const CART_SEND_TIMEOUT_MS = 15_000
/** Retries while the worker lives: 5 s, doubling, at most a minute apart. */
export const RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000]
/** The Web Lock around every drain, in the worker and in pages. */
export const CART_OUTBOX_LOCK = 'cart-outbox'

export type OutboxStore = Pick<
  StoreDB,
  | 'claimNextCartEntry'
  | 'settleCartEntry'
  | 'setCartOutboxStatus'
  | 'cartOutboxEntries'
  | 'addCartIntent'
  | 'cartToken'
  | 'keepCartToken'
  | 'cartServer'
  | 'cartOutboxStatus'
  | 'keepCartRead'
  | 'visibleCart'
  | 'submittedOrder'
> & { cartRefusals: Pick<StoreDB['cartRefusals'], 'get' | 'count'> }

export interface SendCredentials {
  /** The bearer of the session signed in now (the `authToken` cookie), if any. */
  bearer?: string
  /**
   * Whether `bearer` was read from the cookie itself (the Cookie Store API in the worker). Then
   * no cookie means signed out, whatever a page handed over before: a worker that missed the
   * sign-out (a new build's, waiting while the customer signed out offline) must not send the
   * next visitor's changes with the ended session. Without the API (Firefox, Safari), the bearer
   * pages hand over (CART_REPLAY, an older page's request) stands in for the cookie.
   */
  fromCookie: boolean
}

export interface CartQueueDeps {
  db: OutboxStore
  /** fetch(url, init) in the worker; a fake server in tests. */
  send: (url: string, init: RequestInit) => Promise<Response>
  credentials: () => Promise<SendCredentials>
  /** Runs `drain` while holding the outbox's Web Lock. */
  withLock: <T>(drain: () => Promise<T>) => Promise<T>
  /** Posts a report to every page of the site. */
  broadcast: (report: CartWorkerReport) => Promise<void>
  /** Runs `retry` after `ms` (setTimeout in the worker; a fake clock in tests). */
  schedule?: (retry: () => void, ms: number) => void
  /** The API's origin ('' or the site's own). */
  apiOrigin: string
  /**
   * Whether the device has a network at all (navigator.onLine). Offline nothing is sent, so
   * nothing is claimed: an edit made offline still folds into its add.
   */
  online?: () => boolean
  timeoutMs?: number
  now?: () => number
}

export type ReplayResult = 'done' | Exclude<CartOutboxState, 'ok'>

/** Which cart mutation a path is, or undefined for any other path. One segment at a time. */
export function cartAction(pathname: string): CartRefusalRecord['action'] | undefined {
  const intent = intentFromRequest(pathname, { sku: '', qty: 0, discount_codes: '' })
  return intent?.kind
}

/** Whether the worker takes this request: a cart mutation to the store's API. */
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

/**
 * The store's answer, or undefined when the answer is not provably the store's: the mark
 * header, JSON, and the expected shape for its status (a Cart, or a submit's order).
 */
export async function storeAnswer(
  response: Response,
  kind: OutboxEntry['kind'] = 'add',
): Promise<{ status: number; body: unknown } | undefined> {
  if (response.type === 'opaqueredirect' || response.status === 0) return undefined
  if (response.headers.get(API_MARK_HEADER) !== API_MARK_VALUE) return undefined
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return undefined
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return undefined
  }
  if (response.ok) {
    const expected =
      kind === 'submit'
        ? isSubmitAnswer(body)
        : kind === 'form'
          ? isFormAnswer(body)
          : isCartAnswer(body)
    return expected ? { status: response.status, body } : undefined
  }
  if (!isRecord(body) || typeof body.message !== 'string') return undefined
  if (body.errors !== undefined && !isRecord(body.errors)) return undefined
  return { status: response.status, body }
}

const notFoundWords: Record<OutboxEntry['kind'], string> = {
  add: 'Your cart is no longer open (it was ordered or merged on another device?).',
  'update-qty': 'It is no longer in your cart (changed on another device?).',
  'add-discount': 'Your cart is no longer open (it was ordered or merged on another device?).',
  'set-merged-notified': 'Your cart is no longer open.',
  submit: 'Your cart is no longer open (it was ordered on another device?).',
  form: 'There is no one at this address any more (the coach left the site?).',
}

/** The server's reason in the customer's words: its first field message, else its message. */
export function refusalMessage(entry: OutboxEntry, status: number, body: unknown): string {
  const record = isRecord(body) ? body : {}
  for (const messages of Object.values(isRecord(record.errors) ? record.errors : {})) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0]
  }
  // "Not found." says nothing the customer can act on.
  if (status === 404) return notFoundWords[entry.kind]
  if (typeof record.message === 'string' && record.message) return record.message
  return `The shop refused it (${status}).`
}

/** A form's refusal keeps every field's message and the form as typed, for its page to refill. */
function formRefusal(
  entry: Extract<OutboxEntry, { kind: 'form' }>,
  body: unknown,
): Pick<CartRefusalRecord, 'errors' | 'form'> {
  const errors = isRecord(body) && isRecord(body.errors) ? body.errors : {}
  const fields: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) {
      fields[field] = messages.filter((message): message is string => typeof message === 'string')
    }
  }
  return { errors: fields, form: { path: entry.path, body: entry.body } }
}

function decodeDisplay(value: string | null): Partial<OutboxLineDisplay> | undefined {
  if (!value) return undefined
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value))
    return isRecord(parsed) ? (parsed as Partial<OutboxLineDisplay>) : undefined
  } catch {
    try {
      return { name: decodeURIComponent(value) }
    } catch {
      return undefined
    }
  }
}

/** A SHA-256 of a bearer, to recognise the refused session without keeping it. */
async function sessionHash(bearer: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bearer))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

export interface CartQueue {
  /** The fetch handler's answer to a cart mutation from a page. */
  handle(request: Request): Promise<Response>
  /**
   * Sends what waits; one run at a time (asking during a run makes it go round once more, when
   * the run sent everything or could not reach the network).
   * `refresh`: then reads the server's cart (GET /api/order) into IndexedDB, for the badge of a
   * page that has just started (a page's CART_REPLAY).
   */
  replay(options?: { refresh?: boolean }): Promise<ReplayResult>
  /** The worker's report to pages: what waits, what is shown, why it waits. */
  report(): Promise<Extract<CartWorkerReport, { type: 'CART_QUEUE' }>>
  /** The page handed over the bearer (browsers without the CookieStore API in workers). */
  rememberBearer(bearer: string | undefined): void
}

export function createCartQueue(deps: CartQueueDeps): CartQueue {
  const timeoutMs = deps.timeoutMs ?? CART_SEND_TIMEOUT_MS
  const now = deps.now ?? Date.now
  /** Pages waiting live for the answer to their change, by key. */
  const waiters = new Map<string, (response: Response | undefined) => void>()
  /** The store's answers this worker got, by key, for a page asking after the drain sent it. */
  const answers = new Map<string, { status: number; body: unknown }>()
  let running: Promise<ReplayResult> | undefined
  let again = false
  let retryIndex = 0
  let retryScheduled = false
  let handedBearer: string | undefined
  /** A refusal came: the server's cart is read again once the outbox is sent. */
  let stale = false
  /** The hash of the session a 401 refused, kept with the 'signed-out' state. */
  let refusedSession: string | undefined
  /** reCAPTCHA tokens pages handed over with a form, by the form's key: memory only, once. */
  const formTokens = new Map<string, { token: string; at: number }>()

  /** The session's bearer now (see SendCredentials), if signed in. */
  async function currentBearer(): Promise<string | undefined> {
    const { bearer, fromCookie } = await deps.credentials()
    return fromCookie ? bearer : (bearer ?? handedBearer)
  }

  function remember(key: string, answer: { status: number; body: unknown }): void {
    answers.set(key, answer)
    // The last few are enough: a page asks right after its change went in.
    for (const old of answers.keys()) {
      if (answers.size <= 50) break
      answers.delete(old)
    }
  }

  async function report(): Promise<Extract<CartWorkerReport, { type: 'CART_QUEUE' }>> {
    const [outbox, { server, visible }, status, refused] = await Promise.all([
      deps.db.cartOutboxEntries(),
      deps.db.visibleCart(),
      deps.db.cartOutboxStatus(),
      deps.db.cartRefusals.count(),
    ])
    // The count is of the cart the person at the device sees (cart-outbox-model.ts `visibleTo`).
    const shown = rebase(visible.server, visible.outbox, server.aliases)
    return {
      type: 'CART_QUEUE',
      // The cart's changes: a form waiting is not one (its page shows it).
      keys: outbox.filter((entry) => entry.kind !== 'form').map((entry) => entry.key),
      refused,
      state: status.state,
      count: shown.item_count,
      merged: shown.merge_notice !== null,
    }
  }

  async function reportQueue(): Promise<void> {
    await deps.broadcast(await report())
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

  /** `bearer`: the session read as the entry was claimed. */
  async function send(entry: OutboxEntry, bearer: string | undefined): Promise<Response> {
    const { path, body } = requestOf(entry)
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: entry.key,
    }
    if (entry.kind === 'form') {
      // Nobody's: no session, no cart token. A fresh token goes with the first attempt only.
      const handed = formTokens.get(entry.key)
      formTokens.delete(entry.key)
      if (handed && now() - handed.at < FORM_TOKEN_MS)
        headers[RECAPTCHA_TOKEN_HEADER] = handed.token
    } else {
      const token = await deps.db.cartToken()
      if (bearer) headers.Authorization = `Bearer ${bearer}`
      if (token) headers[CART_TOKEN_HEADER] = token
      if (entry.by) headers[CART_ACCOUNT_HEADER] = encodeURIComponent(entry.by)
    }
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      return await deps.send(new URL(path, deps.apiOrigin).href, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        credentials: 'include',
        redirect: 'manual',
        signal: controller.signal,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  /** Sends entries until the outbox is empty or one cannot be delivered. */
  async function drain(): Promise<ReplayResult> {
    // Paused for a sign-in: the refused session is not tried again. With none at all, a change
    // made signed in is held below; one made signed out goes to the device's cart.
    const status = await deps.db.cartOutboxStatus()
    if (status.state === 'signed-out' && status.refusedSession) {
      const bearer = await currentBearer()
      if (bearer && (await sessionHash(bearer)) === status.refusedSession) return 'signed-out'
    }
    for (;;) {
      if (deps.online && !deps.online()) {
        return (await deps.db.cartOutboxEntries()).length > 0 ? 'offline' : 'done'
      }
      const bearer = await currentBearer()
      const entry = await deps.db.claimNextCartEntry({ signedIn: bearer !== undefined })
      if (!entry) return 'done'
      // Made signed in, and no session now: it waits for the customer to sign in again (sent
      // with the device's token alone it would land in the device's cart, not the account).
      if (entry === 'held') return 'signed-out'
      let response: Response
      try {
        response = await send(entry, bearer)
      } catch {
        return 'offline'
      }
      const answer = await storeAnswer(response, entry.kind)
      if (!answer) return 'not-the-shop'
      if (answer.status === 401) {
        // The session the entry went with is the one refused.
        refusedSession = bearer ? await sessionHash(bearer) : undefined
        return 'signed-out'
      }
      if (answer.status >= 500 || answer.status === 408 || answer.status === 429) {
        return 'server-error'
      }
      if (answer.status < 300 && entry.kind === 'form') {
        await deps.db.settleCartEntry(entry, { formAnswer: answer.body, at: now() })
        remember(entry.key, answer)
      } else if (answer.status < 300 && entry.kind === 'submit') {
        await deps.db.settleCartEntry(entry, {
          submitted: answer.body as SubmitAnswer,
          at: now(),
        })
        remember(entry.key, answer)
        // The cart is ordered: the server's next cart is read once the outbox is sent.
        stale = true
      } else if (answer.status < 300) {
        await deps.db.settleCartEntry(entry, {
          cart: answer.body as ServerCart,
          owner: bearer ? 'account' : 'device',
        })
        remember(entry.key, answer)
        await deps.broadcast({ type: 'CART_SYNCED', key: entry.key, cart: answer.body })
      } else {
        await deps.db.settleCartEntry(entry, {
          refusal: {
            key: entry.key,
            action: entry.kind,
            name: entryName(entry),
            status: answer.status,
            message: refusalMessage(entry, answer.status, answer.body),
            at: now(),
            ...(entry.kind === 'form' ? formRefusal(entry, answer.body) : {}),
          },
        })
        remember(entry.key, answer)
        // The refusal says this device's picture of the cart is out of date.
        if (entry.kind !== 'form') stale = true
        await deps.broadcast({ type: 'CART_REFUSED', key: entry.key })
      }
      settleWaiter(entry.key)
      await reportQueue()
    }
  }

  function answerResponse(answer: { status: number; body: unknown }): Response {
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        [API_MARK_HEADER]: API_MARK_VALUE,
      },
    })
  }

  function settleWaiter(key: string): void {
    const answer = answers.get(key)
    const resolve = waiters.get(key)
    if (!resolve || !answer) return
    waiters.delete(key)
    resolve(answerResponse(answer))
  }

  /** The server's cart, read with the credentials of now, kept unless a change is in flight. */
  async function refresh(): Promise<void> {
    const version = (await deps.db.cartServer()).version
    const bearer = await currentBearer()
    const token = await deps.db.cartToken()
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    if (token) headers[CART_TOKEN_HEADER] = token
    // Without a cart token and a session there is no cart to read.
    if (!bearer && !token) return
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const response = await deps.send(new URL('/api/order', deps.apiOrigin).href, {
        headers,
        credentials: 'include',
        redirect: 'manual',
        signal: controller.signal,
      })
      const answer = await storeAnswer(response)
      if (answer?.status === 200) {
        await deps.db.keepCartRead(
          answer.body as ServerCart,
          bearer ? 'account' : 'device',
          version,
        )
      }
    } finally {
      clearTimeout(timer)
    }
  }

  function replay({ refresh: read = false }: { refresh?: boolean } = {}): Promise<ReplayResult> {
    return replayOnce().then(async (result) => {
      if (result === 'done' && (read || stale)) {
        stale = false
        await refresh().catch(() => undefined)
        await reportQueue()
      }
      return result
    })
  }

  /** Whether a run that ended so is run again when asked during it. */
  async function worthAnotherRun(result: ReplayResult): Promise<boolean> {
    if (result === 'done' || result === 'offline') return true
    if (result !== 'signed-out') return false
    // A session now that is not the one refused: the customer signed in during the run.
    const bearer = await currentBearer()
    if (!bearer) return false
    const refused = refusedSession ?? (await deps.db.cartOutboxStatus()).refusedSession
    return refused === undefined || (await sessionHash(bearer)) !== refused
  }

  function replayOnce(): Promise<ReplayResult> {
    again = true
    running ??= (async () => {
      let result: ReplayResult = 'done'
      try {
        for (;;) {
          again = false
          result = await deps.withLock(drain)
          // Asked again during the run: once more when the run sent everything (a change may
          // have come meanwhile) or could not reach the network (the one asking may have just
          // seen it return: "Send, then sign out" pressed as an attempt on the old network
          // failed), or when it needed a sign-in and one came meanwhile (the page asks as the
          // customer signs in). Any other end (a portal, the shop's error) stands.
          if (!again || !(await worthAnotherRun(result))) break
        }
        if (result === 'signed-out') {
          const kept = (await deps.db.cartOutboxStatus()).refusedSession
          await deps.db.setCartOutboxStatus(result, now(), refusedSession ?? kept)
        } else await deps.db.setCartOutboxStatus(result === 'done' ? 'ok' : result, now())
        refusedSession = undefined
      } finally {
        running = undefined
      }
      // Asked again while this run was closing (a change the page handed over as the drain
      // ended): another run sends it and answers whoever waits, rather than leaving it queued.
      if (again && (await worthAnotherRun(result))) return replayOnce()
      // A run begun since answers whoever waits, once it has sent what they handed over.
      if (running) return result
      if (result === 'done') retryIndex = 0
      // A 'signed-out' outbox waits for a sign-in (the page asks again then), not for a timer.
      else if (result !== 'signed-out') scheduleRetry()
      // Whoever waits live on a change this drain did not answer: the store's answer if another
      // context sent it (the refusal or the cart kept), else "queued".
      const waiting = new Set((await deps.db.cartOutboxEntries()).map((entry) => entry.key))
      for (const [key, resolve] of [...waiters]) {
        // Handed over as this run closed: the run that began for it answers.
        if (running) break
        if (answers.has(key)) continue
        waiters.delete(key)
        if (waiting.has(key)) {
          resolve(undefined)
          continue
        }
        const refusal = await deps.db.cartRefusals.get(key)
        const submitted = await deps.db.submittedOrder()
        resolve(
          answerResponse(
            refusal
              ? { status: refusal.status, body: { message: refusal.message } }
              : submitted?.key === key
                ? { status: 200, body: submitted.order }
                : { status: 200, body: (await deps.db.cartServer()).cart },
          ),
        )
      }
      await reportQueue()
      return result
    })()
    return running
  }

  async function handle(request: Request): Promise<Response> {
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? ''
    const url = new URL(request.url)
    const token = request.headers.get(CART_TOKEN_HEADER)
    if (token) await deps.db.keepCartToken(token)
    const authorization = request.headers.get('Authorization')
    if (authorization?.startsWith('Bearer ')) handedBearer = authorization.slice(7)
    // Without a key a repeat could not be recognised: sent as it is, never kept.
    if (!key) return fetch(request)
    const answered = answers.get(key)
    if (answered) return answerResponse(answered)
    // The page put the change in the outbox itself; a page of an older build did not, and its
    // request is taken in as an intent (a no-op when the key is there already).
    const body: unknown = await request.json().catch(() => undefined)
    const display =
      decodeDisplay(request.headers.get(CART_LINE_HEADER)) ??
      decodeDisplay(request.headers.get(CART_LINE_NAME_HEADER))
    const intent = intentFromRequest(url.pathname, body, display)
    const recaptchaToken = request.headers.get(RECAPTCHA_TOKEN_HEADER)
    if (intent?.kind === 'form' && recaptchaToken) {
      formTokens.set(key, { token: recaptchaToken, at: now() })
    }
    // Sent signed in: made signed in, as an account this worker cannot name (''). A form is
    // nobody's.
    const by = authorization?.startsWith('Bearer ') && intent?.kind !== 'form' ? '' : undefined
    const own = intent ? await deps.db.addCartIntent(intent, key, { at: now(), by }) : false
    if (!own) {
      // Folded into a waiting change (or not a change at all): it goes with that one.
      void replay()
      return queuedResponse()
    }
    const answer = new Promise<Response | undefined>((resolve) => waiters.set(key, resolve))
    void replay()
    return (await answer) ?? queuedResponse()
  }

  return {
    handle,
    replay,
    report,
    rememberBearer: (bearer) => {
      handedBearer = bearer
    },
  }
}
