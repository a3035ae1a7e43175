import { bagItem as bag, newGuest, placeOrder, widths } from './checkout-fixtures.ts'
import { expect, test } from './fixtures.ts'
import { linkPath, openMailbox, type Mailbox } from './mailbox.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * A guest's second device (issue 30): a guest session opened with the e-mail address alone sees
 * the orders placed on its own device, not those of another; the mailed sign-in link proves the
 * address and brings them in.
 */

let mailbox: Mailbox

test.beforeAll(async () => {
  mailbox = await openMailbox()
})

test.afterAll(async () => {
  await mailbox.close()
})

test.use(widths[0].use)

test('a guest’s second device sees no earlier order until the mailed link is used, then sees it', async ({
  browser,
}) => {
  const email = newGuest('second-device')
  // The first device: a guest who orders a bag.
  const first = await browser.newContext({ ...widths[0].use })
  const signedIn = await first.request.post('/api/login-guest', {
    data: { email, remember: true },
  })
  expect(signedIn.status()).toBe(200)
  const bearer = ((await signedIn.json()) as { token: string }).token
  const id = await placeOrder(first.request, bearer, bag)
  const number = id.slice(0, 8).toUpperCase()
  await first.close()

  // The second device signs in as a guest with the same address, as a customer would.
  const second = await browser.newContext({ ...widths[0].use })
  const page = await second.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Orders from other devices' })).toBeVisible()
  await expect(page.getByText('No orders yet.')).toBeVisible()
  await expect(page.getByText(`Order ${number}`)).toHaveCount(0)

  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByText(/we have sent it an e-mail/)).toBeVisible()
  const mail = await mailbox.next(email, (m) => m.subject === 'Your Glidecraft sign-in link')
  await page.goto(linkPath(mail, '/LoginFromAdmin'))
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByTestId('order-list').getByRole('link')).toContainText([number])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await second.close()
})
