import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { productSlugOfPath } from '../../contract/page-view-paths.ts'
import { PAGE_VIEW_MAX_AGE_MS, type PageViewRecord } from '../../contract/page-views.ts'
import type { Database } from '../db/index.ts'
import { pageViews, products } from '../db/schema.ts'

/*
 * First-party page views (contract/analytics.ts): kept in our own table, read back by the admin
 * command line. Days are UTC days.
 */

/**
 * The check of a view's `at`: a time the device says the view was seen. It is not what the view
 * is recorded under (recordPageViews stamps the time of arrival): a device's word on when is
 * anyone's to write, and a view dated weeks back would slip into days already reported. A view
 * queued offline counts on the day it reaches the shop. The check still refuses a time far ahead
 * (a broken clock, or not a view) and one older than the app keeps its queue.
 */
export type ViewTime = { ok: true } | { ok: false; message: string }

/** A few minutes of a device's clock running ahead are forgiven. */
const CLOCK_AHEAD_MS = 5 * 60 * 1000

export function viewTime(at: string, now: Date): ViewTime {
  const time = new Date(at)
  if (Number.isNaN(time.getTime())) return { ok: false, message: 'Not a time.' }
  if (time.getTime() > now.getTime() + CLOCK_AHEAD_MS) {
    return { ok: false, message: 'A page view cannot be in the future.' }
  }
  if (time.getTime() < now.getTime() - PAGE_VIEW_MAX_AGE_MS) {
    return { ok: false, message: 'A page view older than 30 days is not recorded.' }
  }
  return { ok: true }
}

/** Raw page views are kept 13 months (a year back, with the month before it), then pruned. */
export const pageViewRetentionMonths = 13

/** Drops page views older than the retention; run hourly (server/main.ts). */
export async function prunePageViews(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - pageViewRetentionMonths)
  const removed = await db
    .delete(pageViews)
    .where(lt(pageViews.viewedAt, cutoff))
    .returning({ id: pageViews.id })
  return removed.length
}

/**
 * Records the views (checked by the caller) once each, seen at `now` (the time they arrived): a
 * view whose id is already recorded (the same view sent again, by a beacon and a retry) is
 * skipped. Returns how many were new.
 */
export async function recordPageViews(
  db: Database,
  views: readonly Pick<PageViewRecord, 'id' | 'path'>[],
  now = new Date(),
): Promise<number> {
  if (views.length === 0) return 0
  const inserted = await db
    .insert(pageViews)
    .values(
      views.map((view) => ({
        id: view.id,
        path: view.path,
        productSlug: productSlugOfPath(view.path),
        viewedAt: now,
        receivedAt: now,
      })),
    )
    .onConflictDoNothing({ target: pageViews.id })
    .returning({ id: pageViews.id })
  return inserted.length
}

export interface DayRange {
  /** First day included (UTC midnight). */
  from: Date
  /** First day no longer included (UTC midnight). */
  until: Date
}

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()): DayRange {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  return { from: new Date(until.getTime() - days * 24 * 60 * 60 * 1000), until }
}

const day = sql<string>`to_char(${pageViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`

export interface PathDayViews {
  day: string
  path: string
  views: number
}

/** Views per path per day, newest day first, most viewed first within a day. */
export async function viewsPerPathPerDay(
  db: Database,
  range: DayRange,
  options: { pathPrefix?: string } = {},
): Promise<PathDayViews[]> {
  const conditions = [gte(pageViews.viewedAt, range.from), lt(pageViews.viewedAt, range.until)]
  if (options.pathPrefix) {
    // starts_with: the prefix is text, not a LIKE pattern.
    conditions.push(sql`starts_with(${pageViews.path}, ${options.pathPrefix})`)
  }
  const views = sql<number>`count(*)::int`
  return db
    .select({ day, path: pageViews.path, views })
    .from(pageViews)
    .where(and(...conditions))
    .groupBy(day, pageViews.path)
    .orderBy(desc(day), desc(views), pageViews.path)
}

export interface ProductViews {
  slug: string
  name: string | null
  family: string | null
  views: number
}

/** The products whose pages were viewed most in the range (a product since removed keeps its slug). */
export async function mostViewedProducts(
  db: Database,
  range: DayRange,
  limit: number,
): Promise<ProductViews[]> {
  const views = sql<number>`count(*)::int`
  const rows = await db
    .select({
      slug: pageViews.productSlug,
      name: products.name,
      family: products.family,
      views,
    })
    .from(pageViews)
    .leftJoin(products, eq(products.slug, pageViews.productSlug))
    .where(
      and(
        sql`${pageViews.productSlug} is not null`,
        gte(pageViews.viewedAt, range.from),
        lt(pageViews.viewedAt, range.until),
      ),
    )
    .groupBy(pageViews.productSlug, products.name, products.family)
    .orderBy(desc(views), pageViews.productSlug)
    .limit(limit)
  return rows.map((row) => ({ ...row, slug: row.slug ?? '' }))
}
