import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { orderNumber } from '../../contract/order-number.ts'
import { usAddress } from '../order-fixtures.ts'
import { bagItem, customSuitItem, newGuest, placeOrder } from './checkout-fixtures.ts'
import {
  expect,
  expectFailedResource,
  seriousViolations,
  test,
  waitForServiceWorker,
} from './fixtures.ts'
import { openMailbox, type Mailbox } from './mailbox.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
// A server of its own (a storeEnv of its own gives a worker of its own, as wcag.spec.ts has): its
// sign-ins and guest sessions from 127.0.0.1 would otherwise count against the shared server's
// limits per address (server/services/throttle.ts) for the specs after it, which a CI run met
// (429 on the next spec's sign-in).
test.use({ storeEnv: { LOG_LEVEL: 'error' } })

/*
 * The back office (issue 33) on a 390-pixel phone, as the demo admin (DEMO_ACCOUNTS) runs the
 * shop from it: a made-to-order suit moved into production and shipped with its tracking number,
 * which the customer's order page and mail then say; a part refund the customer's order shows; a
 * dealer's payout marked paid, which the dealer sees; a code for one use made and used once; the
 * dashboard's figures against the orders the list holds; every screen through axe; and the queue
 * opened with no network. Orders are placed through the real calls (a guest checking out by API).
 */

const ADMIN = { email: 'admin@example.com', password: 'flyfast-demo' }
const DEALER = { email: 'dealer@example.com', password: 'flyfast-demo' }

let mailbox: Mailbox
test.beforeAll(async () => {
  mailbox = await openMailbox()
})
test.afterAll(async () => {
  await mailbox.close()
})

async function apiSignIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/login', { data: { ...who, remember: false } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** A guest of a fresh address: its e-mail and bearer token. */
async function newGuestSession(request: APIRequestContext, who: string) {
  const email = newGuest(who)
  const res = await request.post('/api/login-guest', { data: { email, remember: true } })
  expect(res.status()).toBe(200)
  return { email, bearer: ((await res.json()) as { token: string }).token }
}

/** The admin signs in on the back office's own sign-in screen. */
async function signInToBackOffice(page: Page, path = '/admin') {
  await page.goto(path)
  // The back office's code comes with its first page (it is not precached): on a loaded machine
  // that takes more than the default few seconds.
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByLabel('E-mail address').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible()
}

