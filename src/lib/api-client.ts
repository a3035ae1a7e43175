import humps from 'humps'
import ky from 'ky'
import { CART_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '../../contract/cart-headers.ts'
import { cartToken } from './cart-token.ts'
import { config } from './config.ts'
import { AUTH_COOKIE, readCookie } from './cookies.ts'

/**
 * The one HTTP client of the app (docs/api.md): JSON to the product's API host, credentials
 * included, request bodies exactly as given (the API's names: `optIn`, `confirmPassword`,
 * `discount_codes` go out as they are spelled) and response keys camelCased. The bearer token from the
 * authToken cookie goes only with calls that say they need it (`auth: true`): catalog and content
 * calls are public, so their answers are the same for everyone and safe to keep offline. 2xx
 * yields the data; 422 rejects with the camelCased body (as a ValidationError carrying `message`
 * and `errors`); any other status rejects with an ApiError.
 */

// The wire-to-app key casing, for the features' fetchers.
export type { Camelized } from '../../contract/camelized.ts'

export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  /** A 429's or 503's `Retry-After`, in seconds: how long to wait before asking again. */
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, body: unknown, message?: string, retryAfterSeconds?: number) {
    super(message ?? messageOf(body) ?? `Request failed with status ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** `Retry-After` as seconds from now: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** 422: the camelCased body, with a message per field. */
export class ValidationError extends ApiError {
  readonly errors: Record<string, string[]>

  constructor(body: { message?: string; errors?: Record<string, string[]> }) {
    super(422, body, body.message ?? 'The given data was invalid.')
    this.name = 'ValidationError'
    this.errors = body.errors ?? {}
  }
}

/** No response at all: offline, DNS, connection refused. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The network is unavailable.', { cause })
    this.name = 'NetworkError'
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message
  }
  return undefined
}

const http = ky.create({
  credentials: 'include',
  timeout: false,
  retry: 0,
  throwHttpErrors: false,
  headers: { Accept: 'application/json' },
})

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return humps.camelizeKeys(JSON.parse(text) as object)
  } catch {
    return text
  }
}

export interface RequestOptions {
  /** The call acts for the signed-in customer: it carries the bearer token when there is one. */
  auth?: boolean
  /** The call reads or changes the cart: it carries the device's anonymous cart token. */
  cart?: boolean
  /** A mutation's key, made when the customer acted, so a replay is never applied twice. */
  idempotencyKey?: string
  /** Further headers (e.g. one the service worker reads and strips: sw/messages.ts). */
  headers?: Record<string, string>
  json?: unknown
  searchParams?: Record<string, string | number | boolean>
  signal?: AbortSignal
  /**
   * Sends the request in place of the browser's fetch: a page no worker controls sends its
   * changes through its own outbox drainer (page-outbox.ts `sendThroughPageOutbox`).
   */
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response
  const token = options.auth ? readCookie(AUTH_COOKIE) : null
  const headers: Record<string, string> = { ...options.headers }
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.cart) headers[CART_TOKEN_HEADER] = cartToken()
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey
  try {
    response = await http(new URL(path, config.apiUrl || globalThis.location.origin), {
      method,
      headers,
      json: options.json,
      searchParams: options.searchParams,
      signal: options.signal,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  } catch (error) {
    // fetch rejects with a TypeError when no response came at all; anything else is a bug.
    if (error instanceof TypeError) throw new NetworkError(error)
    throw error
  }
  const body = await readBody(response)
  if (response.ok) return body as T
  if (response.status === 422) {
    throw new ValidationError((body ?? {}) as ConstructorParameters<typeof ValidationError>[0])
  }
  throw new ApiError(
    response.status,
    body,
    undefined,
    parseRetryAfter(response.headers.get('Retry-After')),
  )
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'json'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, json }),
}
