import { chromium } from '@playwright/test'
import {
  expect,
  expectFailedResource,
  reloadOntoNewBuild,
  test,
  waitForCatalogSnapshot,
  waitForServiceWorker,
  withNewBuild,
} from './fixtures.ts'

test('Chromium reports the app installable', async ({ browserName, baseURL }, testInfo) => {
  expect(browserName).toBe('chromium')
  // Installability is not reported in incognito contexts: use a real profile.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
  })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
  } finally {
    await context.close()
  }
})

test('visited pages work offline after the service worker installs', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/wingsuits/corvid-2')
  await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
  // The visit is over once the page's own requests (production times among them) are done.
  await page.waitForLoadState('networkidle')

  await context.setOffline(true)
  try {
    const product = await page.reload()
    expect(product?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

    await page.goto('/')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Suits and canopies for people who fly',
    )
    // The home page asks the network for nothing the worker cannot answer: the catalog snapshot
    // is the worker's job, so an offline start logs no failed request (the fixture checks).
    await page.waitForLoadState('networkidle')
  } finally {
    await context.setOffline(false)
  }
})

test('a new version waits until the visitor chooses to reload', async ({ page, storeServer }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  )
  expect(firstWorker).toMatch(/\/sw\.js$/)

  // Deploy a new build of the worker, then let the page find it.
  await withNewBuild(storeServer, () => reloadOntoNewBuild(page))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0)
})

test('the store and a product page never visited render offline from the catalog snapshot', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await waitForCatalogSnapshot(page)

  await context.setOffline(true)
  try {
    await page.goto('/wingsuits/a5')
    await expect(page.getByRole('heading', { level: 1, name: 'A5' })).toBeVisible()
    await expect(page.getByText('A5-CUSTOM').first()).toBeVisible()
    await page.goto('/trackingsuits')
    await expect(page.getByRole('link', { name: 'Flux' })).toBeVisible()
    await page.goto('/store')
    await expect(page.getByRole('link', { name: 'Corvid 2' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Flux' }).first()).toBeVisible()
    // The live API was tried first; the browser logs that those requests failed.
    await page.waitForLoadState('networkidle')
    expectFailedResource(consoleErrors, 'offline')
  } finally {
    await context.setOffline(false)
  }
})
