import type { Context } from 'hono'
import type { EncodedBody, Representation } from '../services/encoded-body.ts'
import { markFinished, securityHeadersOf, type HeaderList } from './security-headers.ts'

/**
 * The codings a client takes, best first among the ones we make: brotli, then gzip. Follows
 * `Accept-Encoding` q-values, `*` and `q=0`; without the header, identity only.
 */
export function acceptedCodings(header: string | undefined): ReadonlyArray<'br' | 'gzip'> {
  if (!header) return []
  let codings = codingsByHeader.get(header)
  if (!codings) {
    // Browsers send a handful of different headers; a flood of made-up ones only refills this.
    if (codingsByHeader.size >= maxKnownHeaders) codingsByHeader.clear()
    codings = Object.freeze(parseAcceptEncoding(header))
    codingsByHeader.set(header, codings)
  }
  return codings
}

/** `acceptedCodings` by header, parsed once each. */
const codingsByHeader = new Map<string, ReadonlyArray<'br' | 'gzip'>>()
const maxKnownHeaders = 256

function parseAcceptEncoding(header: string): Array<'br' | 'gzip'> {
  let br: number | undefined
  let gz: number | undefined
  let any: number | undefined
  for (const item of header.split(',')) {
    const [rawName = '', ...params] = item.split(';')
    const name = rawName.trim().toLowerCase()
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') q = Number(value) || 0
    }
    if (name === 'br') br = q
    else if (name === 'gzip' || name === 'x-gzip') gz = q
    else if (name === '*') any = q
  }
  br ??= any
  gz ??= any
  const codings: Array<['br' | 'gzip', number]> = []
  if (br) codings.push(['br', br])
  if (gz) codings.push(['gzip', gz])
  // Stable sort: brotli stays first on a tie.
  return codings.sort((a, b) => b[1] - a[1]).map(([coding]) => coding)
}

/**
 * The form to send: the best accepted coding that is ready, else the next accepted one that is
 * (the best is being made meanwhile), else the best accepted one once made.
 */
export function chooseRepresentation(
  body: EncodedBody,
  acceptEncoding: string | undefined,
): Representation | Promise<Representation> {
  if (!body.compressible) return body.identity
  const codings = acceptedCodings(acceptEncoding)
  if (codings.length === 0) return body.identity
  for (const coding of codings) {
    const form = body.ready(coding)
    if (form) return form
  }
  // Gzip is quick to make; wait for it rather than for brotli when both are accepted.
  const quickest = codings.includes('gzip') ? 'gzip' : codings[0]!
  return body.made(quickest)
}

/** Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

export interface SendOptions {
  status?: 200 | 404
  cacheControl: string
  /** More headers for 200/404 and 304 alike (Last-Modified). */
  headers?: Record<string, string>
}

/**
 * An answer complete in memory: status, every header and the bytes, ready to be written as they
 * are. The Hono routes and the request listener's fast path (memory-answers.ts) both build
 * theirs with `encodedAnswer`, so the two cannot send different headers.
 */
export interface PlainAnswer {
  status: number
  headers: Record<string, string>
  /** Null for HEAD and 304. */
  body: Uint8Array<ArrayBuffer> | null
}

/** What of a request an answer kept in memory depends on. */
export interface AnswerConditions {
  method: string
  ifNoneMatch: string | undefined
}

/** The answer for one form of a body; the security headers are the request's (HSTS or not). */
export function encodedAnswer(
  request: AnswerConditions,
  body: EncodedBody,
  form: Representation,
  { status = 200, cacheControl, headers: extra }: SendOptions,
  security: HeaderList,
): PlainAnswer {
  // Complete as built, security headers included: no middleware needs to touch it again. The
  // optional extras are spread last: spread first, they made V8 build every answer's header
  // object the slow way (prerendered pages went from 20k to 36k req/s with this order).
  const headers: Record<string, string> = {
    'Content-Type': body.contentType,
    'Cache-Control': cacheControl,
    ETag: form.etag,
    ...security,
    ...extra,
  }
  // Caches must key the answer by Accept-Encoding, whichever form this one is.
  if (body.compressible) headers.Vary = 'Accept-Encoding'
  if (status === 200 && matchesIfNoneMatch(request.ifNoneMatch, form.etag)) {
    return { status: 304, headers, body: null }
  }
  if (form.coding !== 'identity') headers['Content-Encoding'] = form.coding
  headers['Content-Length'] = String(form.bytes.byteLength)
  const bytes = request.method === 'HEAD' ? null : (form.bytes as Uint8Array<ArrayBuffer>)
  return { status, headers, body: bytes }
}

function respond(
  c: Context,
  body: EncodedBody,
  form: Representation,
  options: SendOptions,
): Response {
  const request = { method: c.req.method, ifNoneMatch: c.req.header('if-none-match') }
  const answer = encodedAnswer(request, body, form, options, securityHeadersOf(c))
  // A Response with plain headers, not c.body(): Hono would copy them into a Headers object one
  // by one, and @hono/node-server writes plain headers straight out.
  return markFinished(new Response(answer.body, { status: answer.status, headers: answer.headers }))
}

/**
 * Sends a body kept in memory in the form the client accepts best, answering a matching
 * `If-None-Match` with 304. Synchronous when that form is already made.
 */
export function sendEncoded(
  c: Context,
  body: EncodedBody,
  options: SendOptions,
): Response | Promise<Response> {
  const form = chooseRepresentation(body, c.req.header('accept-encoding'))
  return form instanceof Promise
    ? form.then((made) => respond(c, body, made, options))
    : respond(c, body, form, options)
}
