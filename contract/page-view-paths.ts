import { privatePageRoutes } from './private-page-routes.ts'
import { isBackOfficePath, matchPageRoute, productRoutes, type PageRoute } from './routes.ts'

/*
 * The paths page views are recorded under (page-views.ts), held to the route list. Apart from
 * page-views.ts so that the page's analytics code never loads the route list: the page works
 * the same rule out from the short list of private routes alone (src/lib/page-view-path.ts,
 * held to this file by its test).
 */

/** The private routes, each one of the route list (a route not in it does not compile). */
export const privateRoutes: ReadonlySet<PageRoute> = new Set<PageRoute>(privatePageRoutes)

/**
 * The path a view of `pathname` is recorded under: the page's own path (no query, no hash, no
 * trailing slash) for the store's public pages, the route for the customer's own screens and the
 * search (whose path is what was searched for); null for a path that is no page of the store.
 */
export function pageViewPath(pathname: string): string | null {
  if (!/^\/[\x21-\x7e]*$/.test(pathname) || pathname.length > 512) return null
  const trimmed = pathname === '/' ? '/' : pathname.replace(/\/+$/, '')
  const match = matchPageRoute(trimmed || '/')
  // The shop's own screens are no visitor's view.
  if (!match || isBackOfficePath(match.route)) return null
  return privateRoutes.has(match.route) ? match.route : trimmed || '/'
}

/** The product a recorded path shows (its family's detail route), for "most viewed products". */
export function productSlugOfPath(path: string): string | null {
  const match = matchPageRoute(path)
  if (!match || !productRoutes[match.route]) return null
  const values = Object.values(match.params)
  return values.at(-1)?.toLowerCase() ?? null
}
