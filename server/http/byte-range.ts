/** The bytes a single-range request asks for, both ends included (RFC 9110 §14.1.2). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Reads `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` against a representation of `size` bytes.
 * Returns the range to send; `'unsatisfiable'` when it starts past the end (or asks for the last
 * zero bytes), for a 416; `undefined` when the header is not one range of bytes we read
 * (several ranges, another unit, malformed), and the whole representation goes out with 200, as
 * the RFC lets a server do.
 */
export function parseByteRange(
  header: string,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Number(last)
  return { start, end: Math.min(end, size - 1) }
}

/**
 * Whether a Range request may be answered in part: without `If-Range`, or when it names the
 * representation's strong ETag or its exact Last-Modified date. Otherwise the client's copy is
 * stale and gets the whole of the new one.
 */
export function rangeStillApplies(
  ifRange: string | undefined,
  etag: string,
  lastModified: string,
): boolean {
  if (ifRange === undefined) return true
  const value = ifRange.trim()
  if (value.startsWith('"')) return value === etag
  if (value.startsWith('W/')) return false
  return value === lastModified
}
