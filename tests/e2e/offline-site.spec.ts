import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { PageDataManifest } from '../../contract/page-data-manifest.ts'
import { expect, runBackgroundJobs, test, waitForServiceWorker } from './fixtures.ts'
import { sampleOfEveryKind, sitemapPaths } from './sitemap.ts'

/*
 * The whole site offline after one visit: the visitor opens only the home page, the worker
 * downloads every page's data in the background, and then, with no network, pages of every kind
 * render with the same heading as the prerendered (online) page.
 */

const dist = path.resolve('dist')

async function manifest(): Promise<PageDataManifest> {
  return JSON.parse(
    await readFile(path.join(dist, 'page-data', 'manifest.json'), 'utf8'),
  ) as PageDataManifest
}

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim()
}

/** The h1 of the prerendered page: what a visitor online sees. */
async function onlineHeading(pagePath: string): Promise<string> {
  const file = path.join(dist, 'pages', ...pagePath.split('/').filter(Boolean), 'index.html')
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await readFile(file, 'utf8'))
  if (!h1) throw new Error(`${pagePath} has no h1`)
  return decode(h1[1]!)
}

/**
 * Offline, prefetches of what was never kept fail, and the router reports the network failure
 * behind each honest offline page: expected here, not the page's errors. Run on every console
 * message (after the fixture's listener), since the router's report can come after the test's
 * last step.
 */
function dropOfflineFailures(errors: string[]): void {
  const offline =
    /net::ERR_(FAILED|INTERNET_DISCONNECTED)|^NetworkError: The network is unavailable/
  errors.splice(0, errors.length, ...errors.filter((e) => !offline.test(e)))
}

test('after one visit to the home page, pages of every kind render offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(240_000)
  page.on('console', () => dropOfflineFailures(consoleErrors))
  const files = (await manifest()).files
  const paths = await sitemapPaths()
  const sample = sampleOfEveryKind(
    paths.filter((p) => p !== '/'),
    9,
  )
  // The suit archives read the archive API, whose first pages the worker keeps: both of them.
  for (const archive of paths.filter((p) => p.endsWith('/archive'))) {
    if (!sample.includes(archive)) sample.push(archive)
  }
  expect(sample.length).toBeGreaterThanOrEqual(25)
  expect(sample.some((p) => p.startsWith('/news/view/'))).toBe(true)
  const expected = new Map<string, string>()
  for (const p of sample) expected.set(p, await onlineHeading(p))
  expected.set('/learnSearch/canopy', await onlineHeading('/learnSearch'))

  await page.goto('/')
  await waitForServiceWorker(page)
  const report = await runBackgroundJobs(page)
  expect(report.failed).toEqual([])
  expect(report.offlineData).toMatchObject({ mode: 'complete' })
  if (report.offlineData?.mode !== 'complete') return
  // A fresh browser: every listed file is fetched, and the report counts every byte.
  expect(report.offlineData).toMatchObject({
    downloaded: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    removed: 0,
  })

  // The budgeted background images: each coach's photo is kept without being seen.
  const keptImages = await page.evaluate(async () =>
    (await (await caches.open('images')).keys()).map((request) => new URL(request.url).pathname),
  )
  expect(keptImages.filter((url) => url.startsWith('/images/coaches/')).length).toBeGreaterThan(5)

  await context.setOffline(true)
  try {
    for (const [pagePath, heading] of expected) {
      await page.goto(pagePath)
      await expect(page.getByRole('heading', { level: 1 }), pagePath).toHaveText(heading)
      await expect(page.getByText('Something went wrong')).toHaveCount(0)
      // Images never seen online stand in as a placeholder, never as a broken image (those in
      // view have loaded or failed by the load event that goto waits for).
      const broken = await page.evaluate(() =>
        [...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
      )
      expect(broken, pagePath).toEqual([])
    }
    // The search answers from its index, downloaded with the rest.
    await page.goto('/learnSearch/canopy')
    await expect(page.locator('main a[href^="/learn/"]').first()).toBeVisible()

    // A page whose data is not on the device says so honestly: no 500, a way back, the banner.
    const unsaved = paths.find((p) => p.startsWith('/coaches/') && !expected.has(p))!
    await page.evaluate(
      async (url) => {
        const cache = await caches.open('page-data')
        if (!(await cache.delete(new URL(url, location.origin).href))) throw new Error(url)
      },
      files.find((file) => file.url === `/page-data${unsaved}/page-data.json`)!.url,
    )
    await page.goto(unsaved)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not saved on this device yet')
    await expect(
      page.getByText(
        'This page is not saved on this device yet. It will be after you open it online once.',
      ),
    ).toBeVisible()
    await expect(page.getByText('500')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})

test('after a new build, only the changed page data is downloaded again', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000)
  page.on('console', () => dropOfflineFailures(consoleErrors))
  const built = await manifest()
  await page.goto('/')
  await waitForServiceWorker(page)
  const first = await runBackgroundJobs(page)
  expect(first.offlineData).toMatchObject({ mode: 'complete' })

  // The "new build": one news article's title changed, with its new hash in the manifest. The
  // server keeps serving the old bytes; the routes stand in for the redeployed files.
  const article = built.files.find((file) => file.url.startsWith('/page-data/news/view/'))!
  const pagePath = article.url.replace(/^\/page-data/, '').replace(/\/page-data\.json$/, '')
  const oldHeading = await onlineHeading(pagePath)
  const newHeading = `${oldHeading} (revised)`
  const oldBody = await readFile(path.join(dist, article.url), 'utf8')
  const newBody = oldBody
    .split(JSON.stringify(oldHeading).slice(1, -1))
    .join(JSON.stringify(newHeading).slice(1, -1))
  expect(newBody).not.toBe(oldBody)
  const rebuilt: PageDataManifest = {
    ...built,
    buildId: 'next',
    files: built.files.map((file) =>
      file === article ? { ...file, hash: 'revised000000000', size: newBody.length } : file,
    ),
  }
  const fetched: string[] = []
  await context.route('**/page-data/**', async (route) => {
    const url = new URL(route.request().url()).pathname
    fetched.push(url)
    if (url === '/page-data/manifest.json') {
      await route.fulfill({ json: rebuilt, headers: { 'Cache-Control': 'no-cache' } })
    } else if (url === article.url) {
      await route.fulfill({ body: newBody, contentType: 'application/json' })
    } else {
      await route.continue()
    }
  })

  const second = await runBackgroundJobs(page)
  expect(second.offlineData).toEqual({
    mode: 'complete',
    downloaded: 1,
    bytes: Buffer.byteLength(newBody),
    unchanged: built.files.length - 1,
    removed: 0,
  })
  expect(fetched).toEqual(['/page-data/manifest.json', article.url])

  await context.setOffline(true)
  try {
    await page.goto(pagePath)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newHeading)
  } finally {
    await context.setOffline(false)
  }
})

