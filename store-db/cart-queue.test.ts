import { afterEach, describe, expect, it } from 'vitest'
import { API_MARK_HEADER, API_MARK_VALUE } from '../contract/api-mark.ts'
import type { CartIntent } from './cart-outbox-model.ts'
import { StoreDB } from './store-db.ts'
import {
  cartAction,
  createCartQueue,
  isCartMutation,
  refusalMessage,
  RETRY_DELAYS_MS,
  storeAnswer,
} from './cart-queue.ts'
import type { CartWorkerReport } from './outbox-protocol.ts'

const cartOf = (skus: string[]) => ({
  id: 'c0ffee00-0000-4000-8000-000000000000',
  status: 'open',
  currency: 'USD',
  items: skus.map((sku, index) => ({
    id: `${index.toString().padStart(8, '0')}-0000-4000-8000-000000000000`,
    sku,
    product_slug: sku,
    product_path: `/equipment/${sku}`,
    name: sku,
    variant_name: null,
    image: null,
    qty: 1,
    unit_price: 100,
    line_price: 100,
    meta: [],
    child: [],
    summary: [],
  })),
  item_count: skus.length,
  subtotal: 100 * skus.length,
  discounts: [],
  discount_total: 0,
  total: 100 * skus.length,
  merge_notice: null,
})

const marked = { 'Content-Type': 'application/json', [API_MARK_HEADER]: API_MARK_VALUE }

type Mode = 'up' | 'down' | 'portal' | 'redirect' | '401' | '429' | '500' | 'lose-answer'

/** The store's API as the contract says (a key is applied once), behind a network in `mode`. */
function fakeServer() {
  const applied = new Map<string, { status: number; body: unknown }>()
  const lines: string[] = []
  const sent: { url: string; init: RequestInit }[] = []
  const server = {
    mode: 'up' as Mode,
    refuse: new Set<string>(),
    /** A refusal of the next submits (a discount code used up meanwhile). */
    refuseSubmit: undefined as string | undefined,
    /** The forms applied (each once), and a refusal of the next forms when set. */
    forms: [] as unknown[],
    refuseForm: undefined as Record<string, string[]> | undefined,
    /** Each submitted order's lines, in the order the submits arrived. */
    orders: [] as string[][],
    /** Applies the next request to a path ending so, then loses its answer. */
    loseAnswerTo: undefined as string | undefined,
    lines,
    sent,
    /** Resolves the next send when set (to hold a drainer mid-send). */
    gate: undefined as Promise<void> | undefined,
    /** Sends begun (counted before the gate). */
    begun: 0,
    /** The next send fails as a network that just went away does, before reaching the store. */
    failNext: false,
    async send(url: string, init: RequestInit): Promise<Response> {
      server.begun += 1
      await server.gate
      if (server.failNext) {
        server.failNext = false
        throw new TypeError('Failed to fetch')
      }
      if (server.mode === 'down') throw new TypeError('Failed to fetch')
      if (server.mode === 'portal') {
        return new Response('<html>Sign in to the Wi-Fi</html>', {
          headers: { 'Content-Type': 'text/html' },
        })
      }
      if (server.mode === 'redirect') return Response.error()
      sent.push({ url, init })
      if (server.mode === '401') {
        return Response.json({ message: 'Unauthenticated.' }, { status: 401, headers: marked })
      }
      if (server.mode === '429') {
        // The store's per-address limit of anonymous adds (server/services/throttle.ts).
        return Response.json(
          { message: 'Too many attempts. Please try again in 14 minutes.' },
          { status: 429, headers: { ...marked, 'Retry-After': '840' } },
        )
      }
      if (server.mode === '500') {
        return Response.json({ message: 'down' }, { status: 500, headers: marked })
      }
      const key = (init.headers as Record<string, string>)['Idempotency-Key']!
      let answer = applied.get(key)
      if (!answer) {
        const body = JSON.parse(init.body as string) as { sku?: string }
        if (url.includes('/api/contact/') || url.includes('/api/coach/')) {
          if (server.refuseForm) {
            answer = { status: 422, body: { message: 'Invalid.', errors: server.refuseForm } }
          } else {
            server.forms.push(body)
            answer = { status: 200, body: { received: true, message: 'Thank you.' } }
          }
        } else if (url.endsWith('/api/order/submit')) {
          if (server.refuseSubmit) {
            answer = {
              status: 422,
              body: { message: 'Invalid.', errors: { discount_codes: [server.refuseSubmit] } },
            }
          } else {
            server.orders.push([...lines])
            const total = 100 * lines.length
            lines.splice(0)
            answer = {
              status: 200,
              body: {
                id: `order-${server.orders.length}`,
                status: 'submitted',
                currency: 'USD',
                total,
                payment_due_today: false,
              },
            }
          }
        } else if (body.sku === undefined) {
          // update-qty: this fake only answers with the cart as it is.
          answer = { status: 200, body: cartOf(lines) }
        } else if (server.refuse.has(body.sku)) {
          answer = {
            status: 422,
            body: { message: 'Invalid.', errors: { sku: ['No longer sold.'] } },
          }
        } else {
          lines.push(body.sku)
          answer = { status: 200, body: cartOf(lines) }
        }
        applied.set(key, answer)
      }
      if (server.mode === 'lose-answer') throw new TypeError('Failed to fetch')
      if (server.loseAnswerTo && url.endsWith(server.loseAnswerTo)) {
        server.loseAnswerTo = undefined
        throw new TypeError('Failed to fetch')
      }
      return Response.json(answer.body, { status: answer.status, headers: marked })
    },
  }
  return server
}

