import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_VIEWS_PATH } from '../../contract/page-views.ts'
import type { OpenDatabase } from '../db/index.ts'
import { pageViews } from '../db/schema.ts'
import {
  lastDays,
  mostViewedProducts,
  prunePageViews,
  viewsPerPathPerDay,
} from '../services/analytics.ts'
import { addressLimits } from '../services/throttle.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'

let database: OpenDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

const view = (path: string, at = new Date().toISOString()) => ({ id: randomUUID(), path, at })

function post(
  body: unknown,
  options: { headers?: Record<string, string>; address?: string; raw?: string } = {},
) {
  return app.request(
    PAGE_VIEWS_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.raw ?? JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: options.address ?? `test-${randomUUID()}` } } },
  )
}

async function viewsOf(path: string): Promise<number> {
  const rows = await viewsPerPathPerDay(database.db, lastDays(31))
  return rows.filter((row) => row.path === path).reduce((sum, row) => sum + row.views, 0)
}

async function signIn(email: string): Promise<string> {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'flyfast-demo', remember: false }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

describe('POST /api/analytics/page-views', () => {
  it('records each view once, even when the same view is sent again', async () => {
    const first = view('/news')
    const second = view('/wingsuits/corvid-2')
    const res = await post({ views: [first, second] })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ recorded: 2 })
    // No cookie is set: nothing identifies the visitor.
    expect(res.headers.get('set-cookie')).toBeNull()
    // A beacon and a retry of the same batch: nothing new.
    expect(await (await post({ views: [first, second] })).json()).toEqual({ recorded: 0 })
    expect(await viewsOf('/news')).toBe(1)
  })

  it('counts product pages toward the most viewed products', async () => {
    await post({
      views: [view('/trackingsuits/wasp'), view('/trackingsuits/wasp'), view('/products/logo-tee')],
    })
    const top = await mostViewedProducts(database.db, lastDays(1), 10)
    const wasp = top.find((row) => row.slug === 'wasp')
    expect(wasp).toBeDefined()
    expect(wasp!.views).toBe(2)
    expect(top.some((row) => row.slug === 'corvid-2' && row.name !== null)).toBe(true)
  })

  it('records nothing for a request that says Do-Not-Track or Global Privacy Control', async () => {
    for (const headers of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[]) {
      const res = await post({ views: [view('/manuals')] }, { headers })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ recorded: 0 })
    }
    expect(await viewsOf('/manuals')).toBe(0)
  })

  it('refuses bad input with a message per field, never a 5xx', async () => {
    const now = Date.now()
    const cases: [unknown, string][] = [
      [{}, 'views'],
      [{ views: [] }, 'views'],
      [{ views: Array.from({ length: 51 }, () => view('/news')) }, 'views'],
      [{ views: [{ ...view('/news'), id: 'not-a-uuid' }] }, 'views.0.id'],
      [{ views: [view('/no-such-page/at/all')] }, 'views.0.path'],
      [{ views: [view('/news?q=1')] }, 'views.0.path'],
      [{ views: [view('/news/')] }, 'views.0.path'],
      [{ views: [view('/news\u0000')] }, 'views.0.path'],
      [{ views: [view('relative')] }, 'views.0.path'],
      [{ views: [view('/x'.repeat(300))] }, 'views.0.path'],
      // A customer's own screen is recorded under its route, never with its code.
      [{ views: [view('/checkout/SECRETCODE')] }, 'views.0.path'],
      [{ views: [view('/news', 'yesterday')] }, 'views.0.at'],
      [{ views: [view('/news', new Date(now + 3_600_000).toISOString())] }, 'views.0.at'],
      [{ views: [view('/news', new Date(now - 40 * 86_400_000).toISOString())] }, 'views.0.at'],
      [{ views: [{ ...view('/news'), path: 42 }] }, 'views.0.path'],
    ]
    for (const [body, field] of cases) {
      const res = await post(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      const answer = (await res.json()) as { errors: Record<string, string[]> }
      expect(Object.keys(answer.errors)).toContain(field)
    }
    expect((await post(undefined, { raw: '{"views": [' })).status).toBe(422)
    expect(await viewsOf('/news')).toBe(1)
  })

  it('takes the route of a customer’s own screen, and a clock a little ahead as now', async () => {
    const ahead = new Date(Date.now() + 60_000).toISOString()
    const res = await post({ views: [view('/checkout/$', ahead), view('/orders/$orderId')] })
    expect(await res.json()).toEqual({ recorded: 2 })
    expect(await viewsOf('/checkout/$')).toBe(1)
  })

  it('limits one client address to 2,000 views in 15 minutes, each view counted, then 429 with Retry-After', async () => {
    const address = `test-${randomUUID()}`
    const limit = addressLimits.pageViews.attempts
    const batch = () => ({ views: Array.from({ length: 50 }, () => view('/gallery')) })
    for (let i = 0; i < limit / 50; i++) {
      const res = await post(batch(), { address })
      expect(res.status).toBe(200)
    }
    const refused = await post({ views: [view('/gallery')] }, { address })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { message: string }).message).toMatch(/try again in/)
    // Another address is not held back.
    expect((await post({ views: [view('/gallery')] })).status).toBe(200)
    expect(await viewsOf('/gallery')).toBe(limit + 1)
  }, 60_000)

  it('counts an IPv6 client’s whole /64 as one address', async () => {
    const limit = addressLimits.pageViews.attempts
    for (let i = 0; i < limit / 50; i++) {
      const views = Array.from({ length: 50 }, () => view('/learn'))
      const res = await post({ views }, { address: `2001:db8:77:1::${(i + 1).toString(16)}` })
      expect(res.status).toBe(200)
    }
    expect(
      (await post({ views: [view('/learn')] }, { address: '2001:db8:77:1::ffff' })).status,
    ).toBe(429)
  }, 60_000)

  it('is documented in OpenAPI', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths[PAGE_VIEWS_PATH] ?? {}).sort()).toEqual(['get', 'post'])
  })
})

