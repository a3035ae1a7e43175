import { z } from 'zod'
import { matchPageRoute, productRoutes, type PageRoute } from './routes.ts'

/*
 * First-party page views (SPEC §7, §9: "site-wide analytics tracking … respecting do-not-track").
 * The app sends them to our own API, `POST /api/analytics/page-views`, which keeps them in our
 * database: no cookie, no third party, nothing about the visitor. A view is a page's path and the
 * time it was seen, under a random id of its own (so a view sent twice, by a beacon and a retry,
 * counts once); nothing ties two views together.
 */

export const PAGE_VIEWS_PATH = '/api/analytics/page-views'

/** At most this many views in one request (a long offline queue goes in several). */
export const MAX_VIEWS_PER_BATCH = 50

/** Views older than this are not recorded (the app drops them from its offline queue first). */
export const PAGE_VIEW_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/**
 * The customer's own screens: their paths name an order, a payment code or a sign-in token, so a
 * view of one is recorded under its route (`/checkout/$`), never with what the path carries.
 */
const privateRoutes: ReadonlySet<PageRoute> = new Set<PageRoute>([
  '/orders/confirmation/$',
  '/PasswordResets/newpassword/$',
  '/LoginFromAdmin/$',
  '/checkout/$',
  '/update-shipping-address/$',
  '/orders/$orderId',
  '/add-to-order/$paymentCode',
  '/apple-pay/$orderId',
  '/learnSearch/$',
])

/**
 * The path a view of `pathname` is recorded under: the page's own path (no query, no hash, no
 * trailing slash) for the store's public pages, the route for the customer's own screens and the
 * search (whose path is what was searched for); null for a path that is no page of the store.
 */
export function pageViewPath(pathname: string): string | null {
  if (!/^\/[\x21-\x7e]*$/.test(pathname) || pathname.length > 512) return null
  const trimmed = pathname === '/' ? '/' : pathname.replace(/\/+$/, '')
  const match = matchPageRoute(trimmed || '/')
  if (!match) return null
  return privateRoutes.has(match.route) ? match.route : trimmed || '/'
}

/** The product a recorded path shows (its family's detail route), for "most viewed products". */
export function productSlugOfPath(path: string): string | null {
  const match = matchPageRoute(path)
  if (!match || !productRoutes[match.route]) return null
  const values = Object.values(match.params)
  return values.at(-1)?.toLowerCase() ?? null
}

/** Whether the browser asks not to be tracked: Do-Not-Track, or Global Privacy Control. */
export function trackingRefused(signals: {
  doNotTrack?: string | null
  globalPrivacyControl?: boolean
}): boolean {
  return signals.doNotTrack === '1' || signals.globalPrivacyControl === true
}

export const PageView = z.object({
  id: z.uuid('A page view’s id is a UUID.'),
  path: z
    .string()
    .max(512, 'A path has at most 512 characters.')
    // As `location.pathname` gives it: percent-encoded, so printable ASCII only.
    .regex(/^\/[\x21-\x7e]*$/, 'A path as the address bar encodes it, starting with /.')
    .refine((path) => pageViewPath(path) === path, 'Not a page of this store, as it is recorded.'),
  at: z.iso.datetime({ offset: true, message: 'A time in ISO 8601, with its offset.' }),
})
export type PageView = z.infer<typeof PageView>

export const PageViewBatch = z.object({
  views: z
    .array(PageView)
    .min(1, 'At least one page view.')
    .max(MAX_VIEWS_PER_BATCH, `At most ${MAX_VIEWS_PER_BATCH} page views at once.`),
})
export type PageViewBatch = z.infer<typeof PageViewBatch>

export const PageViewsRecorded = z.object({
  /** Views newly recorded (a view already recorded, or refused by the browser's signal, is not). */
  recorded: z.number().int().min(0),
})
export type PageViewsRecorded = z.infer<typeof PageViewsRecorded>
