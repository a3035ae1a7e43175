import { createReadStream, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import {
  encodedBody,
  matchesIfNoneMatch,
  sendEncoded,
  type EncodedBody,
} from '../http/encoded-body.ts'

/** A built file: where it is, and its size and time when it was looked up. */
export interface SiteFile {
  path: string
  size: number
  mtime: Date
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
}

/**
 * The built site, served from memory: each file's bytes, strong ETag and gzip and brotli forms
 * are made on first demand and kept, within a size cap, for as long as the file on disk keeps
 * its size and time (a file replaced in place, such as a new service worker, is read again).
 */
export function createSiteFiles(root: string) {
  /** By file path, most recently served last; evicted from the front beyond `maxMemoryBytes`. */
  const bodies = new Map<string, KeptBody>()
  let keptBytes = 0

  /**
   * The built file a URL path names, if there is one. Dot-segments and hidden files are never
   * served (`/.env`, `/../x`), except the public `/.well-known/` folder.
   */
  function find(urlPath: string): SiteFile | undefined {
    const segments = urlPath.split('/').filter(Boolean)
    if (segments.length === 0 || isHiddenPath(segments)) return undefined
    const file = path.join(root, ...segments)
    if (!file.startsWith(root + path.sep)) return undefined
    try {
      // Synchronous on purpose: a stat of a cached inode takes a few microseconds, less than
      // the round trip through libuv's thread pool that the asynchronous one costs.
      const stats = statSync(file, { throwIfNoEntry: false })
      return stats?.isFile() ? { path: file, size: stats.size, mtime: stats.mtime } : undefined
    } catch {
      // ENOTDIR and the like: `/index.html/x` names no file.
      return undefined
    }
  }

  function bodyOf(file: SiteFile): Promise<EncodedBody> {
    const kept = bodies.get(file.path)
    if (kept && kept.size === file.size && kept.mtimeMs === file.mtime.getTime()) {
      bodies.delete(file.path)
      bodies.set(file.path, kept)
      return kept.body
    }
    forget(file.path)
    const body = readFile(file.path).then(
      (bytes) => encodedBody(bytes, contentTypeOf(file)),
      (error: unknown) => {
        forget(file.path)
        throw error
      },
    )
    bodies.set(file.path, { size: file.size, mtimeMs: file.mtime.getTime(), body })
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

  /** Sends a file; a 200 answer honours `If-None-Match` so revalidation costs no body. */
  async function send(
    c: Context,
    file: SiteFile,
    options: { status?: 200 | 404; cacheControl: string },
  ): Promise<Response> {
    const headers = { 'Last-Modified': file.mtime.toUTCString() }
    if (file.size > maxMemoryFileBytes) return stream(c, file, { ...options, headers })
    return sendEncoded(c, await bodyOf(file), { ...options, headers })
  }

  return { find, send }
}

function contentTypeOf(file: SiteFile): string {
  return getMimeType(file.path) ?? 'application/octet-stream'
}

/** A file too big to keep in memory, streamed from disk (its ETag from its size and time). */
function stream(
  c: Context,
  file: SiteFile,
  options: { status?: 200 | 404; cacheControl: string; headers: Record<string, string> },
): Response {
  const status = options.status ?? 200
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtime.getTime()).toString(16)}"`
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
    urlPath.startsWith('/page-data/')
  ) {
    return 'no-cache'
  }
  return 'public, max-age=3600'
}

export async function readOptional(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined)
}
