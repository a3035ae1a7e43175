import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, forgetOfflineFailures, test, waitForServiceWorker } from './fixtures.ts'

/*
 * The order screens (issue 16): the confirmation and the account's order list on a 390-pixel
 * phone, and an order page opened offline after a new build, showing the order as of its last
 * reading (end-to-end item 6).
 *
 * The orders are placed through the real calls as a guest checking out: guest sign-in, cart add,
 * shipping address, shipping option (not for a made-to-order suit), the waiver where the cart
 * asks for one, and submit. `POST /api/order/submit` and `create-order-signature` are the SUBMIT
 * change of issue 16: `placeOrder` below needs them.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<unknown> } }).axe
    return ((await axe.run(document)) as { violations: Violation[] }).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const bag = { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] }
const customSuit = {
  sku: 'CORVID2-CUSTOM',
  qty: 1,
  meta: [
    { key: 'color.body', value: 'n4D' },
    { key: 'measurement.units', value: 'metric' },
    { key: 'measurement.height', value: '182' },
    { key: 'accent', value: 'none' },
  ],
  child: [],
}
const address = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
}

/** A guest session for a fresh address; the page's cookie is set too (the app reads it). */
async function signInAsGuest(page: Page): Promise<string> {
  const res = await page.request.post('/api/login-guest', {
    data: { email: `orders-${randomUUID()}@example.com`, remember: true },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

interface CartAnswer {
  id: string
  is_mto?: boolean
  require_signature?: boolean
  signed?: boolean
  shipping?: unknown
}

/** One item ordered through the real calls, up to and including submit; the order's id. */
async function placeOrder(page: Page, bearer: string, item: object): Promise<string> {
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, {
      headers: { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data,
    })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
    return (await res.json()) as CartAnswer
  }
  let cart = await post('/api/order/add', item)
  cart = await post('/api/order/save-shipping-address', { address })
  if (!cart.is_mto) {
    cart = await post('/api/order/save-shipping-option', {
      carrier: 'usps',
      service_code: 'usps_priority',
      service_name: 'USPS Priority Mail (1–3 business days)',
    })
  }
  // SUBMIT: the waiver and submit below are the SUBMIT change's calls.
  if (cart.require_signature && !cart.signed)
    await post('/api/order/create-order-signature', { checkbox: 'on', name: 'Dana Flyer' })
  const submitted = (await post('/api/order/submit', { notes: '', optIn: false })) as {
    id: string
  }
  return submitted.id
}

test.describe('on a 390-pixel phone', () => {
  test.use(phone)

  test('the confirmation of a made-to-order suit: no payment due today, its production time', async ({
    page,
  }) => {
    const bearer = await signInAsGuest(page)
    const id = await placeOrder(page, bearer, customSuit)
    await page.goto(`/orders/confirmation/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
    await expect(page.getByTestId('no-payment-today')).toHaveText('No payment is due today.')
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
    await expect(page.getByTestId('production-time')).toHaveText(/^Made to order in \d/)
    await expect(page.getByTestId('order-number')).toHaveText(id.slice(0, 8).toUpperCase())
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(page)).toEqual([])

    // By keyboard: the way on is a link that Enter follows.
    await page.getByRole('link', { name: 'See your order' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/orders/${id}$`))
    await expect(page.getByTestId('order-status')).toHaveText('Submitted')
    await expect(page.getByTestId('order-history')).toContainText('Submitted')
  })

  test('the account lists the orders newest first, each leading to its page', async ({ page }) => {
    const bearer = await signInAsGuest(page)
    const first = await placeOrder(page, bearer, bag)
    const second = await placeOrder(page, bearer, customSuit)
    await page.goto('/account')
    const list = page.getByTestId('order-list')
    await expect(list.getByRole('link')).toHaveCount(2)
    await expect(list.getByRole('link').nth(0)).toContainText(second.slice(0, 8).toUpperCase())
    await expect(list.getByRole('link').nth(0)).toContainText('1 × Corvid 2')
    await expect(list.getByRole('link').nth(1)).toContainText('1 × Mission bag')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(page)).toEqual([])

    await list.getByRole('link').nth(1).click()
    await expect(page).toHaveURL(new RegExp(`/orders/${first}$`))
    await expect(page.getByRole('link', { name: 'Pay the balance' })).toHaveAttribute(
      'href',
      /^\/checkout\/[A-Za-z0-9_-]{43}$/,
    )
    await expect(page.getByTestId('production-time')).toHaveText('Ships from stock.')
    expect(await seriousViolations(page)).toEqual([])
  })
})

test('an order page opened offline after a new build shows the order as of its last reading', async ({
  page,
  context,
  consoleErrors,
}) => {
  const bearer = await signInAsGuest(page)
  const seen = await placeOrder(page, bearer, customSuit)
  const neverOpened = await placeOrder(page, bearer, bag)
  await page.goto(`/orders/${seen}`)
  await waitForServiceWorker(page)
  await expect(page.getByTestId('order-status')).toHaveText('Submitted')
  await expect(page.getByTestId('order-as-of')).toHaveCount(0)

  // A new build: the worker's bytes change, the page finds it, the customer reloads onto it.
  const swPath = 'dist/sw.js'
  const original = await readFile(swPath, 'utf8')
  await writeFile(swPath, `${original}\n// next release\n`)
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      await registration.update()
    })
    const prompt = page.getByRole('button', { name: 'Reload to update' })
    await expect(prompt).toBeVisible({ timeout: 15_000 })
    await Promise.all([page.waitForEvent('load'), prompt.click()])
    await expect(page.getByTestId('order-status')).toHaveText('Submitted')
  } finally {
    await writeFile(swPath, original)
  }
  // A new build busts the persisted query cache (as does its 24-hour expiry): it goes.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key !== 'cart-token') localStorage.removeItem(key)
    }
  })

  await context.setOffline(true)
  try {
    await page.goto(`/orders/${seen}`)
    await expect(page.getByTestId('order-as-of')).toContainText('as of')
    await expect(page.getByTestId('order-status')).toHaveText('Submitted')
    await expect(page.getByTestId('production-time')).toHaveText(/^Made to order in \d/)
    await expect(page.getByTestId('order-history')).toContainText('Submitted')

    // An order never opened on this device says so, and is no error page.
    await page.goto(`/orders/${neverOpened}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Order ${neverOpened.slice(0, 8).toUpperCase()}`,
    )
    await expect(page.getByTestId('order-not-kept')).toContainText('has not saved this order')
  } finally {
    await context.setOffline(false)
  }
  forgetOfflineFailures(consoleErrors)
})
