/**
 * What the service worker routes and what it may keep, as plain functions of URLs, requests and
 * responses (unit tested in policy.test.ts; caching-routes.ts and cart-sync.ts wire them to
 * Workbox). No regular expression here scans a whole path: each looks at one segment, so a
 * hostile URL costs linear time.
 */

/** The cache of API answers. It may hold answers fetched in a signed-in session. */
export const API_CACHE = 'api'

/**
 * Caches cleared when the customer signs out (`CLEAR_USER_CACHES`). 'api-products' is the API
 * cache of earlier releases, whose entries could carry a bearer token: it is dropped for good.
 */
export const USER_BOUND_CACHES = [API_CACHE, 'api-products'] as const

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '')
}

/**
 * `/images/a.webp`, `/robots.txt`: a file name (a dot inside the last segment, neither its first
 * nor its last character), not a page.
 */
export function isFilePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1)
  const dot = last.indexOf('.', 1)
  return dot !== -1 && dot < last.length - 1
}

/**
 * Pages whose URL carries a secret (an admin login token, a password-reset token:
 * docs/architecture.md; an order's payment code). Matched as the server matches them, empty
 * segments included (`//LoginFromAdmin/T`), and in any letter case: treating one page too many as
 * secret costs only its offline copy.
 */
export function isSecretPagePath(pathname: string): boolean {
  const [first, second] = segmentsOf(pathname).map((segment) => segment.toLowerCase())
  return (
    first === 'loginfromadmin' ||
    (first === 'passwordresets' && second === 'newpassword') ||
    // An order's payment link and its add-to-order page carry the order's payment code.
    (first === 'checkout' && second !== undefined) ||
    first === 'add-to-order'
  )
}

/**
 * A navigation the app answers (a page), not the API, the worker script or a file. The server's
 * development pages (`/dev/mail`: the outbox, reset links in it) are none of the app's either: the
 * worker leaves them to the network, so no copy of them is kept and offline shows no shell there.
 */
export function isPageNavigation(pathname: string): boolean {
  const [first] = segmentsOf(pathname)
  return first !== 'api' && first !== 'dev' && pathname !== '/sw.js' && !isFilePath(pathname)
}

/**
 * The origins whose API answers the worker keeps: the site's own, and the API host the build was
 * made for (API_URL), when the API is hosted apart.
 */
export function apiOrigins(siteOrigin: string, apiUrl: string): Set<string> {
  const origins = new Set([siteOrigin])
  if (apiUrl) origins.add(new URL(apiUrl).origin)
  return origins
}

/** The API answers kept for offline use: product data and the workshop's production times. */
export function isCachedApiRequest(
  request: Pick<Request, 'method'>,
  url: URL,
  origins: Set<string>,
): boolean {
  return (
    request.method === 'GET' &&
    origins.has(url.origin) &&
    (url.pathname.startsWith('/api/product/') || url.pathname === '/api/order/production-time')
  )
}

/**
 * The key an answer is stored under: its URL alone. The request's headers (a bearer token
 * among them) are never written to Cache Storage, and a lookup finds the answer whoever asks.
 */
export function cacheKeyFor(request: Request): Request {
  return new Request(request.url)
}

function cacheDirectives(response: Response): Set<string> {
  const header = response.headers.get('Cache-Control') ?? ''
  return new Set(
    header
      .split(',')
      .map((directive) => directive.trim().split('=')[0]!.toLowerCase())
      .filter(Boolean),
  )
}

/** A request that tells the server who is asking: a bearer token, or cookies it carries. */
export function isAuthenticatedRequest(request: Request): boolean {
  return request.headers.has('Authorization') || request.headers.has('Cookie')
}

/**
 * Whether an answer may be kept: a 200 the server did not mark `no-store` or `private`. An
 * answer to an authenticated request, or one that varies by who asks (`Vary: Authorization` or
 * `Cookie`), is bound to a user and kept only when the server marks it `public`.
 */
export function mayCache(request: Request, response: Response): boolean {
  if (response.status !== 200) return false
  const directives = cacheDirectives(response)
  if (directives.has('no-store') || directives.has('private')) return false
  const vary = (response.headers.get('Vary') ?? '').toLowerCase()
  const userBound =
    isAuthenticatedRequest(request) ||
    vary.includes('authorization') ||
    vary.includes('cookie') ||
    vary.includes('*')
  return !userBound || directives.has('public')
}
