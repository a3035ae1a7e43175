import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip, type InputType, type ZlibOptions } from 'node:zlib'
import { Scalar } from '@scalar/hono-api-reference'
import { Hono } from 'hono'
import { acceptedCodings } from '../http/encoded-body.ts'

/*
 * `GET /api/reference`: the API reference a client author reads, drawn in the browser by Scalar
 * from `/api/openapi.json`. Its script is Scalar's browser bundle from node_modules, served from
 * here (no CDN: the store's policy loads scripts from its own origin only). The page lives under
 * /api/, which the service worker neither precaches nor keeps, and robots.txt disallows; it also
 * says noindex itself.
 */

const gzipOnPool = promisify<InputType, ZlibOptions, Buffer>(gzip)

export const apiReferencePath = '/api/reference'

const require = createRequire(import.meta.url)
const bundleFile = require.resolve('@scalar/api-reference/browser/standalone.js')
const { version } = JSON.parse(
  readFileSync(path.join(path.dirname(bundleFile), '../../package.json'), 'utf8'),
) as { version: string }

/** The bundle's URL names its version, so a year's cache never serves an old one. */
export const apiReferenceScriptPath = `${apiReferencePath}/scalar-${version}.js`

/**
 * The page's settings: nothing fetched from Scalar's servers (its fonts, telemetry, the "Ask AI"
 * agent and its registry of public APIs); the store's own fonts are the browser's.
 */
const configuration = {
  url: '/api/openapi.json',
  cdn: apiReferenceScriptPath,
  pageTitle: 'Glidecraft store API',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never' as const,
  agent: { disabled: true },
  documentDownloadType: 'json' as const,
}

/**
 * The page's HTML, rendered once at start: it is the same for every request. It asks search
 * engines to leave it out (as its `X-Robots-Tag` does).
 */
const page = (await (await new Hono().get('/', Scalar(configuration)).request('/')).text()).replace(
  '<meta charset="utf-8" />',
  '<meta charset="utf-8" />\n    <meta name="robots" content="noindex, nofollow" />',
)

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The inline blocks of a tag in a page (a script with `src` has none). */
function inlineBlocks(html: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g')
  return [...html.matchAll(pattern)].map((match) => match[1]!)
}

/**
 * What the page's policy adds to the store's strict one, on this page only. Scripts: the hash of
 * its one inline script (Scalar's start call with the settings above), nothing else inline.
 * Styles: 'unsafe-inline', because the bundle adds its styles as <style> elements while it runs
 * (two dozen, some made from the document) and does not take a nonce; a hash or nonce beside it
 * would turn it off in the browser. Inline styles can restyle this page, and run nothing.
 */
export const apiReferenceSources = {
  script: inlineBlocks(page, 'script').map(sha256),
  style: ["'unsafe-inline'"],
}

/** The bundle (3.5 MB) and its gzip form (under 1 MB), read and zipped once, off the event loop. */
let bundle: Promise<{ plain: Buffer; gzip: Buffer }> | undefined
function scriptBundle() {
  bundle ??= readFile(bundleFile).then(async (plain) => ({
    plain,
    gzip: await gzipOnPool(plain, { level: 9 }),
  }))
  return bundle
}

export function apiReferenceRoutes() {
  const app = new Hono()
  app.get(apiReferencePath, (c) => c.html(page, 200, { 'X-Robots-Tag': 'noindex, nofollow' }))
  app.get(apiReferenceScriptPath, async (c) => {
    const { plain, gzip } = await scriptBundle()
    const zipped = acceptedCodings(c.req.header('Accept-Encoding')).includes('gzip')
    const headers: Record<string, string> = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      'X-Robots-Tag': 'noindex',
    }
    if (zipped) headers['Content-Encoding'] = 'gzip'
    return c.body(new Uint8Array(zipped ? gzip : plain), 200, headers)
  })
  return app
}