describe('GET /api/analytics/page-views', () => {
  it('gives admins the views per path per day, and no one else', async () => {
    await post({ views: [view('/coaches'), view('/coaches')] })
    expect((await app.request(PAGE_VIEWS_PATH)).status).toBe(401)
    const customer = await signIn('customer@example.com')
    const asCustomer = await app.request(PAGE_VIEWS_PATH, {
      headers: { authorization: `Bearer ${customer}` },
    })
    expect(asCustomer.status).toBe(403)
    const admin = await signIn('admin@example.com')
    const res = await app.request(`${PAGE_VIEWS_PATH}?days=1&path=/coaches`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(res.status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    expect(await res.json()).toEqual({ days: [{ day: today, path: '/coaches', views: 2 }] })
    for (const query of ['days=0', 'days=x', 'days=400', 'path=coaches']) {
      const bad = await app.request(`${PAGE_VIEWS_PATH}?${query}`, {
        headers: { authorization: `Bearer ${admin}` },
      })
      expect(bad.status).toBe(422)
    }
  })

  it('records a view at the time it arrives, whatever time the device gives it', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
    const backdated = Array.from({ length: 50 }, () => view('/colors', daysAgo(29)))
    expect(await (await post({ views: backdated })).json()).toEqual({ recorded: 50 })
    expect(await (await post({ views: [view('/colors', daysAgo(1))] })).json()).toEqual({
      recorded: 1,
    })
    const rows = await viewsPerPathPerDay(database.db, lastDays(31))
    expect(rows.filter((row) => row.path === '/colors')).toEqual([
      { day: new Date().toISOString().slice(0, 10), path: '/colors', views: 51 },
    ])
  })
})

describe('retention', () => {
  it('prunes page views older than 13 months, and keeps the rest', async () => {
    const monthsAgo = (months: number) => {
      const at = new Date()
      at.setUTCMonth(at.getUTCMonth() - months)
      return at
    }
    const old = { id: randomUUID(), path: '/news', viewedAt: monthsAgo(14) }
    const kept = { id: randomUUID(), path: '/news', viewedAt: monthsAgo(12) }
    await database.db.insert(pageViews).values([old, kept])
    expect(await prunePageViews(database.db)).toBe(1)
    const ids = (await database.db.select({ id: pageViews.id }).from(pageViews)).map(
      (row) => row.id,
    )
    expect(ids).not.toContain(old.id)
    expect(ids).toContain(kept.id)
  })
})
