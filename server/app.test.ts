import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, OpenDatabase } from './db/index.ts'
import { users } from './db/schema.ts'
import { demoAccounts } from './services/seed.ts'
import { createRouter } from './http/router.ts'
import { createSession } from './services/sessions.ts'
import { API_MARK_HEADER, API_MARK_VALUE } from '../contract/api-mark.ts'
import { createTempDir, createTestApp, openTestDatabase } from './testing/test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>

/**
 * A validated JSON endpoint that exists only in this file, so body handling (malformed JSON,
 * field errors, size limit) is tested through the same router and hooks real routes use.
 */
const echo = createRoute({
  method: 'post',
  path: '/test-echo',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            shippingAddress: z.object({ postalCode: z.string().min(3) }),
            items: z.array(z.object({ qty: z.number().int().positive() })),
          }),
        },
      },
    },
  },
  responses: { 200: { description: 'The body, as parsed' } },
})

/** A body keyed by whatever the client sends: a field may be called `__proto__`. */
const prices = createRoute({
  method: 'post',
  path: '/test-prices',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.record(z.string(), z.number()) } },
    },
  },
  responses: { 200: { description: 'The body, as parsed' } },
})

/** A route that decides its own caching, as the catalog does. */
const shared = createRoute({
  method: 'get',
  path: '/test-shared',
  responses: { 200: { description: 'A public answer' } },
})

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
  app.route(
    '/api',
    createRouter()
      .openapi(echo, (c) => c.json(c.req.valid('json'), 200))
      .openapi(prices, (c) => c.json(c.req.valid('json'), 200))
      .openapi(shared, (c) => c.json({}, 200, { 'Cache-Control': 'public, max-age=60' })),
  )
})
afterAll(() => database.close())

/** A bearer token of the seeded demo customer. */
async function signIn(): Promise<string> {
  const [demo] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts[0].email))
  return createSession(database.db, demo!.id, 3600)
}

function postJson(body: string) {
  return app.request('/api/test-echo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
}

describe('request bodies', () => {
  it('passes a valid body through', async () => {
    const body = { shippingAddress: { postalCode: '12345' }, items: [{ qty: 1 }] }
    const res = await postJson(JSON.stringify(body))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(body)
  })

  it('answers 422 with snake_case dotted field paths for an invalid body', async () => {
    const res = await postJson(
      JSON.stringify({ shippingAddress: { postalCode: 'x' }, items: [{ qty: 0 }] }),
    )
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.message).toBe('The given data was invalid.')
    expect(Object.keys(body.errors).sort()).toEqual(['items.0.qty', 'shipping_address.postal_code'])
  })

  it('answers 422 for a body that is not an object', async () => {
    const res = await postJson('[1, 2]')
    expect(res.status).toBe(422)
    expect((await res.json()).errors).toHaveProperty('body')
  })

  it('answers 422 with a message for malformed JSON', async () => {
    const res = await postJson('{"shippingAddress": ')
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.message).toBe('The given data was invalid.')
    expect(body.errors.body[0]).toMatch(/JSON/)
  })

  it('answers 413 with JSON for a body over 1 MiB, with or without Content-Length', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) })
    const withLength = await app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    })
    expect(withLength.status).toBe(413)
    expect(await withLength.json()).toEqual({ message: 'The request body is too large.' })
    const streamed = await postJson(big)
    expect(streamed.status).toBe(413)
  })

  it('reports a field named constructor like any other, and lets __proto__ pollute nothing', async () => {
    // The 422 map is keyed by the client's field names: on a plain object, `constructor` is
    // already there (Object) and the message could not be added: a 500.
    const res = await app.request('/api/test-prices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"polluted": 1}, "constructor": "free", "ok": 1}',
    })
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(Object.keys(body.errors)).toEqual(['constructor'])
    expect(body.errors.constructor).toEqual([expect.any(String)])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers 415 with JSON for another content type', async () => {
    const res = await app.request('/api/test-echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toHaveProperty('message')
  })
})

