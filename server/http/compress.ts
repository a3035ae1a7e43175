import { promisify } from 'node:util'
import { gzip, gzipSync, type InputType, type ZlibOptions } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'
import { acceptedCodings } from './encoded-body.ts'
import { isFinished } from './security-headers.ts'

/*
 * Text answers made per request (JSON above all: a cart answer is 1–8 KB) go out gzipped to
 * clients that accept it, every browser and the app's service worker among them, in one piece
 * with their length. hono's compress middleware pipes every body through a CompressionStream (a
 * web stream) and the answer goes out chunked: serving a 2.2 KB JSON answer with it took 330 µs
 * of CPU per request (`scripts/bench/compress.ts`), against 91 µs here and 40 µs without
 * compression. Here the body is taken as the route gave it and gzipped at once: in the
 * request's own turn up to 64 KB, on libuv's pool above. A file too big to keep in memory
 * (streamed, with its length) keeps hono's stream. Answers kept in memory are already in their
 * best coding (encoded-body.ts) and marked finished.
 */

/** Below this many bytes an answer goes as it is: gzip would save next to nothing. */
export const compressThreshold = 1024
/** Up to this many bytes an answer is gzipped in the request's turn of the event loop. */
export const inTurnLimit = 64 * 1024
/** Above this many bytes (a streamed file, which says its length) hono's stream is used. */
const wholeLimit = 1024 * 1024

const gzipOnPool = promisify<InputType, ZlibOptions, Buffer<ArrayBuffer>>(gzip)
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i
const varyHasAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

export function compressAnswers(): MiddlewareHandler {
  const streamed = compress({ encoding: 'gzip' })
  return async (c, next) => {
    await next()
    const res = c.res
    if (isFinished(res)) return
    const headers = res.headers
    const type = headers.get('Content-Type')
    if (
      withoutBody(res.status) ||
      res.status === 206 ||
      c.req.method === 'HEAD' ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      noTransform.test(headers.get('Cache-Control') ?? '')
    )
      return
    // Caches keep one copy per coding, whether or not this client takes gzip.
    const vary = headers.get('Vary')
    if (vary !== '*' && !(vary && varyHasAcceptEncoding.test(vary)))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    if (!acceptedCodings(c.req.header('Accept-Encoding')).includes('gzip')) return
    const length = Number(headers.get('Content-Length') ?? Number.NaN)
    if (length > wholeLimit) return streamInPlace(c, streamed)
    if (length < compressThreshold) return
    const held = heldBody(res)
    if (held === null || (held === undefined && res.body === null)) return
    // Read otherwise: the answer is rebuilt from the bytes read, even when it goes as it is.
    const read = held === undefined ? new Uint8Array(await res.arrayBuffer()) : undefined
    const text = typeof held === 'string' ? Buffer.from(held) : (held ?? read!)
    if (text.byteLength < compressThreshold) {
      if (read) replaceAnswer(c, new Response(read, { status: res.status, headers }))
      return
    }
    const zipped: Uint8Array<ArrayBuffer> =
      text.byteLength <= inTurnLimit
        ? gzipInTurn(text)
        : await gzipOnPool(text, gzipOptions(text.byteLength))
    headers.set('Content-Encoding', 'gzip')
    headers.set('Content-Length', String(zipped.byteLength))
    const etag = headers.get('ETag')
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    replaceAnswer(c, new Response(zipped, { status: res.status, headers }))
  }
}

/**
 * A window no larger than the text gives the same bytes for less to set up (a 4 KB cart answer:
 * 48 µs instead of 61); 32 KB, zlib's largest, beyond.
 */
function gzipOptions(byteLength: number): ZlibOptions {
  return { windowBits: Math.min(15, Math.max(9, Math.ceil(Math.log2(byteLength)))) }
}

/** Gzips a text of up to `inTurnLimit` bytes now, in the request's turn. */
export function gzipInTurn(text: Uint8Array): Uint8Array<ArrayBuffer> {
  return gzipSync(text, gzipOptions(text.byteLength))
}

/**
 * Puts an answer made with all of the old one's headers in its place. Assigned over an answer,
 * `c.res` copies the old one's headers into a copy of the new one made from its body as a web
 * stream (which @hono/node-server then writes chunked); cleared first, it takes it as it is.
 */
function replaceAnswer(c: Context, res: Response): void {
  c.res = undefined
  c.res = res
}

/** The symbol @hono/node-server keeps a Response's body under, once found. */
let heldKey: symbol | undefined

/**
 * The body an answer was made with, where @hono/node-server's Response (the global one while it
 * serves) still holds it as given: a string or bytes, kept under a symbol of its own with the
 * status and headers. Reading it through `arrayBuffer()` would build a web Response and a stream
 * around it first, a third of the cost of gzipping a cart answer. Undefined for any other body,
 * or another Response class (tests calling the app directly): then the body is read. Null for
 * an answer made without a body.
 */
function heldBody(res: Response): string | Uint8Array | null | undefined {
  const key = heldKey ?? Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache')
  if (!key) return undefined
  heldKey = key
  const held = (res as unknown as Record<symbol, unknown>)[key]
  if (!Array.isArray(held)) return undefined
  const body: unknown = held[1]
  return body === null || typeof body === 'string' || body instanceof Uint8Array ? body : undefined
}

/**
 * A status whose answer has no body (1xx, 204, 205, 304): a 304 to a revalidation carries the
 * page's Content-Type but must stay empty, and a Response with a body and such a status is refused.
 */
function withoutBody(status: number): boolean {
  return status < 200 || status === 204 || status === 205 || status === 304
}

/**
 * hono's streaming compress on an answer already made. It sets `Vary` with `c.header()`, which
 * on a made answer rebuilds it; its header calls go to the answer's headers in place instead.
 */
async function streamInPlace(c: Context, streamed: MiddlewareHandler): Promise<void> {
  const { header } = c
  c.header = (name, value, options) => {
    const { headers } = c.res
    if (value === undefined) headers.delete(name)
    else if (options?.append) headers.append(name, value)
    else headers.set(name, value)
  }
  try {
    await streamed(c, async () => {})
  } finally {
    c.header = header
  }
}
