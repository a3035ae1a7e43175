import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'

/** Header names and values, written once and never changed. */
export type HeaderList = Readonly<Record<string, string>>

/** Sent only over HTTPS: on plain HTTP (local runs) it would be ignored or wrong. */
const strictTransportSecurity = 'max-age=63072000; includeSubDomains'

/**
 * The headers every response carries, API and site alike. The policy allows nothing inline:
 * the built app ships its scripts and styles as files.
 */
export function securityHeaderList(options: { connectSources: string[] }): HeaderList {
  const contentSecurityPolicy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...options.connectSources].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return Object.freeze({
    'Content-Security-Policy': contentSecurityPolicy,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  })
}

/** Each request's list, for the routes that build their answer's headers in one object. */
const listOf = new WeakMap<Context, HeaderList>()
/** Answers built complete: security headers, Cache-Control and their final Content-Encoding. */
const finished = new WeakSet<Response>()

/**
 * Marks an answer whose headers are complete as built, so that no middleware reads or writes
 * them again. An answer built as a plain header object goes out as it is; the first read of its
 * `headers` makes @hono/node-server build a `Headers` and copy it back, a fifth of a catalog read.
 */
export function markFinished(response: Response): Response {
  finished.add(response)
  return response
}

/** Whether the answer is the one a route marked finished (a middleware that replaced it did not). */
export function isFinished(response: Response): boolean {
  return finished.has(response)
}

/** The security headers for this request's answer, to build into it. */
export function securityHeadersOf(c: Context): HeaderList {
  return listOf.get(c) ?? {}
}

function viaHttps(c: Context): boolean {
  // Behind a TLS-terminating proxy the request reaches us over HTTP; trust its header.
  const forwarded = c.req.header('x-forwarded-proto')
  if (forwarded !== undefined) {
    const first = forwarded.split(',')[0]?.trim().toLowerCase()
    if (first === 'https') return true
  }
  return c.req.url.startsWith('https:')
}

/**
 * Puts the security headers on every answer. The two lists (with and without HSTS) are made
 * once; an answer marked finished already carries its list, and any other gets it set here.
 */
export function securityHeaders(options: { connectSources: string[] }) {
  const plain = securityHeaderList(options)
  const secure: HeaderList = Object.freeze({
    ...plain,
    'Strict-Transport-Security': strictTransportSecurity,
  })
  return createMiddleware(async (c, next) => {
    const list = viaHttps(c) ? secure : plain
    listOf.set(c, list)
    await next()
    if (finished.has(c.res)) return
    const headers = c.res.headers
    for (const name in list) headers.set(name, list[name]!)
  })
}