/** A Web Lock in one process: drains run one after another. */
function memoryLock() {
  let tail = Promise.resolve()
  return <T>(drain: () => Promise<T>): Promise<T> => {
    const run = tail.then(drain)
    tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }
}

const addIntent = (sku: string): CartIntent => ({
  kind: 'add',
  request: { sku, qty: 1, meta: [], child: [] },
  line: {
    name: sku,
    productSlug: sku,
    productPath: `/equipment/${sku}`,
    variantName: null,
    image: null,
    unitPrice: 100,
    currency: 'USD',
    summary: [],
  },
})

let databases: StoreDB[] = []
afterEach(async () => {
  for (const db of databases) {
    db.close()
    await db.delete()
  }
  databases = []
})

let dbCounter = 0
function setup({ bearer, fromCookie = true }: { bearer?: string; fromCookie?: boolean } = {}) {
  const db = new StoreDB(`outbox-test-${(dbCounter += 1)}`)
  databases.push(db)
  const server = fakeServer()
  const reports: CartWorkerReport[] = []
  const timers: { retry: () => void; ms: number }[] = []
  const lock = memoryLock()
  const drainer = () =>
    createCartQueue({
      db,
      send: (url, init) => server.send(url, init),
      credentials: async () => ({ bearer: credentials.bearer, fromCookie }),
      withLock: lock,
      broadcast: async (report) => void reports.push(report),
      schedule: (retry, ms) => void timers.push({ retry, ms }),
      apiOrigin: 'https://shop.test',
      now: () => 1000,
    })
  const credentials = { bearer }
  return { db, server, reports, timers, queue: drainer(), drainer, credentials }
}

describe('cartAction / isCartMutation', () => {
  it('names the four cart mutations and nothing else', () => {
    expect(cartAction('/api/order/add')).toBe('add')
    expect(cartAction('/api/order/item/abc/update-qty')).toBe('update-qty')
    expect(cartAction('/api/order/abc/add-discount')).toBe('add-discount')
    expect(cartAction('/api/order/set-merged-notified')).toBe('set-merged-notified')
    expect(cartAction('/api/order')).toBeUndefined()
    expect(cartAction('/api/order/item/abc/update-qty/x')).toBeUndefined()
    const origins = new Set(['https://shop.test'])
    expect(
      isCartMutation({ method: 'POST' }, new URL('https://shop.test/api/order/add'), origins),
    ).toBe(true)
    expect(
      isCartMutation({ method: 'GET' }, new URL('https://shop.test/api/order/add'), origins),
    ).toBe(false)
    expect(
      isCartMutation({ method: 'POST' }, new URL('https://evil.test/api/order/add'), origins),
    ).toBe(false)
  })
})

