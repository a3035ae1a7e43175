import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
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

/** A built file: where it is and what it was when the site's file list was read. */
export interface SiteFile {
  path: string
  /** The URL path it answers (`/assets/index-3f9a1c.js`), its key in memory. */
  urlPath: string
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

/** Every file under `root` that may be served, by URL path, with its size and time. */
async function listFiles(root: string): Promise<Map<string, SiteFile>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = new Map<string, SiteFile>()
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name)
    const segments = path.relative(root, file).split(path.sep)
    if (isHiddenPath(segments) || !(entry.isFile() || entry.isSymbolicLink())) continue
    const stats = await stat(file).catch(() => undefined)
    if (!stats?.isFile()) continue
    const urlPath = `/${segments.join('/')}`
    files.set(urlPath, { path: file, urlPath, size: stats.size, mtime: stats.mtime })
  }
  return files
}

/**
 * The built site, served from memory. The file list is read once, on the first request (a build
 * does not change under a running server: restart it after building again); each file's bytes,
 * strong ETag and gzip and brotli forms are made on first demand and kept, within a size cap.
 */
export function createSiteFiles(root: string) {
  let listing: Promise<Map<string, SiteFile>> | undefined
  let listed: Map<string, SiteFile> | undefined
  /** Most recently served last; evicted from the front beyond `maxMemoryBytes`. */
  const bodies = new Map<string, Promise<EncodedBody>>()
  let keptBytes = 0

  function list(): Map<string, SiteFile> | Promise<Map<string, SiteFile>> {
    if (listed) return listed
    listing ??= listFiles(root).then((files) => (listed = files))
    return listing
  }

  /**
   * The built file a URL path names, if there is one. Dot-segments and hidden files are never
   * served (`/.env`, `/../x`), except the public `/.well-known/` folder.
   */
  function find(urlPath: string): SiteFile | undefined | Promise<SiteFile | undefined> {
    const segments = urlPath.split('/').filter(Boolean)
    if (segments.length === 0 || isHiddenPath(segments)) return undefined
    const key = `/${segments.join('/')}`
    const files = list()
    return files instanceof Promise ? files.then((all) => all.get(key)) : files.get(key)
  }

  function bodyOf(file: SiteFile): Promise<EncodedBody> {
    const kept = bodies.get(file.urlPath)
    if (kept) {
      bodies.delete(file.urlPath)
      bodies.set(file.urlPath, kept)
      return kept
    }
    const loading = readFile(file.path).then(
      (bytes) => encodedBody(bytes, contentTypeOf(file)),
      (error: unknown) => {
        forget(file)
        throw error
      },
    )
    bodies.set(file.urlPath, loading)
    keptBytes += file.size
    for (const [urlPath] of bodies) {
      if (keptBytes <= maxMemoryBytes || urlPath === file.urlPath) break
      const oldest = listed?.get(urlPath)
      if (oldest) forget(oldest)
    }
    return loading
  }

  function forget(file: SiteFile) {
    if (bodies.delete(file.urlPath)) keptBytes -= file.size
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