const post = (request: APIRequestContext, bearer: string, path: string, data: object) =>
  request.post(path, {
    headers: { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': `e2e-${randomUUID()}` },
    data,
  })

/** Nothing on the phone runs off the side of the screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

test('a made-to-order suit goes into production and ships with its tracking number; the customer’s order page and mail say so', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const customer = await newGuestSession(request, 'queue')
  const id = await placeOrder(request, customer.bearer, customSuitItem)
  const number = orderNumber(id)

  await signInToBackOffice(page, '/admin/queue')
  await expect(page.getByRole('heading', { name: 'Made-to-order queue', level: 1 })).toBeVisible()
  const card = page.getByTestId('queue-card').filter({ hasText: number })
  await expect(card).toBeVisible()
  await expectNoSideScroll(page)

  await card.getByRole('button', { name: /^Start production/ }).click()
  await expect(card.getByRole('status')).toContainText(/production/i)
  await expect(card.getByRole('button', { name: /^Mark shipped/ })).toBeVisible()

  await card.getByRole('button', { name: `Mark shipped… (order ${number})` }).click()
  const tracking = `1Z999AA1${Date.now().toString().slice(-8)}`
  await card.getByLabel('Tracking number or note').fill(tracking)
  await card.getByRole('button', { name: `Mark shipped (order ${number})` }).click()
  // A shipped suit leaves the board, and the board says what happened.
  await expect(page.getByRole('status').filter({ hasText: number })).toBeVisible()
  await expect(page.getByTestId('queue-card').filter({ hasText: number })).toHaveCount(0)

  // The customer's own order page, on their device.
  const device = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  await device.addCookies([{ name: 'authToken', value: customer.bearer, url: baseURL! }])
  const mine = await device.newPage()
  await mine.goto(`/orders/${id}`)
  await expect(mine.getByText(tracking)).toBeVisible()
  await expect(mine.getByText(/Shipped/).first()).toBeVisible()
  await device.close()

  const mail = await mailbox.next(customer.email, (m) => m.text.includes(tracking))
  expect(mail.subject).toMatch(/shipped/i)
})

test('a part refund goes back once, and the customer’s order shows it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const customer = await newGuestSession(request, 'refund')
  const id = await placeOrder(request, customer.bearer, bagItem)
  const paid = await post(request, customer.bearer, `/api/payment/braintree/${id}`, {
    nonce: 'fake-valid-nonce',
  })
  expect(paid.status(), await paid.text()).toBe(200)

  await signInToBackOffice(page, `/admin/orders/${id}`)
  await expect(page.getByRole('heading', { name: `Order ${orderNumber(id)}` })).toBeVisible()
  await page.getByLabel('Part of it').check()
  await page.getByLabel(/^Amount to refund/).fill('5.00')
  await page.getByRole('button', { name: 'Refund this amount…' }).click()
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(dialog).toContainText('$5.00')
  await dialog.getByRole('button', { name: /^Refund \$5\.00/ }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /refund/i })
      .first(),
  ).toBeVisible()
  await expectNoSideScroll(page)

  const device = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  await device.addCookies([{ name: 'authToken', value: customer.bearer, url: baseURL! }])
  const mine = await device.newPage()
  await mine.goto(`/orders/${id}`)
  const amounts = mine.getByTestId('order-amounts')
  await expect(amounts.getByText('Refunded', { exact: true })).toBeVisible()
  await expect(amounts.getByText('−$5.00')).toBeVisible()
  await device.close()

  // One refund of $5.00 on the server, whatever the screen did.
  const order = await request.get(`/api/order/get-submitted-order/${id}`, {
    headers: { Authorization: `Bearer ${customer.bearer}` },
  })
  expect(((await order.json()) as { refunded: number }).refunded).toBe(500)
})

test('a dealer’s payout request is marked paid, and the dealer sees it paid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const dealer = await apiSignIn(request, DEALER)
  const notes = `Back office e2e ${randomUUID().slice(0, 8)}`
  const asked = await post(request, dealer, '/api/payment/commission-balance', {
    amount: 100,
    notes,
  })
  expect(asked.status(), await asked.text()).toBe(200)

  await signInToBackOffice(page, '/admin/dealers')
  await page
    .getByRole('link', { name: /Fjordline Air Sports|Dana Dealer/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const payout = page.getByRole('listitem').filter({ hasText: notes })
  await payout.getByRole('button', { name: /^Mark paid/ }).click()
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(dialog).toContainText('$1.00')
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(payout.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0)

  const device = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  await device.addCookies([{ name: 'authToken', value: dealer, url: baseURL! }])
  const portal = await device.newPage()
  await portal.goto('/account')
  const seen = portal.getByTestId('dealer-payouts').getByRole('listitem').filter({ hasText: notes })
  await expect(seen).toContainText('Paid')
  await device.close()
})

test('a code for one use is made in the back office and used once', async ({ page, request }) => {
  const code = `ONCE${Date.now().toString(36).toUpperCase()}`
  await signInToBackOffice(page, '/admin/codes/new')
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByLabel('Description').fill('One order only, 10 % off')
  await page.getByLabel('A percent off').check()
  await page.getByLabel(/^Percent off/).fill('10')
  await page.getByLabel('Uses allowed (optional)').fill('1')
  await page.getByRole('button', { name: 'Create the code' }).click()
  await expect(page.getByRole('status').filter({ hasText: /created/i })).toBeVisible()
  await expectNoSideScroll(page)

  const first = await newGuestSession(request, 'code-first')
  const used = await placeOrderWithCode(request, first.bearer, code)
  expect(used.status, used.body).toBe(200)
  const second = await newGuestSession(request, 'code-second')
  const refused = await placeOrderWithCode(request, second.bearer, code)
  expect(refused.status).toBe(422)
  expect(refused.body).toContain(`“${code}” is not a discount code this cart can use.`)

  await page.goto('/admin/codes')
  await expect(page.getByRole('link', { name: code })).toBeVisible()
  await page.getByRole('link', { name: code }).click()
  await expect(page.getByRole('link', { name: orderNumber(used.orderId!) })).toBeVisible()
})

/** A bag with `code` on it, submitted: the add-discount call's answer, and the order's id. */
async function placeOrderWithCode(request: APIRequestContext, bearer: string, code: string) {
  const call = async (path: string, data: object) => {
    const res = await post(request, bearer, path, data)
    return { status: res.status(), body: await res.text() }
  }
  const added = await call('/api/order/add', bagItem)
  expect(added.status, added.body).toBe(200)
  const cart = JSON.parse(added.body) as { id: string }
  const discounted = await call(`/api/order/${cart.id}/add-discount`, { discount_codes: code })
  if (discounted.status !== 200) return { ...discounted, orderId: undefined }
  for (const [path, data] of [
    ['/api/order/save-shipping-address', { address: usAddress }],
    [
      '/api/order/save-shipping-option',
      {
        carrier: 'usps',
        service_code: 'usps_priority',
        service_name: 'USPS Priority Mail (1–3 business days)',
      },
    ],
  ] as const) {
    const step = await call(path, data)
    expect(step.status, step.body).toBe(200)
  }
  const submitted = await call('/api/order/submit', { notes: '', optIn: false })
  expect(submitted.status, submitted.body).toBe(200)
  return { ...discounted, orderId: (JSON.parse(submitted.body) as { id: string }).id }
}

test('the dashboard’s figures are those of the orders the list holds', async ({
  page,
  request,
}) => {
  await signInToBackOffice(page)
  const admin = await apiSignIn(request, ADMIN)
  const today = new Date()
  const to = today.toISOString().slice(0, 10)
  const from = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10)
  let orders = 0
  let sales = 0
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await request.get('/api/admin/orders', {
      headers: { Authorization: `Bearer ${admin}` },
      params: { from, to, per_page: 50, page: pageNumber },
    })
    expect(res.status()).toBe(200)
    const listed = (await res.json()) as {
      orders: { status: string; currency: string; total: number }[]
      has_more: boolean
    }
    for (const order of listed.orders) {
      if (order.status === 'cancelled' || order.currency !== 'USD') continue
      orders++
      sales += order.total
    }
    if (!listed.has_more) break
  }
  expect(orders).toBeGreaterThan(0)

  await page.goto('/admin')
  const figure = (name: string) =>
    page.locator('.dash-summary-item').filter({ has: page.getByText(name, { exact: true }) })
  await expect(figure('Orders').locator('dd')).toHaveText(String(orders))
  const dollars = (sales / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  })
  await expect(figure('Sales').locator('dd')).toHaveText(dollars)
  await expectNoSideScroll(page)
})

