import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

/*
 * A body kept in memory and sent many times (the catalog's answers, the built files): encoded
 * once, its compressed forms made once. Content negotiation and sending are http/encoded-body.ts's.
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Coding = 'br' | 'gzip' | 'identity'

/** One form of a body as it goes on the wire, with the strong ETag of exactly these bytes. */
export interface Representation {
  coding: Coding
  bytes: Uint8Array
  etag: string
}

/**
 * A response body kept in memory, serialized once: its bytes, a strong ETag (a hash of the
 * bytes), and its gzip and brotli forms, each made once on first demand. Compression runs on
 * libuv's thread pool so the event loop keeps serving meanwhile (brotli at its best setting takes
 * tens of milliseconds for a large script).
 */
export interface EncodedBody {
  contentType: string
  identity: Representation
  /** Whether the content type is worth compressing (text, JSON, SVG…); else identity only. */
  compressible: boolean
  /** The form for a coding, if it is ready; otherwise starts making it and returns undefined. */
  ready(coding: 'br' | 'gzip'): Representation | undefined
  /** The form for a coding, made if need be. */
  made(coding: 'br' | 'gzip'): Promise<Representation>
}

function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 27)
}

export function encodedBody(bytes: Uint8Array, contentType: string): EncodedBody {
  const hash = hashOf(bytes)
  const identity: Representation = { coding: 'identity', bytes, etag: `"${hash}"` }
  const compressible = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)
  const done: Partial<Record<'br' | 'gzip', Representation>> = {}
  const pending: Partial<Record<'br' | 'gzip', Promise<Representation>>> = {}

  function made(coding: 'br' | 'gzip'): Promise<Representation> {
    const ready = done[coding] ?? (compressible ? undefined : identity)
    if (ready) return Promise.resolve(ready)
    pending[coding] ??= compress(bytes, coding).then(
      (compressed) => {
        // A form that is not smaller is not worth a Content-Encoding.
        const form =
          compressed.byteLength < bytes.byteLength
            ? { coding, bytes: compressed, etag: `"${hash}-${coding}"` }
            : identity
        done[coding] = form
        return form
      },
      (error: unknown) => {
        delete pending[coding]
        throw error
      },
    )
    return pending[coding]
  }

  return {
    contentType,
    identity,
    compressible,
    ready(coding) {
      const form = done[coding] ?? (compressible ? undefined : identity)
      if (!form) made(coding).catch(() => undefined)
      return form
    },
    made,
  }
}

async function compress(bytes: Uint8Array, coding: 'br' | 'gzip'): Promise<Uint8Array> {
  if (coding === 'gzip') return gzipAsync(bytes, { level: 9 })
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  })
}