describe('storeAnswer: delivery means the store answered', () => {
  it('takes a marked JSON cart or a marked {message}', async () => {
    expect(await storeAnswer(Response.json(cartOf([]), { headers: marked }))).toMatchObject({
      status: 200,
    })
    expect(
      await storeAnswer(Response.json({ message: 'No.' }, { status: 422, headers: marked })),
    ).toMatchObject({ status: 422 })
  })
  it('refuses a portal page, an unmarked answer, a wrong shape and a redirect', async () => {
    expect(
      await storeAnswer(new Response('<html/>', { headers: { 'Content-Type': 'text/html' } })),
    ).toBeUndefined()
    expect(await storeAnswer(Response.json(cartOf([])))).toBeUndefined()
    expect(await storeAnswer(Response.json({ ok: true }, { headers: marked }))).toBeUndefined()
    expect(await storeAnswer(Response.json('x', { status: 502, headers: marked }))).toBeUndefined()
    expect(await storeAnswer(Response.error())).toBeUndefined()
  })
  it('refuses a cart whose lines the outbox could not read', async () => {
    const [line] = cartOf(['mission-bag']).items
    const withLine = (changed: object) => ({ ...cartOf([]), items: [{ ...line, ...changed }] })
    expect(
      await storeAnswer(Response.json(cartOf(['mission-bag']), { headers: marked })),
    ).toMatchObject({ status: 200 })
    for (const body of [
      withLine({ qty: '1' }),
      withLine({ sku: null }),
      withLine({ meta: undefined }),
      { ...cartOf([]), items: null },
      { ...cartOf([]), item_count: 1.5 },
      { ...cartOf([]), id: '' },
    ]) {
      expect(await storeAnswer(Response.json(body, { headers: marked }))).toBeUndefined()
    }
  })
})

const submitIntent = (notes: string): CartIntent => ({
  kind: 'submit',
  request: { notes, optIn: false },
  order: { itemCount: 2, total: 200, currency: 'USD', names: ['MISSION', 'URATUL'] },
})

describe('a submit queued offline', () => {
  it('lands once, after the cart changes queued before it, and the cart starts anew', async () => {
    const { db, server, queue } = setup({ bearer: 'pilot' })
    await db.addCartIntent(addIntent('MISSION'), 'key-mission', { by: 'pilot@example.com' })
    await db.addCartIntent(submitIntent('Blue stitching'), 'key-submit', {
      by: 'pilot@example.com',
    })
    await db.addCartIntent(addIntent('URATUL'), 'key-uratul', { by: 'pilot@example.com' })
    await db.keepCheckoutDraft({ notes: 'Blue stitching' })
    server.mode = 'down'
    expect(await queue.replay()).toBe('offline')
    server.mode = 'up'
    server.loseAnswerTo = '/api/order/submit'
    expect(await queue.replay()).toBe('offline')
    expect(server.orders).toEqual([['MISSION']])
    expect(await queue.replay()).toBe('done')
    // The lost answer's resend was the same key: one order, with the line queued before it.
    expect(server.orders).toEqual([['MISSION']])
    expect(server.lines).toEqual(['URATUL'])
    const submitSent = server.sent.filter((sent) => sent.url.endsWith('/api/order/submit'))
    expect(submitSent.length).toBeGreaterThanOrEqual(2)
    expect(new Set(submitSent.map((sent) => JSON.stringify(sent.init.headers)))).toHaveProperty(
      'size',
      1,
    )
    expect(JSON.parse(submitSent[0]!.init.body as string)).toEqual({
      notes: 'Blue stitching',
      optIn: false,
    })
    expect(await db.submittedOrder()).toMatchObject({
      key: 'key-submit',
      order: { id: 'order-1', payment_due_today: false },
    })
    // What was typed went with the order.
    expect(await db.checkoutDraft()).toBeUndefined()
    expect(await db.cartOutboxEntries()).toEqual([])
  })

  it('records a refusal with its reason and keeps what the customer typed', async () => {
    const { db, server, queue } = setup({ bearer: 'pilot' })
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    await db.addCartIntent(submitIntent('Blue stitching'), 'key-submit')
    await db.keepCheckoutDraft({ notes: 'Blue stitching' })
    server.refuseSubmit = 'The code SPRING has been used up.'
    expect(await queue.replay()).toBe('done')
    expect(await db.cartRefusals.get('key-submit')).toMatchObject({
      action: 'submit',
      name: 'Your order',
      status: 422,
      message: 'The code SPRING has been used up.',
    })
    expect(await db.submittedOrder()).toBeUndefined()
    expect(await db.checkoutDraft()).toMatchObject({ data: { notes: 'Blue stitching' } })
    expect(server.orders).toEqual([])
    expect(server.lines).toEqual(['MISSION'])
  })

  it('takes only an order as a submit’s answer', async () => {
    const order = {
      id: 'o',
      status: 'submitted',
      currency: 'USD',
      total: 1,
      payment_due_today: true,
    }
    expect(await storeAnswer(Response.json(order, { headers: marked }), 'submit')).toMatchObject({
      status: 200,
    })
    expect(
      await storeAnswer(Response.json(cartOf([]), { headers: marked }), 'submit'),
    ).toBeUndefined()
    expect(await storeAnswer(Response.json(order, { headers: marked }), 'add')).toBeUndefined()
  })
})

