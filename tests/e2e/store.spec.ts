import { expect, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

test('the home page renders', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Suits and canopies for people who fly',
  )
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page).toHaveTitle(/Glidecraft/)
})

test('a product page renders the product from the API', async ({ page }) => {
  const apiResponse = page.waitForResponse((r) => r.url().includes('/api/product/corvid-2'))
  await page.goto('/wingsuits/corvid-2')
  expect((await apiResponse).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
  await expect(page.getByText(/-CUSTOM/).first()).toBeVisible()
  await expect(page.getByLabel('Price')).toHaveText(/^\$[\d,]+\.\d\d$/)
  await expect(page).toHaveTitle('Corvid 2 — Glidecraft')
})

test('navigating from a listing to a product stays in the app', async ({ page }) => {
  await page.goto('/wingsuits')
  await expect(page.getByRole('heading', { level: 1, name: 'Wingsuits' })).toBeVisible()
  await page.getByRole('link', { name: 'Corvid 2' }).click()
  await expect(page).toHaveURL(/\/wingsuits\/corvid-2$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
})

test('a marketing page opens in the app with its own title and description', async ({ page }) => {
  await page.goto('/')
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'About' })
    .click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1, name: 'About Glidecraft' })).toBeVisible()
  await expect(page).toHaveTitle('About Glidecraft — Glidecraft')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /workshop/)
})

test('the contact page offers its form and promises nothing still to come', async ({ page }) => {
  const response = await page.goto('/contact')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expect(page).toHaveTitle('Contact us — Glidecraft')
  const form = page.getByRole('region', { name: 'Write to us' })
  await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Coming to this page' })).toHaveCount(0)
})
