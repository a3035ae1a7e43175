import { expect, test } from './fixtures.ts'
import { startStoreServer, workerPorts, type StoreServer } from './store-server.ts'

/*
 * While TEST_PAYMENTS is on (the fixtures' server sets it) every page says this is a test store:
 * prerendered or rendered by the app, reached by a link or opened directly. A second server on
 * the same build without TEST_PAYMENTS shows no notice anywhere.
 */

const pages = ['/', '/wingsuits/corvid-2', '/cart', '/checkout', '/account']
const notice = 'This is a test store: payments here are tests, and no real payment is taken.'

test('the test store’s notice is on every kind of page while test payments are on', async ({
  page,
}) => {
  for (const path of pages) {
    await page.goto(path)
    await expect(page.getByRole('note').filter({ hasText: notice }), path).toBeVisible()
  }
  // A page the app renders after a client-side navigation keeps it (it is outside the app).
  await page.goto('/')
  await page.getByRole('link', { name: /cart/i }).first().click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText(notice)).toBeVisible()
})

test.describe('without TEST_PAYMENTS', () => {
  let server: StoreServer

  test.beforeAll(async ({ storeStaticDir }, testInfo) => {
    testInfo.setTimeout(180_000)
    // Ports of their own, clear of every worker's fixture server.
    server = await startStoreServer(workerPorts(testInfo.parallelIndex + 50), {
      staticDir: storeStaticDir,
      env: { TEST_PAYMENTS: 'false' },
    })
  })
  test.afterAll(async () => server?.stop())

  test('no page shows the notice', async ({ page }) => {
    for (const path of pages) {
      await page.goto(`${server.origin}${path}`)
      await expect(page.locator('#app')).not.toBeEmpty()
      await expect(page.getByText(notice), path).toHaveCount(0)
    }
  })
})
