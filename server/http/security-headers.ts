import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { isRecaptchaPagePath } from '../../contract/recaptcha-pages.ts'
import { isPaymentPagePath } from '../../contract/payment.ts'
import type { ProviderSources } from '../services/payments/csp.ts'

/** Header names and values, written once and never changed. */
export type HeaderList = Readonly<Record<string, string>>

/** Sent only over HTTPS: on plain HTTP (local runs) it would be ignored or wrong. */
const strictTransportSecurity = 'max-age=63072000; includeSubDomains'

/**
 * What a page of the server's own runs inline: the hashes of its scripts, its styles' sources.
 */
export interface InlineSources {
  script: string[]
  style: string[]
}

/**
 * The headers every response carries, API and site alike. The policy allows nothing inline:
 * the built app ships its scripts and styles as files. `providers` adds a payment provider's
 * origins (the payment pages' list); `inline` what the API reference runs inline (its page
 * only).
 */
export function securityHeaderList(options: {
  connectSources: string[]
  providers?: ProviderSources | undefined
  inline?: InlineSources | undefined
}): HeaderList {
  const { providers, inline } = options
  const contentSecurityPolicy = [
    "default-src 'self'",
    ['script-src', "'self'", ...(providers?.script ?? []), ...(inline?.script ?? [])].join(' '),
    ['style-src', "'self'", ...(inline?.style ?? [])].join(' '),
    ['img-src', "'self'", 'data:', 'blob:', ...(providers?.img ?? [])].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...options.connectSources, ...(providers?.connect ?? [])].join(' '),
    ...(providers ? [['frame-src', "'self'", ...providers.frame].join(' ')] : []),
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

/**
 * Whether a request came over HTTPS: behind a TLS-terminating proxy it reaches us over HTTP, and
 * the proxy's `X-Forwarded-Proto` is trusted.
 */
export function viaHttps(forwardedProto: string | undefined, url: string): boolean {
  if (forwardedProto !== undefined) {
    const first = forwardedProto.split(',')[0]?.trim().toLowerCase()
    if (first === 'https') return true
  }
  return url.startsWith('https:')
}

/** The two lists an answer may carry, made once: over plain HTTP, and over HTTPS with HSTS. */
export interface SecurityHeaderLists {
  plain: HeaderList
  secure: HeaderList
  /** The payment pages' two, when a provider's origins are open there. */
  payment?: { plain: HeaderList; secure: HeaderList }
  /** The reCAPTCHA form pages' two, when a site key is configured (issue 17). */
  recaptcha?: { plain: HeaderList; secure: HeaderList }
  /** Pages that are both (the checkout: its sign-in step and its payment step). */
  both?: { plain: HeaderList; secure: HeaderList }
  /** The API reference page's two (routes/api-reference.ts), at its one path. */
  apiReference?: { path: string; plain: HeaderList; secure: HeaderList }
}

function mergeSources(a: ProviderSources, b: ProviderSources): ProviderSources {
  return {
    script: [...a.script, ...b.script],
    frame: [...a.frame, ...b.frame],
    connect: [...a.connect, ...b.connect],
    img: [...a.img, ...b.img],
  }
}

function withHsts(list: HeaderList): HeaderList {
  return Object.freeze({ ...list, 'Strict-Transport-Security': strictTransportSecurity })
}

export function securityHeaderLists(options: {
  connectSources: string[]
  paymentSources?: ProviderSources | undefined
  /** Google's reCAPTCHA origins, opened on the form pages only (contract/contact.ts). */
  recaptchaSources?: ProviderSources | undefined
  /** The API reference's path and what it runs inline, allowed there only. */
  apiReference?: { path: string; inline: InlineSources } | undefined
}): SecurityHeaderLists {
  const pair = (providers?: ProviderSources, inline?: InlineSources) => {
    const list = securityHeaderList({ connectSources: options.connectSources, providers, inline })
    return { plain: list, secure: withHsts(list) }
  }
  const { plain, secure } = pair()
  const lists: SecurityHeaderLists = { plain, secure }
  if (options.paymentSources) lists.payment = pair(options.paymentSources)
  if (options.recaptchaSources) lists.recaptcha = pair(options.recaptchaSources)
  if (options.paymentSources && options.recaptchaSources) {
    lists.both = pair(mergeSources(options.paymentSources, options.recaptchaSources))
  }
  if (options.apiReference) {
    const { path, inline } = options.apiReference
    lists.apiReference = { path, ...pair(undefined, inline) }
  }
  return lists
}

/**
 * The list for a request: the API reference's on its page, the payment pages' where providers are
 * open, the reCAPTCHA form pages' where a site key is configured (both on the checkout), HSTS over
 * HTTPS.
 */
export function listFor(lists: SecurityHeaderLists, pathname: string, https: boolean): HeaderList {
  const reference = lists.apiReference
  if (reference && pathname === reference.path) return https ? reference.secure : reference.plain
  const payment = lists.payment && isPaymentPagePath(pathname)
  const recaptcha = lists.recaptcha && isRecaptchaPagePath(pathname)
  const pair =
    payment && recaptcha
      ? lists.both!
      : payment
        ? lists.payment!
        : recaptcha
          ? lists.recaptcha!
          : lists
  return https ? pair.secure : pair.plain
}

/**
 * Puts the security headers on every answer. An answer marked finished already carries its
 * request's list, and any other gets it set here.
 */
export function securityHeaders(lists: SecurityHeaderLists) {
  return createMiddleware(async (c, next) => {
    const list = listFor(lists, c.req.path, viaHttps(c.req.header('x-forwarded-proto'), c.req.url))
    listOf.set(c, list)
    await next()
    if (finished.has(c.res)) return
    const headers = c.res.headers
    for (const name in list) headers.set(name, list[name]!)
  })
}
