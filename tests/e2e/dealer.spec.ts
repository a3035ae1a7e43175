import type { Page } from '@playwright/test'
import { expect, expectFailedResource, test } from './fixtures.ts'

/*
 * The dealer portal (issue 17) on a 390-pixel phone: the demo dealer (DEMO_ACCOUNTS) signs in and
 * finds its customers, their orders and its balance in the account; it asks for a payout and
 * sees the balance and the ledger change, then changes the request. Other specs may add orders of
 * the demo customer (the demo dealer's), so amounts are read from the screen before they change.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

/** "$1,234.56" or "-$12.00" in minor units. */
function minorOf(text: string): number {
  const match = /(-?)\$([\d,]+)\.(\d\d)/.exec(text)
  if (!match) throw new Error(`no amount in "${text}"`)
  const units = Number(`${match[2]!.replaceAll(',', '')}${match[3]}`)
  return match[1] ? -units : units
}

const balance = async (page: Page) =>
  minorOf((await page.getByTestId('dealer-balance').textContent()) ?? '')

async function signInAsDealer(page: Page) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill('dealer@example.com')
  await page.getByLabel('Password', { exact: true }).fill('flyfast-demo')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Signed in as Dana Dealer')).toBeVisible()
  if (!page.url().endsWith('/account')) await page.goto('/account')
}

test('the demo dealer sees its customers, their orders and its balance; a payout request changes the balance and the ledger', async ({
  page,
  consoleErrors,
}) => {
  await signInAsDealer(page)
  const portal = page.getByTestId('dealer-portal')
  await expect(portal).toBeVisible()
  await expect(page.getByText('Fjordline Air Sports', { exact: true })).toBeVisible()

  const customers = page.getByTestId('dealer-customers')
  await expect(customers.getByText('Casey Customer')).toBeVisible()
  await expect(customers.getByText('Kari Nordmann')).toBeVisible()
  await expect(page.getByRole('link', { name: /\/login\?mode=register&dealer=/ })).toBeVisible()

  const orders = page.getByTestId('dealer-orders').getByRole('listitem')
  expect(await orders.count()).toBeGreaterThanOrEqual(3)
  await expect(
    page.getByTestId('dealer-orders').getByText('Kari Nordmann, placed by you').first(),
  ).toBeVisible()
  await expect(
    page.getByTestId('dealer-orders').getByText(/Commission \$149\.00, earned/),
  ).toBeVisible()

  const before = await balance(page)
  expect(before).toBeGreaterThanOrEqual(12_100)
  const ledger = page.getByTestId('dealer-ledger').getByRole('listitem')
  const entries = await ledger.count()

  // Nothing on the phone runs off the side of the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // Too much is refused under the field, and what was typed stays.
  const amount = page.locator('#payout-new-amount')
  await amount.fill(String(before / 100 + 1))
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByText('The amount is more than your available balance')).toBeVisible()
  await expect(amount).toHaveValue(String(before / 100 + 1))
  expectFailedResource(consoleErrors, 422)
  expect(await balance(page)).toBe(before)

  await amount.fill('21.00')
  await page.locator('#payout-new-notes').fill('To the shop account, please.')
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByText('Sent. Your balance and ledger below show it.')).toBeVisible()
  await expect.poll(() => balance(page)).toBe(before - 2_100)
  await expect(ledger).toHaveCount(entries + 1)
  await expect(ledger.first()).toContainText('Payout requested')
  await expect(ledger.first()).toContainText('-$21.00')
  const request = page.getByTestId('dealer-payouts').getByRole('listitem').first()
  await expect(request).toContainText('$21.00')
  await expect(request).toContainText('Requested: waiting for the shop')
  await expect(request).toContainText('To the shop account, please.')

  // A request not yet paid may change: the difference comes back to the balance.
  await request.getByRole('button', { name: 'Change this request' }).click()
  await request.getByLabel('Amount (USD)').fill('11')
  await request.getByRole('button', { name: 'Save the change' }).click()
  await expect.poll(() => balance(page)).toBe(before - 1_100)
  await expect(ledger.first()).toContainText('Payout changed')
  await expect(ledger.first()).toContainText('$10.00')

  // The server agrees after a reload.
  await page.reload()
  await expect.poll(() => balance(page)).toBe(before - 1_100)
  await expect(page.getByTestId('dealer-payouts').getByRole('listitem').first()).toContainText(
    '$11.00',
  )
})

test('a customer sees no dealer portal', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill('customer@example.com')
  await page.getByLabel('Password', { exact: true }).fill('flyfast-demo')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Signed in as Casey Customer')).toBeVisible()
  if (!page.url().endsWith('/account')) await page.goto('/account')
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible()
  await expect(page.getByTestId('dealer-portal')).toHaveCount(0)
})
