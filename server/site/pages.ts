import path from 'node:path'
import type { Context, Next } from 'hono'
import { pageDataUrl } from '../../contract/page-data.ts'
import { trimSlashes } from '../../contract/paths.ts'
import { dataRoutes, matchPageRoute, pageDataPath, productRoutes } from '../../contract/routes.ts'
import { isSlug } from '../../contract/slug-pattern.ts'
import { isApiPath } from '../http/errors.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import { cacheControl, createSiteFiles, readOptional } from './files.ts'

const fallbackNotFound =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title>' +
  '<h1>Not found</h1><p>This page does not exist.</p></html>'
const fallbackServerError =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Server error</title>' +
  '<h1>Something went wrong</h1><p>Please try again in a moment.</p></html>'

/** `/a//b///` → `/a//b`, and never `//host`, which a browser would read as another site. */
function withoutTrailingSlash(pathname: string): string {
  return `/${trimSlashes(pathname)}`
}

/**
 * The built single-page site: files from the build, and `index.html` for every page path so
 * the client router renders it. The status still tells the truth (SPEC §2): 404 for a path no
 * page route matches, a content page the build wrote no data for, or a product page whose
 * product does not exist, is retired, or lives at another path (another family or discipline).
 */
export function createSite({ staticDir, catalog }: { staticDir: string; catalog: CatalogCache }) {
  const root = path.resolve(staticDir)
  const { find: findFile, send: sendFile } = createSiteFiles(root)

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

  async function handler(c: Context, next: Next): Promise<Response | void> {
    if (isApiPath(c.req.path)) return next()
    // The URL is parsed only to redirect: most requests end in no slash.
    if (c.req.path !== '/' && c.req.path.endsWith('/')) {
      const url = new URL(c.req.url)
      return c.redirect(`${withoutTrailingSlash(url.pathname)}${url.search}`, 301)
    }
    const file = findFile(c.req.path)
    if (file) return sendFile(c, file, { cacheControl: cacheControl(c.req.path) })

    const status = pageStatus(c.req.path)
    return status instanceof Promise
      ? status.then((known) => sendPage(c, known))
      : sendPage(c, status)
  }

  function sendPage(c: Context, status: 200 | 404): Response | Promise<Response> {
    // A page prerendered at build time (dist/pages/<path>/index.html), else the app shell.
    const prerendered =
      status === 200 ? findFile(`/pages${c.req.path.replace(/\/$/, '')}/index.html`) : undefined
    if (prerendered) return sendFile(c, prerendered, { status, cacheControl: 'no-cache' })
    const index = findFile('/index.html')
    if (!index) return c.html(fallbackNotFound, 404, { 'Cache-Control': 'no-cache' })
    return sendFile(c, index, { status, cacheControl: 'no-cache' })
  }

  /** The answer to an unexpected error while serving a page: the site's own 500 page. */
  async function errorPage(c: Context): Promise<Response> {
    const html = (await readOptional(path.join(root, '500.html'))) ?? fallbackServerError
    return c.html(html, 500, { 'Cache-Control': 'no-store' })
  }

  return { handler, errorPage }
}
