import type { FamilyKey } from './families.ts'

/**
 * Every page route of docs/architecture.md, in TanStack Router syntax (`$name` is a parameter, a
 * trailing `$` captures the rest of the path). The server answers 404 for a path none of these
 * match; a unit test holds the app's route tree to this list.
 */
export const pageRoutes = [
  '/',
  // fixed marketing and content paths
  '/about',
  '/airfoils',
  '/ask-not',
  '/base-gear',
  '/coaches',
  '/colors',
  '/contact',
  '/gallery',
  '/inlets',
  '/lasers',
  '/learn',
  '/nerds',
  '/newsletter',
  // what this device keeps for offline use (the account page links to it)
  '/offline',
  '/philosophy',
  '/production-time',
  '/setloops',
  '/store',
  '/suits',
  '/supercustom',
  '/why-fly-fast',
  '/a4vscorvid',
  '/a5vscorvid2',
  '/classic-t-grey',
  '/slow-slider',
  '/supercustom/archive',
  '/superdupercustom/archive',
  // wildcard paths
  '/orders/confirmation/$',
  '/PasswordResets/newpassword/$',
  '/people/friends/$',
  '/people/$product/$',
  '/learnSearch/$',
  '/LoginFromAdmin/$',
  '/news/$',
  '/checkout/$',
  '/update-shipping-address/$',
  // news and learning
  '/news',
  '/news/view/$slug',
  '/learn/$slug',
  // product families: listings and detail pages
  '/wingsuits',
  '/wingsuits/$model',
  '/trackingsuits',
  '/trackingsuits/$model',
  '/parachutes/base-jumping',
  '/parachutes/base-jumping/$model',
  '/parachutes/skydiving',
  '/parachutes/skydiving/$model',
  '/equipment/base-jumping',
  '/equipment/base-jumping/$item',
  '/equipment/skydiving',
  '/equipment/skydiving/$item',
  '/equipment/accessories',
  '/equipment/accessories/$item',
  '/equipment/accessories/base-jumping/$item',
  '/equipment/accessories/skydiving/$item',
  '/equipment',
  '/equipment/$bag',
  '/products',
  '/products/$item',
  // screens
  '/cart',
  '/login',
  '/reset-password',
  '/account',
  '/orders/$orderId',
  '/add-to-order/$paymentCode',
  '/manuals',
  '/manuals/$slug',
  '/apple-pay/$orderId',
  '/dealers',
  '/landing/$slug',
  '/coaches/$slug',
  // the back office (docs/back-office.md), `/admin` included: one route, never prerendered
  '/admin/$',
] as const

export type PageRoute = (typeof pageRoutes)[number]

/** Product detail routes and the family whose product slug their last parameter holds. */
export const productRoutes: Partial<Record<PageRoute, FamilyKey>> = {
  '/wingsuits/$model': 'wingsuits',
  '/trackingsuits/$model': 'trackingsuits',
  '/parachutes/base-jumping/$model': 'base-parachutes',
  '/parachutes/skydiving/$model': 'skydiving-parachutes',
  '/equipment/base-jumping/$item': 'base-equipment',
  '/equipment/skydiving/$item': 'skydiving-equipment',
  '/equipment/accessories/$item': 'accessories',
  '/equipment/accessories/base-jumping/$item': 'accessories',
  '/equipment/accessories/skydiving/$item': 'accessories',
  '/equipment/$bag': 'bags',
  '/products/$item': 'apparel',
}

/**
 * The pages the app serves from its one catch-all route (`src/routes/$.tsx`) instead of a route
 * file each: the marketing pages, whose words are page data written from content/pages, and the
 * screens whose feature ships in a later release. Each route file adds to the JavaScript every
 * first visit loads (the route tree comes with the app), and these pages need no code of their
 * own. A screen whose feature ships gets its own route file and leaves this list.
 */
const catchAll = [
  // marketing pages
  '/about',
  '/airfoils',
  '/ask-not',
  '/base-gear',
  '/inlets',
  '/lasers',
  '/nerds',
  '/newsletter',
  '/philosophy',
  '/setloops',
  '/suits',
  '/supercustom',
  '/why-fly-fast',
  '/a4vscorvid',
  '/a5vscorvid2',
  '/classic-t-grey',
  '/slow-slider',
  // screens still to come
  '/contact',
] as const satisfies readonly PageRoute[]

export type CatchAllRoute = (typeof catchAll)[number]
/** The routes above, to look one up. */
export const catchAllRoutes: ReadonlySet<PageRoute> = new Set<PageRoute>(catchAll)

/**
 * Routes whose pages exist only where the build wrote a data file (docs/architecture.md:
 * page-data): any other slug is a 404, as the app shows for it. `pageDataPath` says where the file
 * lives.
 */
export const dataRoutes: ReadonlySet<PageRoute> = new Set<PageRoute>([
  '/news/$',
  '/news/view/$slug',
  '/learn/$slug',
  '/manuals/$slug',
  '/coaches/$slug',
  '/landing/$slug',
  '/people/$product/$',
])

export interface RouteMatch {
  route: PageRoute
  params: Record<string, string>
}

/**
 * The page whose data file a data route's page shows: its own path, except that every path
 * under `/people/{product}` shows the product's one page.
 */
export function pageDataPath({ route, params }: RouteMatch, pathname: string): string {
  return route === '/people/$product/$' ? `/people/${params.product}` : pathname
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

/**
 * The router's own ranking: a static segment outranks a parameter, a parameter outranks a
 * splat, and a route that ends exactly here outranks a splat that would match nothing.
 */
function score(route: string): number[] {
  return segments(route).map((s) => (s === '$' ? 0 : s.startsWith('$') ? 1 : 2))
}
const ENDS_HERE = 0.5

const ranked = [...pageRoutes].sort((a, b) => {
  const sa = score(a)
  const sb = score(b)
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = (sb[i] ?? ENDS_HERE) - (sa[i] ?? ENDS_HERE)
    if (d !== 0) return d
  }
  return 0
})

/** Each ranked route split once, static segments lower-cased: matching runs on every request. */
const rankedPatterns = ranked.map((route) => {
  const pattern = segments(route).map((seg) => (seg.startsWith('$') ? seg : seg.toLowerCase()))
  return { route, pattern, hasSplat: pattern.at(-1) === '$' }
})

/** Matches a pathname (case-insensitively, as the router does) to its page route. */
export function matchPageRoute(pathname: string): RouteMatch | null {
  const parts = segments(pathname).map((p) => {
    try {
      return decodeURIComponent(p)
    } catch {
      return p
    }
  })
  const lowerParts = parts.map((part) => part.toLowerCase())
  for (const { route, pattern, hasSplat } of rankedPatterns) {
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i]!
      if (seg === '$') {
        params._splat = parts.slice(i).join('/')
        break
      }
      const part = parts[i]
      if (part === undefined) {
        ok = false
        break
      }
      if (seg.startsWith('$')) params[seg.slice(1)] = part
      else if (seg !== lowerParts[i]) {
        ok = false
        break
      }
    }
    if (ok && (hasSplat ? parts.length >= pattern.length - 1 : parts.length === pattern.length)) {
      return { route, params }
    }
  }
  return null
}

/**
 * A path of the back office (`/admin`, `/admin/…`, in any letter case): the shop's own screens,
 * never prerendered, indexed, precached for customers or counted as a page view.
 */
export function isBackOfficePath(pathname: string): boolean {
  return /^\/admin(?:\/|$)/i.test(pathname)
}