test('every back-office screen passes axe’s WCAG 2.2 AA rules at 390 px', async ({
  page,
  request,
}) => {
  const customer = await newGuestSession(request, 'axe')
  const id = await placeOrder(request, customer.bearer, customSuitItem)
  await signInToBackOffice(page)
  const admin = await apiSignIn(request, ADMIN)
  const dealers = (await (
    await request.get('/api/admin/dealers', { headers: { Authorization: `Bearer ${admin}` } })
  ).json()) as { dealers: { id: string }[] }
  const screens = [
    ['/admin', 'Dashboard'],
    ['/admin/orders', 'Orders'],
    [`/admin/orders/${id}`, `Order ${orderNumber(id)}`],
    [`/admin/orders/${id}?print=slip`, /Packing slip/],
    [`/admin/orders/${id}?print=invoice`, /Invoice/],
    ['/admin/queue', 'Made-to-order queue'],
    ['/admin/customers', 'Customers'],
    ['/admin/dealers', 'Dealers'],
    [`/admin/dealers/${dealers.dealers[0]!.id}`, undefined],
    ['/admin/codes', 'Discount codes'],
    ['/admin/codes/new', undefined],
    ['/admin/codes/SPRING', undefined],
  ] as const
  for (const [path, heading] of screens) {
    await page.goto(path)
    if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(/^Loading|^Reading/)).toHaveCount(0)
    expect(await seriousViolations(page), path).toEqual([])
    await expectNoSideScroll(page)
  }
})

test('offline, the queue and the last orders seen open as of when they were read, and an action says it needs the network', async ({
  page,
  request,
  context,
  consoleErrors,
}) => {
  const customer = await newGuestSession(request, 'offline-queue')
  const id = await placeOrder(request, customer.bearer, customSuitItem)
  const number = orderNumber(id)
  await signInToBackOffice(page, '/admin/queue')
  await expect(page.getByTestId('queue-card').filter({ hasText: number })).toBeVisible()
  await page.getByRole('link', { name: 'Orders', exact: true }).click()
  const ordersHeading = page.getByRole('heading', { name: 'Orders', level: 1 })
  const orderLink = page.getByRole('link', { name: new RegExp(`^Order ${number} `) })
  await expect(ordersHeading).toBeVisible()
  await expect(orderLink).toBeVisible()

  // The back office's code is not in the customer's precache: the worker keeps it once it has
  // passed through it (the first visit's came before the worker was in control).
  await waitForServiceWorker(page)
  await page.reload()
  await expect(ordersHeading).toBeVisible()
  await expect(orderLink).toBeVisible()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/Offline:\s*as of/)).toBeVisible()
  await expect(ordersHeading).toBeVisible()
  await expect(orderLink).toBeVisible()
  await page.getByRole('link', { name: 'Queue', exact: true }).click()
  await expect(page.getByText(/Offline:\s*as of/)).toBeVisible()
  const card = page.getByTestId('queue-card').filter({ hasText: number })
  await expect(card).toBeVisible()
  await expect(card.getByText(/needs the network/i).first()).toBeVisible()
  // The reads the device answered for are logged by Chromium as failed requests.
  expectFailedResource(consoleErrors, 'offline')
  // Nothing moved: the order is as it was on the server.
  await context.setOffline(false)
  const order = await request.get(`/api/order/get-submitted-order/${id}`, {
    headers: { Authorization: `Bearer ${customer.bearer}` },
  })
  expect(((await order.json()) as { status: string }).status).toBe('submitted')
})

test('a dealer sees no back office, and its pages are kept out of search engines', async ({
  page,
  request,
  baseURL,
}) => {
  const dealer = await apiSignIn(request, DEALER)
  await page.context().addCookies([{ name: 'authToken', value: dealer, url: baseURL! }])
  await page.goto('/admin/orders')
  await expect(page.getByText('This part of the shop is for its admins and staff.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0)
  const res = await request.get('/api/admin/orders', {
    headers: { Authorization: `Bearer ${dealer}` },
  })
  expect(res.status()).toBe(403)
  const page404 = await request.get('/admin/orders')
  expect(page404.headers()['x-robots-tag']).toBe('noindex, nofollow')
})
