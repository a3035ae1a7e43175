import { API_MARK_HEADER, API_MARK_VALUE } from '../contract/api-mark.ts'
import {
  MAX_VIEWS_PER_BATCH,
  PAGE_VIEW_MAX_AGE_MS,
  type PageViewRecord,
} from '../contract/page-views.ts'
import type { StoreDB } from './store-db.ts'

/*
 * Page views that could not be sent when they were seen (offline, the server busy): kept in the
 * `pageViews` table and sent later, in batches, by whoever drains the queue: the service worker
 * when a page asks it (the page asks only while the browser signals neither Do-Not-Track nor
 * Global Privacy Control), or the page itself where no worker runs. The server records a view's id
 * once, so two drainers sending the same views at once count them once.
 */

/** What became of a batch: taken (`sent`), never to be taken (`refused`: a 422), or try again. */
export type PageViewsOutcome = 'sent' | 'refused' | 'failed'

export type PageViewsPoster = (views: PageViewRecord[]) => Promise<PageViewsOutcome>

/**
 * Posts views to the API at `url`: no cookie, no credential. Delivered only when the shop itself
 * answered (its mark, contract/api-mark.ts): a Wi-Fi sign-in page's 200 keeps them waiting.
 */
export async function postPageViews(
  fetcher: typeof fetch,
  url: string,
  views: PageViewRecord[],
): Promise<PageViewsOutcome> {
  let response: Response
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ views }),
      credentials: 'omit',
      // Not keepalive: a view in flight when the page is hidden goes again by beacon.
      redirect: 'manual',
    })
  } catch {
    return 'failed'
  }
  // Read to the end: a body left unread keeps the request open (and the connection taken).
  const read = await response.text().then(
    () => true,
    () => false,
  )
  if (response.headers.get(API_MARK_HEADER) !== API_MARK_VALUE) return 'failed'
  if (response.status === 200) return read ? 'sent' : 'failed'
  return response.status === 422 ? 'refused' : 'failed'
}

/** Keeps views for later (the same view twice is kept once). */
export async function queuePageViews(db: StoreDB, views: PageViewRecord[]): Promise<void> {
  if (views.length > 0) await db.pageViews.bulkPut(views)
}

/**
 * Sends what waits, oldest first, in batches; a batch goes from the queue once the server took
 * or refused it, and the drain stops at the first failure (the rest waits for the next one).
 * Views older than the server records are dropped first. Resolves with how many were sent.
 */
export async function drainPageViews(
  db: StoreDB,
  post: PageViewsPoster,
  now = Date.now(),
): Promise<number> {
  await db.pageViews
    .where('at')
    .below(new Date(now - PAGE_VIEW_MAX_AGE_MS).toISOString())
    .delete()
  let sent = 0
  for (;;) {
    const batch = await db.pageViews.orderBy('at').limit(MAX_VIEWS_PER_BATCH).toArray()
    if (batch.length === 0) return sent
    const outcome = await post(batch)
    if (outcome === 'failed') return sent
    await db.pageViews.bulkDelete(batch.map((view) => view.id))
    if (outcome === 'sent') sent += batch.length
  }
}

/** Only well-formed views from a page's message (the worker takes nothing else in). */
export function pageViewsIn(value: unknown): PageViewRecord[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (view): view is PageViewRecord =>
        !!view &&
        typeof view === 'object' &&
        typeof (view as PageViewRecord).id === 'string' &&
        typeof (view as PageViewRecord).path === 'string' &&
        typeof (view as PageViewRecord).at === 'string',
    )
    .slice(0, 500)
    .map(({ id, path, at }) => ({ id, path, at }))
}
