import { afterEach, describe, expect, it } from 'vitest'
import { API_MARK_HEADER } from '../contract/api-mark.ts'
import type { PageViewRecord } from '../contract/page-views.ts'
import {
  drainPageViews,
  pageViewsIn,
  postPageViews,
  queuePageViews,
  type PageViewsOutcome,
} from './page-view-queue.ts'
import { StoreDB } from './store-db.ts'

const opened: StoreDB[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})
function freshDb() {
  const db = new StoreDB(`page-views-${crypto.randomUUID()}`)
  opened.push(db)
  return db
}

const now = Date.parse('2026-11-24T12:00:00Z')
const view = (path: string, minutesAgo: number): PageViewRecord => ({
  id: crypto.randomUUID(),
  path,
  at: new Date(now - minutesAgo * 60_000).toISOString(),
})

describe('the page-view queue', () => {
  it('sends what waits oldest first, in batches of 50, and forgets each batch once taken', async () => {
    const db = freshDb()
    const views = Array.from({ length: 120 }, (_, i) => view(`/news`, 200 - i))
    await queuePageViews(db, views)
    const batches: PageViewRecord[][] = []
    const sent = await drainPageViews(
      db,
      async (batch) => {
        batches.push(batch)
        return 'sent'
      },
      now,
    )
    expect(sent).toBe(120)
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20])
    expect(batches.flat().map((v) => v.id)).toEqual(views.map((v) => v.id))
    expect(await db.pageViews.count()).toBe(0)
  })

  it('keeps everything from the first failure on, and drops what the server refuses', async () => {
    const db = freshDb()
    await queuePageViews(
      db,
      Array.from({ length: 60 }, (_, i) => view('/learn', 100 - i)),
    )
    const outcomes: PageViewsOutcome[] = ['refused', 'failed']
    expect(await drainPageViews(db, async () => outcomes.shift()!, now)).toBe(0)
    // The refused batch of 50 is gone; the 10 after it wait for the next drain.
    expect(await db.pageViews.count()).toBe(10)
  })

  it('drops views older than 30 days before sending, and keeps a view queued twice once', async () => {
    const db = freshDb()
    const fresh = view('/gallery', 5)
    await queuePageViews(db, [view('/gallery', 31 * 24 * 60), fresh, fresh])
    const batches: PageViewRecord[][] = []
    await drainPageViews(db, async (batch) => (batches.push(batch), 'sent'), now)
    expect(batches).toEqual([[fresh]])
  })

  it('counts only the shop’s own answer as delivered', async () => {
    const answer = (status: number, mark: boolean) => async () =>
      new Response('{}', { status, headers: mark ? { [API_MARK_HEADER]: '1' } : {} })
    const views = [view('/news', 1)]
    expect(await postPageViews(answer(200, true), '/x', views)).toBe('sent')
    expect(await postPageViews(answer(422, true), '/x', views)).toBe('refused')
    for (const [status, mark] of [
      [200, false],
      [429, true],
      [503, true],
    ] as const) {
      expect(await postPageViews(answer(status, mark), '/x', views)).toBe('failed')
    }
    const offline = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await postPageViews(offline, '/x', views)).toBe('failed')
  })

  it('takes only well-formed views from a page’s message', () => {
    const good = view('/news', 1)
    expect(pageViewsIn([good, { id: 1 }, null, 'x', { ...good, extra: 'dropped' }])).toEqual([
      good,
      good,
    ])
    expect(pageViewsIn('nope')).toEqual([])
  })
})
