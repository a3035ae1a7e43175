import { createReadStream, statSync, watch, type FSWatcher } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { parseByteRange, rangeStillApplies, type ByteRange } from '../http/byte-range.ts'
import {
  chooseRepresentation,
  encodedAnswer,
  matchesIfNoneMatch,
  sendEncoded,
  type PlainAnswer,
} from '../http/encoded-body.ts'
import { encodedBody, type EncodedBody } from '../services/encoded-body.ts'
import type { MemoryRequest } from '../http/memory-answers.ts'

/** A built file: where it is, and its size and time when it was looked up. */
export interface SiteFile {
  path: string
  size: number
  mtime: Date
  /** `mtime` as `Last-Modified` writes it, formatted once. */
  lastModified: string
}

/** Files up to this size are kept in memory with their compressed forms; bigger ones stream. */
const maxMemoryFileBytes = 2 * 1024 * 1024
/**
 * The most built bytes kept in memory at once, counted before compression (their gzip and brotli
 * forms, kept only when smaller, add at most twice as much); the least recently served go first.
 */
const maxMemoryBytes = 64 * 1024 * 1024

function isHiddenPath(segments: string[]): boolean {
  return segments.some(
    (segment, i) =>
      segment.includes('\0') ||
      segment.includes('\\') ||
      (segment.startsWith('.') && !(i === 0 && segment === '.well-known')),
  )
}

interface KeptBody {
  size: number
  mtimeMs: number
  body: Promise<EncodedBody>
  /** The body once read: served without waiting on a promise. */
  ready?: EncodedBody
}

/**
 * The built site, served from memory: each file's bytes, strong ETag and gzip and brotli forms
 * are made on first demand and kept, within a size cap, for as long as the file on disk keeps
 * its size and time (a file replaced in place, such as a new service worker, is read again).
 */