const coachForm = (message: string): CartIntent => ({
  kind: 'form',
  form: 'contact-coach',
  path: '/api/coach/contact-coaches/elin-vardal',
  body: { name: 'Robin', email: 'robin@example.com', message },
  name: 'Your message to Elin Vårdal',
})

describe('a form queued offline', () => {
  it('is sent once in its turn, with no credential, and leaves the cart alone', async () => {
    const { db, server, queue } = setup({ bearer: 'pilot' })
    await db.keepCartToken('device-token')
    server.mode = 'down'
    await db.addCartIntent(addIntent('MISSION'), 'key-mission', { by: 'pilot@example.com' })
    await db.addCartIntent(coachForm('Room in May?'), 'key-form')
    expect(await queue.replay()).toBe('offline')
    expect((await queue.report()).keys).toEqual(['key-mission'])
    server.mode = 'up'
    server.loseAnswerTo = '/api/coach/contact-coaches/elin-vardal'
    expect(await queue.replay()).toBe('offline')
    expect(await queue.replay()).toBe('done')
    expect(server.forms).toEqual([
      { name: 'Robin', email: 'robin@example.com', message: 'Room in May?' },
    ])
    const formSends = server.sent.filter((sent) => sent.url.includes('/api/coach/'))
    expect(formSends).toHaveLength(2)
    for (const sent of formSends) {
      const headers = sent.init.headers as Record<string, string>
      expect(headers['Idempotency-Key']).toBe('key-form')
      expect(headers.Authorization).toBeUndefined()
      expect(headers['X-Cart-Token']).toBeUndefined()
      expect(headers['X-Cart-Account']).toBeUndefined()
    }
    expect(server.lines).toEqual(['MISSION'])
    expect(await db.formsSent()).toEqual([
      {
        key: 'key-form',
        path: '/api/coach/contact-coaches/elin-vardal',
        answer: { received: true, message: 'Thank you.' },
        at: 1000,
      },
    ])
    expect(await db.cartOutboxEntries()).toEqual([])
  })

  it('is sent signed out past changes held for their account, and survives a sign-out', async () => {
    const { db, server, queue } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'key-held', { by: 'pilot@example.com' })
    await db.addCartIntent(coachForm('Hello'), 'key-form')
    expect(await queue.replay()).toBe('signed-out')
    expect(server.forms).toHaveLength(1)
    await db.addCartIntent(coachForm('Again'), 'key-form-2')
    await db.forgetCart()
    expect((await db.cartOutboxEntries()).map((entry) => entry.key)).toEqual(['key-form-2'])
  })

  it('records a refusal with every field’s reason and the form as typed', async () => {
    const { db, server, queue } = setup()
    await db.addCartIntent(coachForm('x'), 'key-form')
    server.refuseForm = { email: ['Enter a valid e-mail address.'], name: ['Enter your name.'] }
    expect(await queue.replay()).toBe('done')
    expect(await db.cartRefusals.get('key-form')).toMatchObject({
      action: 'form',
      name: 'Your message to Elin Vårdal',
      status: 422,
      message: 'Enter a valid e-mail address.',
      errors: { email: ['Enter a valid e-mail address.'], name: ['Enter your name.'] },
      form: {
        path: '/api/coach/contact-coaches/elin-vardal',
        body: { name: 'Robin', email: 'robin@example.com', message: 'x' },
      },
    })
  })

  it('sends a page’s reCAPTCHA token with the first attempt only, and never stores it', async () => {
    const { db, server, queue } = setup()
    server.loseAnswerTo = '/api/contact/'
    const answer = await queue.handle(
      new Request('https://shop.test/api/contact/', {
        method: 'POST',
        headers: {
          'Idempotency-Key': 'key-contact',
          'Content-Type': 'application/json',
          'X-Recaptcha-Token': 'fresh-token',
        },
        body: JSON.stringify({ name: 'Robin', email: 'robin@example.com', message: 'Hi' }),
      }),
    )
    expect(answer.status).toBe(202)
    const kept = JSON.stringify([await db.cartOutboxEntries(), await db.meta.toArray()])
    expect(kept).not.toContain('fresh-token')
    expect(await queue.replay()).toBe('done')
    const tokens = server.sent
      .filter((sent) => sent.url.endsWith('/api/contact/'))
      .map((sent) => (sent.init.headers as Record<string, string>)['X-Recaptcha-Token'])
    expect(tokens).toEqual(['fresh-token', undefined])
    expect(server.forms).toHaveLength(1)
  })

  it('takes only a form’s answer as a form’s', async () => {
    const ok = { received: true, message: 'Thanks' }
    expect(await storeAnswer(Response.json(ok, { headers: marked }), 'form')).toMatchObject({
      status: 200,
    })
    expect(
      await storeAnswer(
        Response.json({ state: 'pending', message: 'x' }, { headers: marked }),
        'form',
      ),
    ).toMatchObject({ status: 200 })
    expect(
      await storeAnswer(Response.json(cartOf([]), { headers: marked }), 'form'),
    ).toBeUndefined()
    expect(cartAction('/api/contact/')).toBe('form')
    expect(cartAction('/api/coach/contact-coaches/elin-vardal')).toBe('form')
    expect(cartAction('/api/newsletter/sign-up')).toBe('form')
    expect(cartAction('/api/contact')).toBeUndefined()
    expect(cartAction('/api/coach/contact-coaches/a/b')).toBeUndefined()
  })
})