describe('unknown API paths and methods', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    for (const path of ['/api/nope', '/api', '/api/user/get-addresses/nope']) {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found.' })
    }
  })

  it('answers 405 with Allow, read from the registered routes, for a known path with the wrong method', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/api/user', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/product/corvid-2', 'GET, HEAD, OPTIONS'],
      ['PUT', '/api/product/a%00b', 'GET, HEAD, OPTIONS'],
      ['PATCH', '/api/openapi.json', 'GET, HEAD, OPTIONS'],
      // Added after createApp, as a new resource would be: no list to keep up to date.
      ['GET', '/api/test-echo', 'POST, OPTIONS'],
    ] as const) {
      const res = await app.request(path, { method })
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(res.headers.get('allow')).toBe(allow)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({ message: 'This method is not allowed here.' })
    }
  })

  it('answers OPTIONS on a known path with its methods, and HEAD like GET', async () => {
    const options = await app.request('/api/product/corvid-2', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    const head = await app.request('/api/product/corvid-2', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await app.request('/api/nope', { method: 'OPTIONS' })).status).toBe(404)
  })

  it('keeps 404 for a path no route knows, whatever the method', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/nope'],
      ['POST', '/api/user/'],
      ['PUT', '/api/product/corvid-2/extra'],
    ] as const) {
      const res = await app.request(path, { method })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.headers.get('allow')).toBeNull()
    }
  })

  it('never redirects an /api path with a trailing slash', async () => {
    const res = await app.request('/api/user/')
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
  })
})

describe('hostile path parameters', () => {
  const unreachable = new Proxy({} as Database, {
    get() {
      throw new Error('the database was asked')
    },
  })

  it('answers 404 for a slug that is not written as one, before the database is asked', async () => {
    const guarded = createTestApp(unreachable)
    for (const slug of ['a%00b', '%00', 'Corvid-2', 'a%2Fb', '%F0%9F%AA%82', 'x'.repeat(101)]) {
      for (const path of [
        `/api/product/${slug}`,
        `/api/product/production-time/category/${slug}`,
      ]) {
        const res = await guarded.request(path)
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ message: 'Not found.' })
      }
    }
  })

  it('answers 422 for a hostile query value, before the database is asked', async () => {
    const guarded = createTestApp(unreachable)
    for (const query of ['category=a%00b', `category=${'x'.repeat(101)}`, 'category=%C0']) {
      const res = await guarded.request(`/api/product/archive-image?${query}`)
      expect(res.status, query).toBe(422)
      expect(Object.keys((await res.json()).errors)).toEqual(['category'])
    }
  })

  it('answers 414 for a path over 2 KiB, and routes one just under it', async () => {
    const long = await app.request(`/api/product/${'a'.repeat(2100)}`)
    expect(long.status).toBe(414)
    expect(await long.json()).toEqual({ message: 'The address is too long.' })
    const slashes = await app.request(`/api/product/${'/'.repeat(15_000)}x`)
    expect(slashes.status).toBe(414)
    const under = await app.request(`/api/product/${'a'.repeat(2048 - '/api/product/'.length)}`)
    expect(under.status).toBe(404)
  })
})

