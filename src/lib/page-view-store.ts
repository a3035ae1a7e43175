import type { PageViewRecord } from '../../contract/page-views.ts'
import { drainPageViews, postPageViews, queuePageViews } from '../../store-db/page-view-queue.ts'
import { db } from './db.ts'

/*
 * The page's own hand on the page-view queue, used only where no service worker runs (plain
 * HTTP, a failed registration): with a worker, the worker keeps and sends the queue, so the page
 * never loads the database for page views (analytics.ts).
 */

export function keepPageViews(views: PageViewRecord[]): Promise<void> {
  return queuePageViews(db, views)
}

export async function sendKeptPageViews(url: string): Promise<void> {
  await drainPageViews(db, (views) => postPageViews(fetch, url, views))
}