describe('the drainer', () => {
  it('sends what waits in order, with the credentials of now, and keeps the server cart', async () => {
    const { db, server, queue, credentials } = setup({ bearer: 'first' })
    await db.keepCartToken('t'.repeat(43))
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    await db.addCartIntent(addIntent('URATUL'), 'key-uratul')
    credentials.bearer = 'second'
    expect(await queue.replay()).toBe('done')
    expect(server.lines).toEqual(['MISSION', 'URATUL'])
    const headers = server.sent[0]!.init.headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer second')
    expect(headers['X-Cart-Token']).toBe('t'.repeat(43))
    expect(server.sent[0]!.init.redirect).toBe('manual')
    expect(await db.cartOutboxEntries()).toEqual([])
    expect((await db.cartServer()).cart?.items.map((line) => line.sku)).toEqual([
      'MISSION',
      'URATUL',
    ])
  })

  it('goes round once more when asked while an attempt fails on the network it began on', async () => {
    const { db, server, queue, timers } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    let release!: () => void
    server.gate = new Promise((resolve) => (release = resolve))
    server.failNext = true
    const first = queue.replay()
    await expect.poll(() => server.begun).toBe(1)
    // The customer presses "Send" while that attempt is still on its way to failing.
    const asked = queue.replay()
    release()
    expect(await asked).toBe('done')
    expect(await first).toBe('done')
    expect(server.lines).toEqual(['MISSION'])
    expect(await db.cartOutboxEntries()).toEqual([])
    expect(timers).toEqual([])
  })

  it('does not go round again when nobody asked during a failed attempt', async () => {
    const { db, server, queue, timers } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    server.failNext = true
    expect(await queue.replay()).toBe('offline')
    expect(server.begun).toBe(1)
    expect(await db.cartOutboxEntries()).toHaveLength(1)
    expect(timers.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[0]])
  })

  it('keeps an entry a captive portal answered, says so, and retries with backoff', async () => {
    const { db, server, queue, timers } = setup()
    await db.addCartIntent(addIntent('WEEKEND'), 'key-weekend')
    server.mode = 'portal'
    expect(await queue.replay()).toBe('not-the-shop')
    expect(await db.cartOutboxEntries()).toHaveLength(1)
    expect((await db.cartOutboxStatus()).state).toBe('not-the-shop')
    expect(timers.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[0]])
    server.mode = 'redirect'
    expect(await queue.replay()).toBe('not-the-shop')
    server.mode = 'up'
    timers[0]!.retry()
    // The run's last write is its state: once 'ok', the entry went out once.
    await expect.poll(async () => (await db.cartOutboxStatus()).state).toBe('ok')
    expect(await db.cartOutboxEntries()).toEqual([])
    expect(server.lines).toEqual(['WEEKEND'])
  })

  it('keeps a change the store answered 429 (a rate limit), records no refusal, and sends it later', async () => {
    const { db, server, queue, timers } = setup()
    await db.addCartIntent(addIntent('WEEKEND'), 'key-weekend')
    server.mode = '429'
    expect(await queue.replay()).toBe('server-error')
    expect(await db.cartOutboxEntries()).toHaveLength(1)
    expect(await db.cartRefusals.count()).toBe(0)
    expect(timers.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[0]])
    // The retry the timer would make, awaited here.
    server.mode = 'up'
    expect(await queue.replay()).toBe('done')
    expect(await db.cartOutboxEntries()).toEqual([])
    expect(server.lines).toEqual(['WEEKEND'])
    expect(await db.cartRefusals.count()).toBe(0)
  })

  it('pauses on a 401 without dropping the change, and sends it after sign-in', async () => {
    const { db, server, queue, timers, credentials } = setup({ bearer: 'expired' })
    await db.addCartIntent(addIntent('MISSION'), 'key-mission', { by: 'pilot@example.com' })
    server.mode = '401'
    expect(await queue.replay()).toBe('signed-out')
    expect(await db.cartOutboxEntries()).toHaveLength(1)
    expect(await db.cartRefusals.count()).toBe(0)
    expect((await db.cartOutboxStatus()).state).toBe('signed-out')
    // It waits for the customer, not for a timer.
    expect(timers).toEqual([])
    server.mode = 'up'
    // The page forgot the ended session: with no session at all it still waits (a guest cart
    // of this device is not the account).
    credentials.bearer = undefined
    expect(await queue.replay()).toBe('signed-out')
    credentials.bearer = 'expired'
    expect(await queue.replay()).toBe('signed-out')
    expect(server.lines).toEqual([])
    credentials.bearer = 'signed-in-again'
    expect(await queue.replay()).toBe('done')
    expect(server.lines).toEqual(['MISSION'])
    const last = server.sent.at(-1)!.init.headers as Record<string, string>
    expect(last.Authorization).toBe('Bearer signed-in-again')
    expect(last['X-Cart-Account']).toBe('pilot%40example.com')
  })

  it('sends a change when the customer signs in again while a drain with the ended session is still out', async () => {
    const { db, server, queue, credentials } = setup({ bearer: 'expired' })
    await db.addCartIntent(addIntent('MISSION'), 'key-mission', { by: 'pilot@example.com' })
    server.mode = '401'
    let release: () => void = () => {}
    server.gate = new Promise((resolve) => (release = resolve))
    const first = queue.replay()
    await expect.poll(() => server.begun).toBe(1)
    // Signed in again meanwhile: the page asks for a send while the old session's is out.
    credentials.bearer = 'signed-in-again'
    const afterSignIn = queue.replay()
    server.gate = undefined
    // The held send reaches the store, which answers 401 for the ended session.
    release()
    await expect.poll(() => server.sent.length).toBe(1)
    server.mode = 'up'
    expect(await afterSignIn).toBe('done')
    await first
    expect(server.lines).toEqual(['MISSION'])
    expect(await db.cartOutboxEntries()).toEqual([])
    expect((await db.cartOutboxStatus()).state).toBe('ok')
    const last = server.sent.at(-1)!.init.headers as Record<string, string>
    expect(last.Authorization).toBe('Bearer signed-in-again')
  })

  it('holds a change made signed in while no session exists, unclaimed, and sends what was made signed out past it', async () => {
    const { db, server, queue, timers, credentials } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'key-mission', { by: 'pilot@example.com' })
    await db.addCartIntent(addIntent('URATUL'), 'key-uratul')
    expect(await queue.replay()).toBe('signed-out')
    // The visitor's change went to the device's cart; the account's waits for it.
    expect(server.lines).toEqual(['URATUL'])
    expect(timers).toEqual([])
    expect((await db.cartOutboxStatus()).state).toBe('signed-out')
    // Not claimed: the customer's edits still fold into it.
    expect((await db.cartOutboxEntries()).map((entry) => [entry.key, entry.claimed])).toEqual([
      ['key-mission', false],
    ])
    credentials.bearer = 'signed-in-again'
    expect(await queue.replay()).toBe('done')
    expect(server.lines).toEqual(['URATUL', 'MISSION'])
    const headers = server.sent.map((sent) => sent.init.headers as Record<string, string>)
    expect(headers.map((sent) => sent['X-Cart-Account'])).toEqual([
      undefined,
      'pilot%40example.com',
    ])
    expect(headers.map((sent) => sent.Authorization)).toEqual([undefined, 'Bearer signed-in-again'])
  })

  it('sends a change made signed out with the device’s token alone once the session is gone', async () => {
    const { db, server, queue, credentials } = setup({ bearer: 'expired' })
    await db.keepCartToken('device-token')
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    server.mode = '401'
    expect(await queue.replay()).toBe('signed-out')
    server.mode = 'up'
    credentials.bearer = undefined
    expect(await queue.replay()).toBe('done')
    const last = server.sent.at(-1)!.init.headers as Record<string, string>
    expect(last.Authorization).toBeUndefined()
    expect(last['X-Cart-Token']).toBe('device-token')
    expect(server.lines).toEqual(['MISSION'])
  })

  // Chaos seed 87: a new build's worker, waiting, had been handed the session's bearer; the
  // customer signed out offline (the server never heard) and added a bag for the next visitor.
  it('never sends a change with a bearer a page handed over once the cookie says signed out', async () => {
    const { db, server, queue } = setup({ bearer: undefined })
    queue.rememberBearer('ended-offline')
    await db.keepCartToken('next-visitor-token')
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    expect(await queue.replay()).toBe('done')
    const sent = server.sent.at(-1)!.init.headers as Record<string, string>
    expect(sent.Authorization).toBeUndefined()
    expect(sent['X-Cart-Token']).toBe('next-visitor-token')
  })

  it('without the Cookie Store API, sends with the bearer a page handed over, until sign-out', async () => {
    const { db, server, queue } = setup({ fromCookie: false })
    await db.keepCartToken('device-token')
    queue.rememberBearer('handed')
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    expect(await queue.replay()).toBe('done')
    // Sign-out (CLEAR_USER_CACHES) takes the handed bearer away.
    queue.rememberBearer(undefined)
    await db.addCartIntent(addIntent('URATUL'), 'key-uratul')
    expect(await queue.replay()).toBe('done')
    const headers = server.sent.map((sent) => sent.init.headers as Record<string, string>)
    expect(headers.map((sent) => sent.Authorization)).toEqual(['Bearer handed', undefined])
    expect(server.lines).toEqual(['MISSION', 'URATUL'])
  })

  it('records a refusal whichever page listens, in the customer’s words', async () => {
    const { db, server, queue, reports } = setup()
    server.refuse.add('GONE')
    await db.addCartIntent(addIntent('GONE'), 'key-gone')
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    expect(await queue.replay()).toBe('done')
    expect(await db.cartRefusals.get('key-gone')).toMatchObject({
      action: 'add',
      name: 'GONE',
      status: 422,
      message: 'No longer sold.',
    })
    expect(reports).toContainEqual({ type: 'CART_REFUSED', key: 'key-gone' })
    expect(server.lines).toEqual(['MISSION'])
  })

  it('says why an update-qty was not found', () => {
    const entry = {
      kind: 'update-qty' as const,
      key: 'k'.repeat(8),
      lineId: 'x',
      qty: 2,
      name: 'Mission',
      claimed: true,
      at: 0,
    }
    expect(refusalMessage(entry, 404, { message: 'Not found.' })).toBe(
      'It is no longer in your cart (changed on another device?).',
    )
  })

  it('resends a change whose answer was lost under the same key and body, applied once', async () => {
    const { db, server, queue } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'key-mission')
    server.mode = 'lose-answer'
    expect(await queue.replay()).toBe('offline')
    const [claimed] = await db.cartOutboxEntries()
    expect(claimed?.claimed).toBe(true)
    server.mode = 'up'
    expect(await queue.replay()).toBe('done')
    expect(server.lines).toEqual(['MISSION'])
    expect(server.sent.map((sent) => sent.init.body)).toEqual([
      server.sent[0]!.init.body,
      server.sent[0]!.init.body,
    ])
  })

  it('two drainers at once (a deploy: the installing and the active worker) send each entry once', async () => {
    const { db, server, drainer } = setup()
    for (const sku of ['A', 'B', 'C', 'D']) await db.addCartIntent(addIntent(sku), `key-${sku}-000`)
    let open!: () => void
    server.gate = new Promise((resolve) => (open = resolve))
    const active = drainer()
    const installing = drainer()
    const runs = [active.replay(), installing.replay()]
    open()
    expect(await Promise.all(runs)).toEqual(['done', 'done'])
    expect(server.sent.map((sent) => JSON.parse(sent.init.body as string).sku)).toEqual([
      'A',
      'B',
      'C',
      'D',
    ])
    expect(server.lines).toEqual(['A', 'B', 'C', 'D'])
  })

  it('removes an entry by its own seq: one added meanwhile is never taken for it', async () => {
    const { db, server, queue } = setup()
    await db.addCartIntent(addIntent('A'), 'key-A-0000')
    let open!: () => void
    server.gate = new Promise((resolve) => (open = resolve))
    const run = queue.replay()
    // While A is on its way, the page folds the customer's removal of A: A is claimed, so the
    // removal is queued against A's key instead of changing it.
    await expect.poll(async () => (await db.cartOutboxEntries())[0]?.claimed).toBe(true)
    await db.addCartIntent(
      { kind: 'update-qty', lineId: 'key-A-0000', qty: 0, name: 'A' },
      'key-remove-A',
    )
    await db.addCartIntent(addIntent('B'), 'key-B-0000')
    open()
    server.gate = undefined
    expect(await run).toBe('done')
    expect(server.sent.map((sent) => sent.url)).toEqual([
      'https://shop.test/api/order/add',
      'https://shop.test/api/order/item/key-A-0000/update-qty',
      'https://shop.test/api/order/add',
    ])
  })

  it('takes an older release’s queued requests in frozen, as they were, and sends them once', async () => {
    const { db, server, queue } = setup()
    await db.addCartIntent(addIntent('MISSION'), 'old-add-0001', { frozen: true })
    await db.addCartIntent(
      { kind: 'update-qty', lineId: 'old-add-0001', qty: 2, name: 'MISSION' },
      'old-edit-0001',
      { frozen: true },
    )
    // Moved in twice (the worker restarted halfway): still one entry per key.
    await db.addCartIntent(addIntent('MISSION'), 'old-add-0001', { frozen: true })
    const entries = await db.cartOutboxEntries()
    expect(entries.map((entry) => [entry.key, entry.claimed])).toEqual([
      ['old-add-0001', true],
      ['old-edit-0001', true],
    ])
    expect(await queue.replay()).toBe('done')
    expect(server.sent.map((sent) => sent.url)).toEqual([
      'https://shop.test/api/order/add',
      'https://shop.test/api/order/item/old-add-0001/update-qty',
    ])
  })

  it('sends a change that arrives while a drain is closing, and answers its page with the store’s answer', async () => {
    const { db, server, queue, reports } = setup()
    // The first visit's start: the worker's drain finds nothing and is writing its status...
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let closing = false
    const setStatus = db.setCartOutboxStatus.bind(db)
    db.setCartOutboxStatus = async (...args) => {
      closing = true
      await gate
      return setStatus(...args)
    }
    const first = queue.replay()
    await expect.poll(() => closing).toBe(true)
    // ...as the customer taps "Add to order": the page puts the change in and the worker gets it.
    await db.addCartIntent(addIntent('URATUL'), 'key-late')
    const answered = queue.handle(
      new Request('https://shop.test/api/order/add', {
        method: 'POST',
        headers: { 'Idempotency-Key': 'key-late', 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku: 'URATUL', qty: 1, meta: [], child: [] }),
      }),
    )
    release()
    expect((await answered).status).toBe(200)
    await first
    expect(server.lines).toEqual(['URATUL'])
    expect(await db.cartOutboxEntries()).toEqual([])
    // The last word the pages hear: one in the cart, nothing waiting.
    await expect
      .poll(() => reports.filter((report) => report.type === 'CART_QUEUE').at(-1))
      .toMatchObject({ keys: [], count: 1 })
    await expect.poll(async () => (await db.cartOutboxStatus()).state).toBe('ok')
    // Whatever run is still closing ends before the database does.
    expect(await queue.replay()).toBe('done')
  })

  it('answers a page live with the store’s answer, or 202 queued when it cannot deliver', async () => {
    const { db, server, queue } = setup()
    const request = (sku: string, key: string) =>
      new Request('https://shop.test/api/order/add', {
        method: 'POST',
        headers: { 'Idempotency-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku, qty: 1, meta: [], child: [] }),
      })
    const saved = await queue.handle(request('MISSION', 'key-live-1'))
    expect(saved.status).toBe(200)
    expect(saved.headers.get(API_MARK_HEADER)).toBe(API_MARK_VALUE)
    server.mode = 'down'
    const queued = await queue.handle(request('URATUL', 'key-live-2'))
    expect(queued.status).toBe(202)
    expect((await db.cartOutboxEntries()).map((entry) => entry.key)).toEqual(['key-live-2'])
    const report = await queue.report()
    expect(report).toMatchObject({ keys: ['key-live-2'], count: 2, state: 'offline' })
  })
})
