import { privatePageRoutes } from '../../contract/private-page-routes.ts'

/*
 * The path a page view is recorded under, worked out in the page without the route list
 * (contract/routes.ts weighs 3 KiB on a first visit; the app's router already knows what it
 * showed). The rule is contract/page-views.ts pageViewPath, which the server holds every view
 * to: a public page is recorded under its own path, and the customer's own screens (an order, a
 * payment code, a sign-in token) and the search under their route. Those few routes
 * (contract/private-page-routes.ts) are matched by the fixed start of their paths;
 * page-view-path.test.ts holds the rule to the route list's. A path that is no page of the store is the one the router showed as its 404
 * page, and is not recorded.
 */

interface PrivatePage {
  /** The route's fixed segments, lower case (paths match in any letter case). */
  segments: readonly string[]
  /** Its rest: `splat` any number of segments (none too), `one` exactly one. */
  rest: 'splat' | 'one'
  route: string
}

const privatePage = (route: string): PrivatePage => {
  const parts = route.split('/').filter(Boolean)
  const last = parts.at(-1)!
  return {
    segments: parts.slice(0, -1).map((part) => part.toLowerCase()),
    rest: last === '$' ? 'splat' : 'one',
    route,
  }
}

const privatePages = privatePageRoutes.map(privatePage)

/** The path a view of `pathname` (a page the router showed, not its 404) is recorded under. */
export function recordedPagePath(pathname: string): string | null {
  if (!/^\/[\x21-\x7e]*$/.test(pathname) || pathname.length > 512) return null
  const trimmed = pathname === '/' ? '/' : pathname.replace(/\/+$/, '') || '/'
  const parts = trimmed.toLowerCase().split('/').filter(Boolean)
  // The back office (contract/routes.ts isBackOfficePath, not imported: see above).
  if (parts[0] === 'admin') return null
  for (const { segments, rest, route } of privatePages) {
    if (!segments.every((segment, i) => parts[i] === segment)) continue
    const more = parts.length - segments.length
    if (rest === 'splat' ? more >= 0 : more === 1) return route
  }
  return trimmed
}
