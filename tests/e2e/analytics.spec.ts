import type { APIRequestContext, Browser, BrowserContext, Page, Request } from '@playwright/test'
import { PAGE_VIEWS_PATH } from '../../contract/page-views.ts'
import { expect, test, waitForServiceWorker } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * First-party page views and the browser's privacy signals (issue 17). Chromium sends a `DNT`
 * header when asked to (extraHTTPHeaders), but its page then still reads `navigator.doNotTrack`
 * as null, and it has no Global Privacy Control at all: the signals are given to the page the way
 * a browser with them on shows them, by an init script, and the test checks what the page sees.
 * No DNT header is sent, so the server's own refusal of such requests cannot hide what the page
 * does: with a signal on, the page must send nothing at all.
 */

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', {
    data: { email: 'admin@example.com', password: 'flyfast-demo', remember: false },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** The views the store recorded today for exactly `path`, as an admin reads them. */
async function recordedViews(request: APIRequestContext, path: string): Promise<number> {
  const token = await adminToken(request)
  const res = await request.get(`${PAGE_VIEWS_PATH}?days=1&path=${encodeURIComponent(path)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status()).toBe(200)
  const { days } = (await res.json()) as { days: { path: string; views: number }[] }
  return days.filter((row) => row.path === path).reduce((sum, row) => sum + row.views, 0)
}

const isPageViews = (request: Request) =>
  new URL(request.url()).pathname === PAGE_VIEWS_PATH && request.method() === 'POST'

/** Resolves once the store has taken a page-view request naming `path`. */
function viewSent(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      isPageViews(response.request()) &&
      response.status() === 200 &&
      (response.request().postData() ?? '').includes(`"path":"${path}"`),
  )
}

/** Opens `from`, lets the app start its after-first-view work, then follows a footer link. */
async function browse(page: Page, from: string, link: string, heading: RegExp) {
  await page.goto(from)
  await waitForServiceWorker(page)
  await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** A visit with neither signal, to be sure the store was recording all along. */
async function sentinelVisit(browser: Browser, path: string): Promise<void> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const sent = viewSent(page, path)
  await page.goto(path)
  await sent
  await context.close()
}

async function contextWith(browser: Browser, script: string): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addInitScript(script)
  return context
}

test.describe('page views', () => {
  test('with neither Do-Not-Track nor GPC, a navigation is recorded once', async ({
    page,
    request,
  }) => {
    const before = await recordedViews(request, '/dealers')
    const sentRequests: Request[] = []
    page.on('request', (sent) => {
      if (isPageViews(sent)) sentRequests.push(sent)
    })
    const firstView = viewSent(page, '/production-time')
    await page.goto('/production-time')
    await firstView
    expect(
      await page.evaluate(() => [navigator.doNotTrack, 'globalPrivacyControl' in navigator]),
    ).toEqual([null, false])
    const navigation = viewSent(page, '/dealers')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Dealers', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: /dealers/i })).toBeVisible()
    await navigation
    // Hidden and closed: a beacon may carry a view again, and the store counts it once.
    await page.close()
    await expect.poll(() => recordedViews(request, '/dealers')).toBe(before + 1)
    // No cookie, nothing but the views.
    for (const sent of sentRequests) {
      expect(sent.headers().cookie).toBeUndefined()
      const body = JSON.parse(sent.postData() ?? '{}') as { views: object[] }
      for (const view of body.views) expect(Object.keys(view).sort()).toEqual(['at', 'id', 'path'])
    }
  })

  for (const signal of [
    {
      name: 'Do-Not-Track',
      script: `Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1', configurable: true })`,
      sees: "navigator.doNotTrack === '1'",
      from: '/colors',
      link: 'Coaches',
      to: '/coaches',
      heading: /coaches/i,
      sentinel: '/about',
    },
    {
      name: 'Global Privacy Control',
      script: `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true })`,
      sees: 'navigator.globalPrivacyControl === true',
      from: '/manuals',
      link: 'News',
      to: '/news',
      heading: /news/i,
      sentinel: '/philosophy',
    },
  ]) {
    test(`with ${signal.name} on, no page view is recorded`, async ({ browser, request }) => {
      const before = {
        from: await recordedViews(request, signal.from),
        to: await recordedViews(request, signal.to),
      }
      const context = await contextWith(browser, signal.script)
      const sent: string[] = []
      context.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/analytics')) sent.push(request.url())
      })
      const page = await context.newPage()
      await browse(page, signal.from, signal.link, signal.heading)
      expect(await page.evaluate(signal.sees)).toBe(true)
      await page.reload()
      await waitForServiceWorker(page)
      await context.close()
      expect(sent).toEqual([])
      // The store was recording meanwhile: a visit without the signal is taken.
      await sentinelVisit(browser, signal.sentinel)
      expect(await recordedViews(request, signal.from)).toBe(before.from)
      expect(await recordedViews(request, signal.to)).toBe(before.to)
    })
  }
})