export function createSiteFiles(
  root: string,
  {
    html,
  }: {
    /** Changes every HTML file as it is read (the test store's notice), before ETag and compression. */
    html?: (page: string) => string
  } = {},
) {
  /** By file path, most recently served last; evicted from the front beyond `maxMemoryBytes`. */
  const bodies = new Map<string, KeptBody>()
  let keptBytes = 0
  /**
   * Files found on disk, by path, trusted until their folder reports a change: a stat per
   * request cost as much as the rest of serving a page from memory. Only files found are kept
   * (the set is bounded by the build), so a file added later is found at once.
   */
  const found = new Map<string, SiteFile>()
  /** One watcher per folder a found file is in. */
  const watchers = new Map<string, FSWatcher>()
  /** Counts the changes watchers reported: answers made before one are not given again. */
  let generation = 0

  /**
   * Watches a folder, so that a file in it replaced, removed or renamed (a deploy writing a new
   * service worker under the same name) is looked up again. Any event drops every found file and
   * the watcher itself: a folder that was removed and made anew is watched afresh on the next
   * look-up. Without a watcher (the folder is gone, no inotify watches left) nothing is trusted.
   */
  function watched(dir: string): boolean {
    if (watchers.has(dir)) return true
    try {
      const watcher = watch(dir, { persistent: false })
      const drop = () => {
        watcher.close()
        watchers.delete(dir)
        found.clear()
        generation++
      }
      watcher.on('change', drop)
      watcher.on('error', drop)
      watchers.set(dir, watcher)
      return true
    } catch {
      return false
    }
  }

  /**
   * The built file a URL path names, if there is one. Dot-segments and hidden files are never
   * served (`/.env`, `/../x`), except the public `/.well-known/` folder.
   */
  function find(urlPath: string): SiteFile | undefined {
    const segments = urlPath.split('/').filter(Boolean)
    if (segments.length === 0 || isHiddenPath(segments)) return undefined
    const file = path.join(root, ...segments)
    if (!file.startsWith(root + path.sep)) return undefined
    const known = found.get(file)
    if (known) return known
    // Watched before the stat: a change made after it is reported.
    const trusted = watched(path.dirname(file))
    try {
      // Synchronous on purpose: a stat of a cached inode takes a few microseconds, less than
      // the round trip through libuv's thread pool that the asynchronous one costs.
      const stats = statSync(file, { throwIfNoEntry: false })
      if (!stats?.isFile()) return undefined
      const siteFile = {
        path: file,
        size: stats.size,
        mtime: stats.mtime,
        lastModified: stats.mtime.toUTCString(),
      }
      if (trusted) found.set(file, siteFile)
      return siteFile
    } catch {
      // ENOTDIR and the like: `/index.html/x` names no file.
      return undefined
    }
  }

  /** Too big to keep in memory: sent from disk as it is (never a page the notice changes). */
  function streams(file: SiteFile): boolean {
    return file.size > maxMemoryFileBytes && !(html && contentTypeOf(file).startsWith('text/html'))
  }

  function bodyOf(file: SiteFile): EncodedBody | Promise<EncodedBody> {
    const kept = bodies.get(file.path)
    if (kept && kept.size === file.size && kept.mtimeMs === file.mtime.getTime()) {
      bodies.delete(file.path)
      bodies.set(file.path, kept)
      return kept.ready ?? kept.body
    }
    forget(file.path)
    const type = contentTypeOf(file)
    const body = readFile(file.path).then(
      (bytes) =>
        encodedBody(
          html && type.startsWith('text/html') ? Buffer.from(html(bytes.toString('utf8'))) : bytes,
          type,
        ),
      (error: unknown) => {
        forget(file.path)
        throw error
      },
    )
    const entry: KeptBody = { size: file.size, mtimeMs: file.mtime.getTime(), body }
    body.then(
      (ready) => (entry.ready = ready),
      () => undefined,
    )
    bodies.set(file.path, entry)
    keptBytes += file.size
    for (const [oldest] of bodies) {
      if (keptBytes <= maxMemoryBytes || oldest === file.path) break
      forget(oldest)
    }
    return body
  }

  function forget(filePath: string) {
    const kept = bodies.get(filePath)
    if (kept && bodies.delete(filePath)) keptBytes -= kept.size
  }

  /**
   * Sends a file; a 200 answer honours `If-None-Match` so revalidation costs no body, and a
   * single byte range (`Range`) with 206 (Safari plays a video only from ranges).
   */
  function send(
    c: Context,
    file: SiteFile,
    options: { status?: 200 | 404; cacheControl: string },
  ): Response | Promise<Response> {
    const headers = fileHeaders(file)
    if (c.req.header('range') !== undefined && (options.status ?? 200) === 200) {
      return sendPart(c, file, options, headers)
    }
    if (streams(file)) return stream(c, file, { ...options, headers })
    const body = bodyOf(file)
    return body instanceof Promise
      ? body.then((read) => sendEncoded(c, read, { ...options, headers }))
      : sendEncoded(c, body, { ...options, headers })
  }

  /** A Range request: 206 with the part, 416, or the whole file when the range does not apply. */
  async function sendPart(
    c: Context,
    file: SiteFile,
    options: { status?: 200 | 404; cacheControl: string },
    headers: { 'Last-Modified': string; 'Accept-Ranges': string },
  ): Promise<Response> {
    const inMemory = !streams(file)
    const body = inMemory ? await bodyOf(file) : undefined
    const etag = body ? body.identity.etag : streamedEtag(file)
    if (rangeStillApplies(c.req.header('if-range'), etag, headers['Last-Modified'])) {
      const size = body ? body.identity.bytes.byteLength : file.size
      const wanted = parseByteRange(c.req.header('range')!, size)
      const partial = { ...headers, ETag: etag, 'Cache-Control': options.cacheControl }
      if (wanted === 'unsatisfiable') {
        return c.body(null, 416, { ...partial, 'Content-Range': `bytes */${size}` })
      }
      if (wanted) {
        return sendRange(
          c,
          { file, body, size, range: wanted, contentType: contentTypeOf(file) },
          partial,
        )
      }
    }
    if (!body) return stream(c, file, { ...options, headers })
    return sendEncoded(c, body, { ...options, headers })
  }

  /**
   * The answer `send` gives, when all it needs is in memory: the file's bytes and the form the
   * client takes best. Otherwise undefined (what is missing starts being made) and the request
   * goes to `send`; so does any Range request.
   */
  function answerFromMemory(
    request: MemoryRequest,
    file: SiteFile,
    options: { status?: 200 | 404; cacheControl: string },
  ): PlainAnswer | undefined {
    if (request.header('range') !== undefined || streams(file)) return undefined
    const body = bodyOf(file)
    if (body instanceof Promise) return undefined
    const form = chooseRepresentation(body, request.header('accept-encoding'))
    if (form instanceof Promise) return undefined
    return encodedAnswer(
      request,
      body,
      form,
      { ...options, headers: fileHeaders(file) },
      request.security,
    )
  }

  return { find, send, answerFromMemory, generation: () => generation }
}

