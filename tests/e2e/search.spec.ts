import type { Page } from '@playwright/test'
import {
  expect,
  expectFailedResource,
  runBackgroundJobs,
  test,
  waitForCatalogSnapshot,
  waitForServiceWorker,
} from './fixtures.ts'

// The app bar's search of products and guides (docs/catalog-and-content.md, "Search"), each test
// from a fresh profile: a first visit online, and offline after one visit.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

async function openSearch(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Search products and guides' }).click()
  const sheet = page.getByRole('dialog', { name: 'Search' })
  await expect(sheet.getByRole('searchbox', { name: 'Products and guides' })).toBeFocused()
  return sheet
}

test('a first visit finds a product by name from the app bar, and its guides apart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const sheet = await openSearch(page)
  await sheet.getByRole('searchbox').fill('corvid')
  const products = sheet.getByRole('region', { name: 'Products' })
  await expect(products.getByRole('link', { name: 'Corvid 2', exact: true })).toBeVisible()
  await expect(products.getByRole('link', { name: 'Corvid', exact: true })).toBeVisible()
  await expect(sheet.getByRole('status')).toContainText('match “corvid”')

  // A typo, and words that are a guide's subject as well as a product's.
  await sheet.getByRole('searchbox').fill('mision bag')
  await expect(products.getByRole('link').first()).toHaveText('Mission bag')
  await sheet.getByRole('searchbox').fill('packing')
  await expect(
    sheet.getByRole('region', { name: 'Guides' }).getByRole('link').first(),
  ).toBeVisible()

  await sheet.getByRole('searchbox').fill('corvid 2')
  await products.getByRole('link', { name: 'Corvid 2', exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use(phone)

  test('offline after one visit, the search finds products and guides from the device', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await waitForCatalogSnapshot(page)
    // The site's data download has saved the guides' search file too.
    await runBackgroundJobs(page)

    await context.setOffline(true)
    try {
      // The search's code was never loaded online: the worker's precache has it.
      const sheet = await openSearch(page)
      await sheet.getByRole('searchbox').fill('mission bag')
      const products = sheet.getByRole('region', { name: 'Products' })
      await expect(products.getByRole('link').first()).toHaveText('Mission bag')
      await sheet.getByRole('searchbox').fill('canopy')
      await expect(
        sheet.getByRole('region', { name: 'Guides' }).getByRole('link').first(),
      ).toBeVisible()
      await sheet.getByRole('searchbox').fill('ridge beanie')
      await products.getByRole('link', { name: 'Ridge beanie' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Ridge beanie' })).toBeVisible()
      // The live API was tried first; the browser logs that those requests failed.
      await page.waitForLoadState('networkidle')
      expectFailedResource(consoleErrors, 'offline')
    } finally {
      await context.setOffline(false)
    }
  })
})
