import type { Context } from 'hono'
import { API_MARK_HEADER, API_MARK_VALUE } from '../../contract/api-mark.ts'
import { compressThreshold, gzipInTurn, inTurnLimit } from './compress.ts'
import { acceptedCodings } from './encoded-body.ts'
import { markFinished, securityHeadersOf } from './security-headers.ts'

/** What an API answer that says nothing else may be cached as: not at all, by no one. */
export const apiCacheControl = 'no-store, private'

/**
 * A JSON answer of the API built complete, as the middlewares around it would finish it: the
 * request's security headers, the API's mark, `no-store`, `Vary: Accept-Encoding`, and the body
 * gzipped for a client that takes it (the rules of compress.ts). Built as one plain header object
 * and marked finished, it goes out as it is: handed over as a hono answer, each middleware after
 * it set its headers one by one in a web `Headers` (a dozen security headers among them), and
 * the compression rebuilt the answer around the gzipped bytes (a few per cent of the server's
 * CPU per add, README "The add"). `extra` headers (WWW-Authenticate) go last.
 *
 * Undefined for a text too long to gzip in the request's turn: that one goes the middlewares' way
 * (gzipped on libuv's pool).
 */
export function finishedJson(
  c: Context,
  status: number,
  text: string,
  extra?: Record<string, string>,
): Response | undefined {
  const bytes = Buffer.from(text)
  if (bytes.byteLength > inTurnLimit) return undefined
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': apiCacheControl,
    [API_MARK_HEADER]: API_MARK_VALUE,
    ...securityHeadersOf(c),
    Vary: 'Accept-Encoding',
    ...extra,
  }
  let body: Uint8Array<ArrayBuffer> = bytes
  if (
    bytes.byteLength >= compressThreshold &&
    c.req.method !== 'HEAD' &&
    acceptedCodings(c.req.header('Accept-Encoding')).includes('gzip')
  ) {
    body = gzipInTurn(bytes)
    headers['Content-Encoding'] = 'gzip'
  }
  headers['Content-Length'] = String(body.byteLength)
  return markFinished(new Response(body, { status, headers }))
}