test('a manual kept offline opens without a network until it is removed', async ({
  page,
  context,
  consoleErrors,
}) => {
  page.on('console', () => dropOfflineFailures(consoleErrors))
  await page.goto('/')
  await waitForServiceWorker(page)
  await runBackgroundJobs(page)
  const manualPath = '/manuals/keystone'
  const heading = await onlineHeading(manualPath)
  await page.goto(manualPath)
  await page.getByRole('button', { name: 'Keep offline' }).click()
  await expect(page.getByText('Kept on this device')).toBeVisible()

  // The other caches lose the manual (expiry, a new build): the kept copy still answers.
  await page.evaluate(async (pagePath) => {
    const origin = location.origin
    await (await caches.open('page-data')).delete(`${origin}/page-data${pagePath}/page-data.json`)
    await (await caches.open('pages')).delete(`${origin}${pagePath}`)
  }, manualPath)
  await context.setOffline(true)
  try {
    await page.goto(manualPath)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await page.goto('/manuals')
    await page.getByRole('link', { name: heading }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  } finally {
    await context.setOffline(false)
  }

  await page.goto(manualPath)
  await page.getByRole('button', { name: 'Remove from this device' }).click()
  await expect(page.getByRole('button', { name: 'Keep offline' })).toBeVisible()
  const kept = await page.evaluate(
    async () => (await (await caches.open('kept-offline')).keys()).length,
  )
  expect(kept).toBe(0)
})

test('the offline settings page shows what is stored, and clears it', async ({ page }) => {
  const files = (await manifest()).files
  await page.goto('/')
  await waitForServiceWorker(page)
  await runBackgroundJobs(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Saved offline' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved offline')
  const pageData = page.getByRole('row', { name: /^Page data/ })
  await expect(pageData).toContainText(`${files.length} files`)
  await expect(page.getByText(/In all, the store uses [\d.]+ [KMG]?B of this device/)).toBeVisible()

  await page.getByRole('button', { name: 'Clear offline data' }).click()
  await expect(pageData).toContainText('0 files')
  const left = await page.evaluate(async () =>
    (await caches.keys()).filter((n) => n === 'page-data'),
  )
  expect(left).toEqual([])
})
