import type { Response } from '@playwright/test'
import { PAGE_VIEWS_PATH } from '../../contract/page-views.ts'
import { addBag } from './checkout-fixtures.ts'
import { expect, expectFailedResource, test } from './fixtures.ts'
import { sampleOfEveryKind } from './sitemap.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

// Every public page the build prerendered, as a visitor (and a search engine) sees it.

/** The paths the served sitemap lists. */
async function servedSitemap(get: (path: string) => Promise<{ text(): Promise<string> }>) {
  const sitemap = await (await get('/sitemap.xml')).text()
  return [...sitemap.matchAll(/<loc>[^<]*?\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!)
}

/** The text of the first `<h1>` in the page's app root, tags and entities aside. */
function firstHeading(html: string): string | undefined {
  const app = html.slice(html.indexOf('<div id="app">'))
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(app)
  return h1?.[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&[#\w]+;/g, ' ')
    .trim()
}

/** The site's own files a page's HTML loads: scripts, stylesheets, icons, images, media. */
function filesNamed(html: string): string[] {
  const files: string[] = []
  for (const tag of html.matchAll(/<(?:script|link|img|source|video|audio)\b[^>]*>/g)) {
    for (const attr of tag[0].matchAll(/\s(?:src|href|poster)="(\/(?!\/)[^"]*)"/g)) {
      files.push(attr[1]!.replace(/&amp;/g, '&'))
    }
    for (const set of tag[0].matchAll(/\ssrcset="([^"]*)"/g)) {
      for (const candidate of set[1]!.split(',')) {
        const url = candidate.trim().split(/\s+/)[0]
        if (url?.startsWith('/') && !url.startsWith('//')) files.push(url)
      }
    }
  }
  return files
}

test.describe('the whole site', () => {
  // No browser needed: the server's status and the prerendered HTML are what a crawler gets, and
  // a file the page names that is missing would be the browser's "Failed to load resource".
  test('every page of the sitemap is served with status 200, an <h1> in its HTML, and every file it loads', async ({
    request,
  }) => {
    const paths = await servedSitemap((path) => request.get(path))
    expect(paths.length).toBeGreaterThan(250)
    const failures: string[] = []
    const files = new Set<string>()
    for (const path of paths) {
      const response = await request.get(path)
      const html = await response.text()
      const heading = firstHeading(html)
      if (response.status() !== 200 || !heading) {
        failures.push(`${path}: status ${response.status()}, h1 ${heading ? 'present' : 'missing'}`)
      }
      for (const file of filesNamed(html)) files.add(file)
    }
    expect(files.size).toBeGreaterThan(10)
    for (const file of files) {
      const response = await request.get(file)
      await response.body()
      if (response.status() !== 200) failures.push(`${file}: status ${response.status()}`)
    }
    expect(failures).toEqual([])
  })

  // What needs the browser: each kind of page's code starts on its prerendered HTML (hydration)
  // without an error, and shows its heading.
  test('a page of every kind starts in the browser with its <h1> shown and no console errors', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(5 * 60_000)
    const paths = await servedSitemap((path) => request.get(path))
    const sample = sampleOfEveryKind(paths, 31)
    expect(sample.length).toBeGreaterThanOrEqual(25)
    const failures: string[] = []
    for (const path of sample) {
      // The app counts the page view once it has shown its first view: it has started.
      const started = page.waitForResponse(
        (r: Response) =>
          new URL(r.url()).pathname === PAGE_VIEWS_PATH && r.request().method() === 'POST',
      )
      const response = await page.goto(path, { waitUntil: 'load' })
      const status = response?.status()
      await started
      const visible = await page
        .locator('h1')
        .first()
        .isVisible()
        .catch(() => false)
      if (status !== 200 || !visible || consoleErrors.length > 0) {
        failures.push(
          `${path}: status ${status}, h1 ${visible ? 'visible' : 'missing'}, ${consoleErrors.join(' | ')}`,
        )
        consoleErrors.length = 0
      }
    }
    expect(failures).toEqual([])
  })

  test('the prerendered HTML carries the page before any script runs', async ({ request }) => {
    const html = await (await request.get('/wingsuits/corvid-2')).text()
    expect(html).toContain('<h1>Corvid 2</h1>')
    expect(html).toMatch(/<title>Corvid 2 — Glidecraft<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/wingsuits\/corvid-2"/)
    expect(html).toMatch(/<meta property="og:title" content="Corvid 2 — Glidecraft"/)
    expect(html).toMatch(/<script type="application\/ld\+json">[^<]*"@type":"Product"/)
  })

  test('robots.txt points at the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/)
  })

  // One visitor meets each kind of missing page in turn: the status is the server's (its tests
  // hold each kind: server/site/pages.test.ts), the page saying so is the app's.
  test('a path that is no page shows the 404 page with status 404', async ({
    page,
    consoleErrors,
  }) => {
    for (const path of [
      '/no-such-page',
      '/wingsuits/no-such-suit',
      '/news/view/no-such-story',
      '/news/99',
      '/learn/nope',
      '/landing/no-such-campaign',
      '/people/no-such-suit/anyone',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Page not found' }),
        path,
      ).toBeVisible()
      expectFailedResource(consoleErrors, 404)
    }
  })
})

test.describe('the header at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('keeps to one row for a guest with a bag in the cart, the name not cut', async ({
    page,
  }) => {
    await page.goto('/')
    const signIn = await page.request.post('/api/login-guest', {
      // A fresh guest with an everyday address.
      data: {
        email: `casey.${Math.random().toString(36).slice(2, 7)}@example.com`,
        remember: true,
      },
    })
    expect(signIn.status()).toBe(200)
    await addBag(page)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: /^Cart/ })).toContainText('1')
    const account = header.getByRole('link', { name: /^Account: casey\./ })
    await expect(account).toContainText('Guest')

    // A second row: something that starts below where another ends.
    const wrapped = await header.evaluate((banner) => {
      const inner = banner.querySelector('.app-bar-inner')!
      const boxes = [...inner.querySelectorAll(':scope > *, .tab-bar > *')]
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0)
      const firstRowEnds = Math.min(...boxes.map((box) => box.bottom))
      return boxes.some((box) => box.top >= firstRowEnds)
    })
    expect(wrapped).toBe(false)
    const cut = await account
      .locator('.account-name')
      .evaluate((name) => name.scrollWidth > name.clientWidth)
    expect(cut).toBe(false)
  })
})
