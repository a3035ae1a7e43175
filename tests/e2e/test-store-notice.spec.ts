import { expect, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * While TEST_PAYMENTS is on (the fixtures' server sets it) every page says this is a test store:
 * prerendered or rendered by the app, reached by a link or opened directly. Without it no page
 * carries the notice: the server alone puts it in (server/site/test-store-notice.ts), and
 * server/routes/payment-providers.test.ts holds both, page by page.
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
