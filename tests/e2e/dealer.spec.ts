import type { Page } from '@playwright/test'
import { orderNumber } from '../../contract/order-number.ts'
import { BAG, addBag, eloy, fillAddress, step } from './checkout-fixtures.ts'
import { expect, expectFailedResource, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

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
  // The orders arrive after the customers: wait for them, not for the first look.
  await expect.poll(() => orders.count()).toBeGreaterThanOrEqual(3)
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

  // Every amount is whole on one line: one box, never "$100.0" then "0" (an inline element that
  // wraps has a box per line).
  const amounts = portal.locator('.dealer-amount')
  expect(await amounts.count()).toBeGreaterThanOrEqual(5)
  for (const rects of await amounts.evaluateAll((elements) =>
    elements.map((element) => `${element.textContent}: ${element.getClientRects().length}`),
  ))
    expect(rects).toMatch(/: 1$/)

  // Nothing to press in the portal is under 24 x 24 px (WCAG 2.5.8).
  for (const control of await portal.locator('a[href], button, input, textarea').all()) {
    const box = await control.boundingBox()
    expect(
      Math.min(box!.width, box!.height),
      await control.evaluate((e) => e.outerHTML),
    ).toBeGreaterThanOrEqual(24)
  }

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
  // The result shows where the dealer is looking: focused, read out, on screen.
  await expect(page.getByText('Sent. Your balance and ledger below show it.')).toBeFocused()
  await expect(page.getByText('Sent. Your balance and ledger below show it.')).toBeInViewport()
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

  // Nor a choice of whom an order is for at the checkout.
  await addBag(page)
  await page.goto('/checkout')
  await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(BAG.name)
  await expect(step(page)).toBeVisible()
  await expect(page.getByRole('group', { name: 'This order is for' })).toHaveCount(0)
  // The demo customer's cart is left as it was found for the specs after this one.
  await page.goto('/cart')
  await page.getByRole('button', { name: `Remove ${BAG.name}` }).click()
  await expect(page.getByRole('button', { name: `Remove ${BAG.name}` })).toHaveCount(0)
})

test('the demo dealer places an order for a customer through the checkout: the order and the commission say so', async ({
  page,
  context,
}) => {
  await signInAsDealer(page)
  await addBag(page)
  await page.goto('/cart')
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')

  // "This order is for": Myself, then each customer with its e-mail; a radio group, thumb-sized.
  const placeFor = page.getByRole('group', { name: 'This order is for' })
  await expect(placeFor.getByRole('radio', { name: 'Myself' })).toBeChecked()
  const kari = placeFor.getByRole('radio', { name: /Kari Nordmann/ })
  await expect(placeFor.getByText('kari@example.com')).toBeVisible()
  const row = await placeFor.locator('label').filter({ hasText: 'Kari Nordmann' }).boundingBox()
  expect(row!.height).toBeGreaterThanOrEqual(44)
  await kari.check()
  await expect(placeFor.getByTestId('place-for-status')).toHaveText(
    /^Placed by you for Kari Nordmann \(kari@example\.com\)/,
  )

  // The server is the truth: a reload reads the choice back from the cart.
  await page.reload()
  await expect(kari).toBeChecked()

  // Offline the choice cannot change, and the screen says so instead of pretending.
  await context.setOffline(true)
  await placeFor.getByRole('radio', { name: 'Myself' }).click()
  await expect(placeFor.getByRole('alert')).toHaveText(
    'No network: whom this order is for was not changed. It is still for Kari Nordmann (kari@example.com); choose again once you are online.',
  )
  await expect(kari).toBeChecked()
  await context.setOffline(false)

  // The dealer types the address it ships to (the customer's saved ones are not the dealer's).
  await fillAddress(page, { ...eloy, 'Full name': 'Kari Nordmann' })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('How should it travel?')
  // Shown at every step.
  await expect(kari).toBeChecked()
  await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('Submit your order and pay')
  await expect(kari).toBeChecked()
  await page.getByRole('button', { name: 'Submit and go to payment' }).click()
  const submitted = page.getByRole('heading', { name: 'Your order is submitted' })
  await expect(submitted).toBeVisible()
  const text = (await page.locator('.checkout-done p').first().textContent()) ?? ''
  // The order by its number, as the screens and the mail give it; its id from the dealer's list.
  const number = /Order ([0-9A-F]{8})\b/.exec(text)?.[1]
  expect(number, text).toBeTruthy()
  const bearer = (await page.context().cookies()).find((c) => c.name === 'authToken')?.value
  const listed = await page.request.get('/api/order/get-orders?dealer_orders=true&per_page=50', {
    headers: { Authorization: `Bearer ${bearer}` },
  })
  const { orders } = (await listed.json()) as { orders: { id: string }[] }
  const id = orders.find((candidate) => orderNumber(candidate.id) === number)?.id
  expect(id, number).toBeTruthy()

  // Not paid yet: in the dealer's orders, for Kari, placed by the dealer, its commission pending.
  await page.goto('/account')
  const order = page
    .getByTestId('dealer-orders')
    .getByRole('listitem')
    .filter({ hasText: `Order ${number!}` })
  await expect(order).toContainText(BAG.name)
  await expect(order).toContainText('Kari Nordmann, placed by you')
  await expect(order).toContainText(/Commission \$\d+\.\d\d, due when paid/)

  // The order's page says for whom it was placed.
  await page.goto(`/orders/${id!}`)
  await expect(page.getByTestId('order-placed-for')).toHaveText(
    'Placed by you for Kari Nordmann (kari@example.com).',
  )
  await page.goto(`/orders/confirmation/${id!}`)
  await expect(page.getByTestId('order-placed-for')).toHaveText(
    'Placed by you for Kari Nordmann (kari@example.com).',
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The next cart is the dealer's own again.
  await addBag(page)
  await page.goto('/checkout')
  await expect(
    page.getByRole('group', { name: 'This order is for' }).getByRole('radio', { name: 'Myself' }),
  ).toBeChecked()
})
