import path from 'node:path'
import type { Context, Next } from 'hono'
import { pageDataUrl } from '../../contract/page-data.ts'
import { trimSlashes } from '../../contract/paths.ts'
import {
  dataRoutes,
  isBackOfficePath,
  matchPageRoute,
  pageDataPath,
  productRoutes,
} from '../../contract/routes.ts'
import { isSlug } from '../../contract/slug-pattern.ts'
import { isApiPath } from '../http/errors.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import type { PlainAnswer } from '../http/encoded-body.ts'
import type { MemoryRequest } from '../http/memory-answers.ts'
import { cacheControl, createSiteFiles, readOptional, type SiteFile } from './files.ts'
import { pageSettingsTransform, type PageSettings } from './page-settings.ts'

const fallbackNotFound =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title>' +
  '<body><h1>Not found</h1><p>This page does not exist.</p></body></html>'
const fallbackServerError =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Server error</title>' +
  '<body><h1>Something went wrong</h1><p>Please try again in a moment.</p></body></html>'

/**
 * The back office's pages (`/admin`, `/admin/…`) are the shop's own: no search engine is to list
 * them or follow their links, whatever a page's own head says (docs/back-office.md).
 */
const backOfficeRobots = { 'X-Robots-Tag': 'noindex, nofollow' } as const

/** A built file and the status and caching it is sent with. */
interface SiteAnswer {
  file: SiteFile
  status: 200 | 404
  cacheControl: string
}

/** `/a//b///` → `/a//b`, and never `//host`, which a browser would read as another site. */
function withoutTrailingSlash(pathname: string): string {
  return `/${trimSlashes(pathname)}`
}

/**
 * The built single-page site: files from the build, and `index.html` for every page path so
 * the client router renders it. The status still tells the truth (docs/architecture.md): 404 for a
 * path no page route matches, a content page the build wrote no data for, or a product page whose
 * product does not exist, is retired, or lives at another path (another family or discipline).
 */
export function createSite({
  staticDir,
  catalog,
  ...settings
}: {
  staticDir: string
  catalog: CatalogCache
} & PageSettings) {
  const root = path.resolve(staticDir)
  // The test store's notice and the reCAPTCHA site key, put into each page as it is served.
  const transform = pageSettingsTransform(settings)
  const page = transform ?? ((html: string) => html)
  const {
    find: findFile,
    send: sendFile,
    answerFromMemory: filesFromMemory,
    generation,
  } = createSiteFiles(root, transform ? { html: transform } : {})

  /** Synchronous unless the catalog is being reloaded: most pages look nothing up. */
  function pageStatus(urlPath: string): 200 | 404 | Promise<200 | 404> {
    const match = matchPageRoute(urlPath)
    if (!match) return 404
    // Pages that look their parameter up (a data file, a product) exist only for slugs: anything
    // else (`a%00b`, 5,000 characters) is a 404 before the disk or the database is asked.
    const lookedUp = dataRoutes.has(match.route) || productRoutes[match.route] !== undefined
    const named = Object.entries(match.params).filter(([name]) => name !== '_splat')
    if (lookedUp && !named.every(([, value]) => isSlug(value))) return 404
    if (dataRoutes.has(match.route)) {
      return findFile(pageDataUrl(pageDataPath(match, urlPath))) ? 200 : 404
    }
    if (!productRoutes[match.route]) return 200
    const slugParam = match.route.slice(match.route.lastIndexOf('/$') + 2)
    const slug = match.params[slugParam] ?? ''
    const statusIn = (snapshot: Awaited<ReturnType<CatalogCache['current']>>) => {
      const canonical = snapshot.productPagePath(slug)
      return canonical?.toLowerCase() === withoutTrailingSlash(urlPath).toLowerCase() ? 200 : 404
    }
    const current = catalog.current()
    return current instanceof Promise ? current.then(statusIn) : statusIn(current)
  }

  /**
   * What a site path is answered with: a built file, a page prerendered at build time
   * (dist/pages/<path>/index.html), else the app shell with the page's status; undefined when
   * the build has no shell. Synchronous unless the catalog is being reloaded.
   */
  function pageOrFile(urlPath: string): SiteAnswer | undefined | Promise<SiteAnswer | undefined> {
    const file = findFile(urlPath)
    if (file) return { file, status: 200, cacheControl: cacheControl(urlPath) }
    const status = pageStatus(urlPath)
    return status instanceof Promise
      ? status.then((known) => pageOf(urlPath, known))
      : pageOf(urlPath, status)
  }

  function pageOf(urlPath: string, status: 200 | 404): SiteAnswer | undefined {
    const prerendered =
      status === 200 ? findFile(`/pages${urlPath.replace(/\/$/, '')}/index.html`) : undefined
    const file = prerendered ?? findFile('/index.html')
    return file && { file, status, cacheControl: 'no-cache' }
  }

  async function handler(c: Context, next: Next): Promise<Response | void> {
    if (isApiPath(c.req.path)) return next()
    const answer = pageAnswer(c)
    if (!isBackOfficePath(c.req.path)) return answer
    // On the answer itself: a file's answer is built as a plain Response, past c.header().
    const response = await answer
    response.headers.set('X-Robots-Tag', backOfficeRobots['X-Robots-Tag'])
    return response
  }

  function pageAnswer(c: Context): Response | Promise<Response> {
    // The URL is parsed only to redirect: most requests end in no slash.
    if (c.req.path !== '/' && c.req.path.endsWith('/')) {
      const url = new URL(c.req.url)
      return c.redirect(`${withoutTrailingSlash(url.pathname)}${url.search}`, 301)
    }
    const found = pageOrFile(c.req.path)
    return found instanceof Promise ? found.then((known) => send(c, known)) : send(c, found)
  }

  function send(c: Context, found: SiteAnswer | undefined): Response | Promise<Response> {
    if (!found) return c.html(page(fallbackNotFound), 404, { 'Cache-Control': 'no-cache' })
    return sendFile(c, found.file, { status: found.status, cacheControl: found.cacheControl })
  }

  /**
   * The answer the handler would give, when it is already complete in memory (memory-answers.ts
   * takes the paths that need no redirect); otherwise undefined.
   */
  function answerFromMemory(request: MemoryRequest): PlainAnswer | undefined {
    if (isApiPath(request.path)) return undefined
    const found = pageOrFile(request.path)
    if (!found || found instanceof Promise) return undefined
    const answer = filesFromMemory(request, found.file, {
      status: found.status,
      cacheControl: found.cacheControl,
    })
    return answer && isBackOfficePath(request.path)
      ? { ...answer, headers: { ...answer.headers, ...backOfficeRobots } }
      : answer
  }

  /** The answer to an unexpected error while serving a page: the site's own 500 page. */
  async function errorPage(c: Context): Promise<Response> {
    const html = (await readOptional(path.join(root, '500.html'))) ?? fallbackServerError
    return c.html(page(html), 500, { 'Cache-Control': 'no-store' })
  }

  return { handler, errorPage, answerFromMemory, generation }
}