/** What every answer with a whole file carries beside its body's headers. */
function fileHeaders(file: SiteFile): { 'Last-Modified': string; 'Accept-Ranges': string } {
  return { 'Last-Modified': file.lastModified, 'Accept-Ranges': 'bytes' }
}

function contentTypeOf(file: SiteFile): string {
  return getMimeType(file.path) ?? 'application/octet-stream'
}

/** The ETag of a file streamed from disk: from its size and time, weak as it is not a hash. */
function streamedEtag(file: SiteFile): string {
  return `W/"${file.size.toString(16)}-${Math.floor(file.mtime.getTime()).toString(16)}"`
}

/**
 * Part of a file with 206: the bytes as they are (ranges count bytes of the identity form),
 * sliced from memory or streamed from disk.
 */
function sendRange(
  c: Context,
  part: {
    file: SiteFile
    body: EncodedBody | undefined
    size: number
    range: ByteRange
    contentType: string
  },
  headers: Record<string, string>,
): Response {
  const { start, end } = part.range
  const partHeaders = {
    ...headers,
    'Content-Type': part.contentType,
    'Content-Range': `bytes ${start}-${end}/${part.size}`,
    'Content-Length': String(end - start + 1),
  }
  if (c.req.method === 'HEAD') return c.body(null, 206, partHeaders)
  const bytes = part.body
    ? (part.body.identity.bytes.subarray(start, end + 1) as Uint8Array<ArrayBuffer>)
    : (Readable.toWeb(
        createReadStream(part.file.path, { start, end }),
      ) as ReadableStream<Uint8Array>)
  return c.body(bytes, 206, partHeaders)
}

/** A file too big to keep in memory, streamed from disk (its ETag from its size and time). */
function stream(
  c: Context,
  file: SiteFile,
  options: { status?: 200 | 404; cacheControl: string; headers: Record<string, string> },
): Response {
  const status = options.status ?? 200
  const etag = streamedEtag(file)
  const headers: Record<string, string> = {
    ...options.headers,
    'Content-Type': contentTypeOf(file),
    'Cache-Control': options.cacheControl,
    ETag: etag,
  }
  if (status === 200 && matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
    return c.body(null, 304, headers)
  }
  headers['Content-Length'] = String(file.size)
  // HEAD gets headers only: opening a stream nobody reads would hold a file descriptor.
  if (c.req.method === 'HEAD') return c.body(null, status, headers)
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>
  return c.body(body, status, headers)
}

/**
 * How long a browser may keep a file. Hashed build output never changes under its name; files
 * whose name stays while their content changes (pages, the service worker and its register
 * script, the manifest, page data) must be revalidated; other public files briefly.
 */
export function cacheControl(urlPath: string): string {
  const name = urlPath.slice(urlPath.lastIndexOf('/') + 1)
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (
    name.endsWith('.html') ||
    name.endsWith('.webmanifest') ||
    name === 'sw.js' ||
    name === 'registerSW.js' ||
    /^workbox-[\w-]+\.js$/.test(name) ||
    urlPath.startsWith('/page-data/') ||
    urlPath.startsWith('/slice-data/')
  ) {
    return 'no-cache'
  }
  return 'public, max-age=3600'
}

export async function readOptional(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined)
}
