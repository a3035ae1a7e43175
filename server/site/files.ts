import { createReadStream, type Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'

export interface SiteFile {
  path: string
  stats: Stats
}

/**
 * The built file a URL path names, if there is one. Dot-segments and hidden files are never
 * served (`/.env`, `/../x`), except the public `/.well-known/` folder.
 */
export async function findFile(root: string, urlPath: string): Promise<SiteFile | undefined> {
  const segments = urlPath.split('/').filter(Boolean)
  const hidden = segments.some(
    (segment, i) =>
      segment.includes('\0') ||
      segment.includes('\\') ||
      (segment.startsWith('.') && !(i === 0 && segment === '.well-known')),
  )
  if (hidden || segments.length === 0) return undefined
  const file = path.join(root, ...segments)
  if (!file.startsWith(root + path.sep)) return undefined
  const stats = await stat(file).catch(() => undefined)
  return stats?.isFile() ? { path: file, stats } : undefined
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

function etag(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`
}

/** Sends a file; a 200 answer honours `If-None-Match` so revalidation costs no body. */
export function sendFile(
  c: Context,
  file: SiteFile,
  options: { status?: 200 | 404; cacheControl: string },
): Response {
  const status = options.status ?? 200
  const headers = new Headers({
    'Content-Type': getMimeType(file.path) ?? 'application/octet-stream',
    'Cache-Control': options.cacheControl,
    ETag: etag(file.stats),
    'Last-Modified': file.stats.mtime.toUTCString(),
  })
  if (status === 200 && c.req.header('if-none-match') === headers.get('ETag')) {
    return c.body(null, 304, Object.fromEntries(headers))
  }
  headers.set('Content-Length', String(file.stats.size))
  // HEAD gets headers only: opening a stream nobody reads would hold a file descriptor.
  if (c.req.method === 'HEAD') return c.body(null, status, Object.fromEntries(headers))
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>
  return c.body(body, status, Object.fromEntries(headers))
}

export async function readOptional(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined)
}