describe('Cache-Control on API answers', () => {
  it('is no-store, private on every answer that does not set its own', async () => {
    const token = await signIn()
    for (const [path, init, status] of [
      ['/api/user', { headers: { authorization: `Bearer ${token}` } }, 200],
      ['/api/user', {}, 401],
      ['/api/nope', {}, 404],
      ['/api/user', { method: 'DELETE' }, 405],
      ['/api/product/corvid-2?active=yes', {}, 422],
      [`/api/${'x'.repeat(3000)}`, {}, 414],
    ] as const) {
      const res = await app.request(path, init)
      expect(res.status, path).toBe(status)
      expect(res.headers.get('cache-control'), path).toBe('no-store, private')
    }
  })

  it("keeps a route's own Cache-Control", async () => {
    const res = await app.request('/api/test-shared')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('unexpected errors', () => {
  it('answers 500 with a generic JSON message and no details', async () => {
    const failing = new Proxy({} as Database, {
      get() {
        throw new Error('connection refused at 10.0.0.5:5432')
      },
    })
    const res = await createTestApp(failing).request('/api/product/corvid-2')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ message: 'Server error.' })
    expect(text).not.toMatch(/10\.0\.0\.5|at /)
  })
})

describe('security headers', () => {
  it('are on API responses, successful or not', async () => {
    for (const path of ['/api/product/corvid-2', '/api/nope', '/api/user']) {
      const res = await app.request(path)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp.match(/script-src ([^;]*)/)?.[1]).toBe("'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(self)',
      )
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('include HSTS only for requests that came over HTTPS', async () => {
    const hsts = 'max-age=63072000; includeSubDomains'
    const proxied = await app.request('/api/product/a5', {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(proxied.headers.get('strict-transport-security')).toBe(hsts)
    const direct = await app.request('https://shop.example/api/product/a5')
    expect(direct.headers.get('strict-transport-security')).toBe(hsts)
  })
})

describe('CORS', () => {
  const site = 'https://www.shop.example'

  it('is off unless CORS_ORIGINS is set', async () => {
    const res = await app.request('/api/product/a5', { headers: { origin: site } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('allows the configured origins with credentials, and lists them in connect-src', async () => {
    const cors = createTestApp(database.db, {
      env: { CORS_ORIGINS: `${site},https://shop.example` },
    })
    const preflight = await cors.request('/api/user', {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site)
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i)

    const res = await cors.request('/api/product/a5', { headers: { origin: site } })
    expect(res.headers.get('access-control-allow-origin')).toBe(site)
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${site}`)

    const other = await cors.request('/api/product/a5', {
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('puts its headers on a cart answer the route built complete, gzipped or not', async () => {
    const cors = createTestApp(database.db, { env: { CORS_ORIGINS: site } })
    const token = 'c'.repeat(43)
    for (const [sku, accept] of [
      ['MISSION-BAG-BLACK', ''],
      ['URATUL-BAG-ORANGE', 'gzip'],
      ['WEEKEND-BAG-NAVY', 'gzip'],
    ] as const) {
      const res = await cors.request('/api/order/add', {
        method: 'POST',
        headers: {
          origin: site,
          'content-type': 'application/json',
          'accept-encoding': accept,
          'x-cart-token': token,
        },
        body: JSON.stringify({ sku, qty: 1, meta: [], child: [] }),
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(site)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('access-control-expose-headers')).toContain(API_MARK_HEADER)
      expect(res.headers.get(API_MARK_HEADER)).toBe(API_MARK_VALUE)
      expect(res.headers.get('cache-control')).toBe('no-store, private')
      expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${site}`)
      const vary = res.headers.get('vary') ?? ''
      expect(vary).toMatch(/accept-encoding/i)
      expect(vary).toMatch(/origin/i)
    }
  })
})

describe('the API mark (contract/api-mark.ts)', () => {
  const marked = (res: Response) => res.headers.get(API_MARK_HEADER)

  it('is on every answer under /api, whatever its status, and on no page or file', async () => {
    const token = await signIn()
    const json = { 'content-type': 'application/json' }
    for (const [path, init, status] of [
      ['/api/user', { headers: { authorization: `Bearer ${token}` } }, 200],
      ['/api/product/corvid-2?active=1', {}, 200],
      ['/api/order', {}, 200],
      ['/api/user', {}, 401],
      ['/api/nope', {}, 404],
      ['/api/order/item/x/update-qty', { method: 'POST', headers: json, body: '{"qty":1}' }, 401],
      ['/api/user', { method: 'DELETE' }, 405],
      ['/api/user', { method: 'OPTIONS' }, 204],
      ['/api/test-echo', { method: 'POST', headers: json, body: '{' }, 422],
      ['/api/test-echo', { method: 'POST', headers: json, body: 'x'.repeat(1024 * 1024 + 1) }, 413],
      [`/api/${'x'.repeat(3000)}`, {}, 414],
    ] as const) {
      const res = await app.request(path, init)
      expect(res.status, path).toBe(status)
      expect(marked(res), `${path} ${status}`).toBe(API_MARK_VALUE)
    }
    const guest = () =>
      app.request('/api/login-guest', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'mark-throttle@example.com', remember: false }),
      })
    let last = await guest()
    for (let i = 0; i < 12 && last.status !== 429; i++) last = await guest()
    expect(last.status).toBe(429)
    expect(marked(last)).toBe(API_MARK_VALUE)

    const site = await createTempDir({ 'index.html': '<!doctype html><title>Shop</title>' })
    try {
      const withSite = createTestApp(database.db, { staticDir: site.dir })
      for (const path of ['/', '/index.html', '/no-such-page', `/${'x'.repeat(3000)}`]) {
        const res = await withSite.request(path)
        expect(marked(res), path).toBeNull()
      }
      expect(marked(await withSite.request('/api/nope'))).toBe(API_MARK_VALUE)
    } finally {
      await site.cleanup()
    }
  })

  it('is on a 500', async () => {
    const failing = new Proxy({} as Database, {
      get() {
        throw new Error('connection refused')
      },
    })
    const res = await createTestApp(failing).request('/api/product/corvid-2')
    expect(res.status).toBe(500)
    expect(marked(res)).toBe(API_MARK_VALUE)
  })

  it('is exposed to cross-origin pages, on answers and on preflights', async () => {
    const site = 'https://www.shop.example'
    const cors = createTestApp(database.db, { env: { CORS_ORIGINS: site } })
    const inits: RequestInit[] = [
      { headers: { origin: site } },
      { method: 'OPTIONS', headers: { origin: site, 'access-control-request-method': 'POST' } },
    ]
    for (const init of inits) {
      const res = await cors.request('/api/product/corvid-2', init)
      expect(marked(res)).toBe(API_MARK_VALUE)
      if (init.method !== 'OPTIONS')
        expect(res.headers.get('access-control-expose-headers')).toContain(API_MARK_HEADER)
    }
  })
})

describe('GET /api/openapi.json', () => {
  it('describes the API paths, the bearer scheme and the error schema', async () => {
    const res = await createTestApp(database.db).request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/admin/attention',
      '/api/admin/customers',
      '/api/admin/customers/{id}',
      '/api/admin/customers/{id}/sign-out-everywhere',
      '/api/admin/dashboard',
      '/api/admin/dealers',
      '/api/admin/dealers/{id}',
      '/api/admin/dealers/{id}/customers',
      '/api/admin/dealers/{id}/customers/{customerId}/unlink',
      '/api/admin/dealers/{id}/ledger.csv',
      '/api/admin/dealers/{id}/rate',
      '/api/admin/dealers/{id}/tie',
      '/api/admin/discount-codes',
      '/api/admin/discount-codes/{code}',
      '/api/admin/discount-codes/{code}/end',
      '/api/admin/discount-codes/{code}/uses',
      '/api/admin/login-link',
      '/api/admin/orders',
      '/api/admin/orders/{id}',
      '/api/admin/orders/{id}/move',
      '/api/admin/orders/{id}/payment-link',
      '/api/admin/orders/{id}/refund',
      '/api/admin/orders/{id}/resend-mail',
      '/api/admin/payouts/{id}/mark-paid',
      '/api/admin/queue',
      '/api/analytics/page-views',
      '/api/coach/contact-coaches/{coachSlug}',
      '/api/contact/',
      '/api/login',
      '/api/login-guest',
      '/api/newsletter/confirm/{token}',
      '/api/newsletter/sign-up',
      '/api/newsletter/unsubscribe/{token}',
      '/api/order',
      '/api/order/add',
      '/api/order/add-to-submitted-order/{paymentCode}',
      '/api/order/create-order-signature',
      '/api/order/dealer-comission',
      '/api/order/dealer-comission/csv',
      '/api/order/get-dealer-customers',
      '/api/order/get-order-with-payment-link/{id}',
      '/api/order/get-orders',
      '/api/order/get-submitted-order/{id}',
      '/api/order/item/{id}/update-qty',
      '/api/order/place-for',
      '/api/order/production-time',
      '/api/order/save-shipping-address',
      '/api/order/save-shipping-option',
      '/api/order/set-merged-notified',
      '/api/order/shipping-options',
      '/api/order/shipping-options-by-address',
      '/api/order/submit',
      '/api/order/waiver',
      '/api/order/{id}',
      '/api/order/{id}/add-discount',
      '/api/order/{id}/can-change-address',
      '/api/order/{id}/save-shipping-address',
      '/api/order/{id}/save-shipping-option',
      '/api/order/{id}/shipping-options',
      '/api/order/{id}/validate-address',
      '/api/password/forgot',
      '/api/password/login-link',
      '/api/password/usetoken/{token}',
      '/api/password/verify-login/{token}',
      '/api/payment/apple-pay-finalize',
      '/api/payment/bitpay/webhook',
      '/api/payment/bitpay/{orderId}',
      '/api/payment/braintree/{orderId}',
      '/api/payment/commission-balance',
      '/api/payment/commission-balance/{id}',
      '/api/payment/config',
      '/api/product/archive-image',
      '/api/product/production-time/category/{category}',
      '/api/product/{slug}',
      '/api/user',
      '/api/user/add-address',
      '/api/user/create',
      '/api/user/delete-address/{id}',
      '/api/user/edit',
      '/api/user/edit-address/{id}',
      '/api/user/get-addresses/',
      '/api/user/logout',
      '/api/user/make-default-address/{id}',
    ])
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    )
    expect(doc.paths['/api/user'].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.components.schemas).toHaveProperty('ApiError')
    expect(doc.components.schemas).toHaveProperty('Product')
    const productGet = doc.paths['/api/product/{slug}'].get
    expect(productGet.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'active',
      'slug',
    ])
    expect(productGet.responses['404'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ApiError',
    )
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations as Record<string, { responses: object }>)) {
        expect(operation.responses, path).toHaveProperty('414')
      }
    }
    expect(doc.info.description).toMatch(/405 with an `Allow` header/)
  })
})
