/*
 * First-party page views (docs/analytics.md: site-wide, respecting do-not-track).
 * The app sends them to our own API, `POST /api/analytics/page-views`, which keeps them in our
 * database: no cookie, no third party, nothing about the visitor. A view is a page's path and the
 * time it was seen, under a random id of its own (so a view sent twice, by a beacon and a retry,
 * counts once); nothing ties two views together.
 */

/** A view is recorded this long after a navigation (0 ms, docs/analytics.md). */
export const PAGE_VIEW_DELAY_MS = 0

export const PAGE_VIEWS_PATH = '/api/analytics/page-views'

/** At most this many views in one request (a long offline queue goes in several). */
export const MAX_VIEWS_PER_BATCH = 50

/** Views older than this are not recorded (the app drops them from its offline queue first). */
export const PAGE_VIEW_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** Whether the browser asks not to be tracked: Do-Not-Track, or Global Privacy Control. */
export function trackingRefused(signals: {
  doNotTrack?: string | null
  globalPrivacyControl?: boolean
}): boolean {
  return signals.doNotTrack === '1' || signals.globalPrivacyControl === true
}

/** One page view as the app sends it (contract/analytics.ts holds its schema). */
export interface PageViewRecord {
  /** A random UUID of this view alone. */
  id: string
  /** pageViewPath() of the page (page-view-paths.ts). */
  path: string
  /** When it was seen, ISO 8601. */
  at: string
}
