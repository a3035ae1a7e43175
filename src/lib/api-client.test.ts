import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, NetworkError, parseRetryAfter, ValidationError } from './api-client.ts'

const requests: Request[] = []

function respondWith(status: number, body?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input.clone())
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
}

function clearCookies() {
  for (const name of ['authToken', 'other']) {
    document.cookie = `${name}=; Path=/; Max-Age=0`
  }
}

beforeEach(() => {
  requests.length = 0
  clearCookies()
})

afterEach(() => {
  vi.unstubAllGlobals()
  clearCookies()
})

describe('api client', () => {
  it('returns the data of a 200 with its keys camelCased', async () => {
    respondWith(200, { lead_time_weeks: 6, variants: [{ in_stock: true, sku: 'C2-CUSTOM' }] })
    const data = await api.get('/api/product/corvid-2', { searchParams: { active: 1 } })
    expect(data).toEqual({ leadTimeWeeks: 6, variants: [{ inStock: true, sku: 'C2-CUSTOM' }] })
    const request = requests[0]!
    expect(request.method).toBe('GET')
    expect(new URL(request.url).pathname).toBe('/api/product/corvid-2')
    expect(new URL(request.url).search).toBe('?active=1')
    expect(request.credentials).toBe('include')
    expect(request.headers.get('Accept')).toBe('application/json')
  })

  it("sends JSON bodies with the API's field names exactly as written", async () => {
    respondWith(200, { ok: true })
    await api.post('/api/order/submit', { notes: 'Rush', optIn: false })
    await api.post('/api/password/usetoken/t', {
      password: 'a-b-c-d-e',
      confirmPassword: 'a-b-c-d-e',
    })
    await api.post('/api/order/1/add-discount', { discount_codes: ['SPRING'] })
    expect(requests[0]!.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(await requests[0]!.json()).toEqual({ notes: 'Rush', optIn: false })
    expect(await requests[1]!.json()).toEqual({
      password: 'a-b-c-d-e',
      confirmPassword: 'a-b-c-d-e',
    })
    expect(await requests[2]!.json()).toEqual({ discount_codes: ['SPRING'] })
  })

  it('sends the cart token and the idempotency key with a cart mutation that asks for them', async () => {
    respondWith(200, { ok: true })
    await api.post(
      '/api/order/add',
      { sku: 'BAG', qty: 1, meta: [], child: [] },
      {
        cart: true,
        idempotencyKey: 'key-12345678',
      },
    )
    await api.get('/api/product/corvid-2')
    const [add, product] = requests
    expect(add!.headers.get('X-Cart-Token')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(add!.headers.get('Idempotency-Key')).toBe('key-12345678')
    expect(product!.headers.get('X-Cart-Token')).toBeNull()
    expect(product!.headers.get('Idempotency-Key')).toBeNull()
  })

  it('sends the bearer token with a call that needs it, when the authToken cookie is set', async () => {
    respondWith(200, {})
    await api.get('/api/user', { auth: true })
    expect(requests[0]!.headers.get('Authorization')).toBeNull()

    document.cookie = 'authToken=tok%2Ben; Path=/'
    await api.get('/api/user', { auth: true })
    expect(requests[1]!.headers.get('Authorization')).toBe('Bearer tok+en')
    await api.post('/api/order/add', { qty: 1 }, { auth: true })
    expect(requests[2]!.headers.get('Authorization')).toBe('Bearer tok+en')
  })

  it('never sends the token with a public call, signed in or not', async () => {
    respondWith(200, {})
    document.cookie = 'authToken=secret-token; Path=/'
    await api.get('/api/product/corvid-2', { searchParams: { active: 1 } })
    expect(requests[0]!.headers.get('Authorization')).toBeNull()
    expect(requests[0]!.credentials).toBe('include')
  })

  it('treats a malformed authToken cookie as no token instead of failing every call', async () => {
    respondWith(200, { ok: true })
    document.cookie = 'authToken=%E0%A4%A; Path=/'
    await expect(api.get('/api/user', { auth: true })).resolves.toEqual({ ok: true })
    expect(requests[0]!.headers.get('Authorization')).toBeNull()
  })

  it('rejects a 422 with the camelCased body and a message per field', async () => {
    respondWith(422, {
      message: 'The given data was invalid.',
      errors: { service_code: ['Pick a shipping service.'] },
    })
    const error = await api.post('/api/order/save-shipping-option', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    const validation = error as ValidationError
    expect(validation.status).toBe(422)
    expect(validation.message).toBe('The given data was invalid.')
    expect(validation.errors).toEqual({ serviceCode: ['Pick a shipping service.'] })
    expect(validation.body).toEqual({
      message: 'The given data was invalid.',
      errors: { serviceCode: ['Pick a shipping service.'] },
    })
  })

  it('rejects a 401 with its status and the server message', async () => {
    respondWith(401, { message: 'Unauthenticated.' })
    const error = await api.get('/api/user').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).not.toBeInstanceOf(ValidationError)
    expect((error as ApiError).status).toBe(401)
    expect((error as ApiError).message).toBe('Unauthenticated.')
  })

  it('rejects a 500 with its status even when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 500 })),
    )
    const error = await api.get('/api/order').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(500)
    expect((error as ApiError).message).toBe('Request failed with status 500')
  })

  it('rejects a 429 with the wait its Retry-After asks for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Too many attempts.' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '840' },
          }),
      ),
    )
    const error = await api.post('/api/login', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(429)
    expect((error as ApiError).retryAfterSeconds).toBe(840)
  })

  it('reads Retry-After as seconds or as an HTTP date, and ignores junk', () => {
    const now = Date.parse('2026-11-22T20:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120)
    expect(parseRetryAfter('Sun, 22 Nov 2026 20:01:30 GMT', now)).toBe(90)
    expect(parseRetryAfter('Sun, 22 Nov 2026 19:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(api.get('/api/order')).rejects.toBeInstanceOf(NetworkError)
  })
})
