import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'
import { bag, customSuit, usAddress } from '../order-fixtures.ts'

/*
 * What the checkout, payment and order tests share: the two products they buy, the demo
 * customer, the checkout's steps as a customer goes through them, and orders placed through the
 * real calls (a guest checking out by API) when a test is about what comes after the submit.
 */

export const BAG = { path: '/equipment/mission-bag', name: 'Mission bag' }
export const SUIT = { path: '/wingsuits/corvid-2', name: 'Corvid 2' }
export const CUSTOMER = { email: 'customer@example.com', password: 'flyfast-demo' }

/** The widths every checkout journey holds at (issue 16): a 390-pixel phone and a desktop. */
export const widths = [
  {
    name: 'on a 390-pixel phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { name: 'at desktop width', use: { viewport: { width: 1280, height: 800 } } },
] as const

/** A fresh address per test and run: the server's database lives for the whole run. */
export function newGuest(who = 'checkout'): string {
  return `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}

export async function addBag(page: Page) {
  await page.goto(BAG.path)
  const form = page.getByRole('form', { name: `Order the ${BAG.name}` })
  await expect(form.getByRole('button', { name: 'Add to order' })).toBeEnabled()
  await form.getByRole('button', { name: 'Add to order' }).click()
  await expect(form.getByRole('status')).toContainText(BAG.name)
}

/** A Corvid 2 in size L, which is not in stock: sewn to order (is_mto), nothing due today. */
export async function addMadeToOrderSuit(page: Page) {
  // The demo account's carts may have been merged by earlier tests: the overlay that says so is
  // closed whenever it shows.
  const merged = page.getByRole('dialog', { name: 'Your carts were merged' })
  await page.addLocatorHandler(merged, () => merged.getByRole('button', { name: 'Close' }).click())
  await page.goto(`${SUIT.path}#design`)
  const section = page.getByRole('region', { name: `Design your ${SUIT.name}` })
  await section.getByLabel(/^Corvid 2, size L/).check()
  await section.getByRole('button', { name: 'Add to order' }).click()
  await expect(section.getByRole('status').filter({ hasText: /^Added/ })).toBeFocused()
}

/** The heading of the checkout's current step. */
export function step(page: Page) {
  return page.locator('#checkout-step-heading')
}

export async function fillAddress(page: Page, address: Record<string, string>) {
  const form = page.getByRole('group', { name: 'Shipping address' })
  for (const [label, value] of Object.entries(address)) {
    if (label === 'Country') await form.getByLabel('Country').selectOption(value)
    else await form.getByLabel(label, { exact: false }).first().fill(value)
  }
}

/** A US address the store ships to, by the address form's labels. */
export const eloy = {
  'Full name': 'Dana Flyer',
  'Street address': '1200 Skydive Lane',
  'City or town': 'Eloy',
  Country: 'US',
  'State, province or region': 'AZ',
  'Postal code': '85131',
}

/**
 * A guest buys the bag through the checkout's screens up to the payment step: the cart's way on,
 * the guest sign-in, the address, the first shipping method, submit. Answers the payment region.
 */
export async function guestToPayment(page: Page, email: string) {
  await addBag(page)
  await page.goto('/cart')
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(step(page)).toHaveText('Sign in, or continue as a guest')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')
  // The sign-in merged the device's cart into the guest's: wait until the device has read it.
  await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(BAG.name)
  await fillAddress(page, eloy)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('How should it travel?')
  await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('Submit your order and pay')
  await page.getByRole('button', { name: 'Submit and go to payment' }).click()
  const payment = page.getByRole('region', { name: 'Payment' })
  await expect(payment.getByText('no card is charged and no money moves')).toBeVisible()
  return payment
}

/** Picks a test card by its number and pays with it. */
export async function payWithTestCard(payment: ReturnType<Page['getByRole']>, number: string) {
  await payment.getByLabel(new RegExp(number)).check()
  await payment.getByRole('button', { name: /with the test card$/ }).click()
}

export const APPROVED_CARD = '4111 1111 1111 1111'
export const DECLINED_CARD = '4000 1111 1111 1115'

// Orders placed through the real calls.

export { bag as bagItem, customSuit as customSuitItem }

/**
 * A guest session for a fresh address. Through a page's request context its cookie is the
 * page's too (the app reads it); through the `request` fixture the browser stays signed out.
 */
export async function signInAsGuest(request: APIRequestContext, who = 'orders'): Promise<string> {
  const res = await request.post('/api/login-guest', {
    data: { email: newGuest(who), remember: true },
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
export async function placeOrder(
  request: APIRequestContext,
  bearer: string,
  item: object,
): Promise<string> {
  const post = async (path: string, data: object) => {
    const res = await request.post(path, {
      headers: { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data,
    })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
    return (await res.json()) as CartAnswer
  }
  let cart = await post('/api/order/add', item)
  cart = await post('/api/order/save-shipping-address', { address: usAddress })
  if (!cart.is_mto) {
    cart = await post('/api/order/save-shipping-option', {
      carrier: 'usps',
      service_code: 'usps_priority',
      service_name: 'USPS Priority Mail (1–3 business days)',
    })
  }
  if (cart.require_signature && !cart.signed)
    await post('/api/order/create-order-signature', { checkbox: 'on', name: 'Dana Flyer' })
  const submitted = (await post('/api/order/submit', { notes: '', optIn: false })) as {
    id: string
  }
  return submitted.id
}

export interface OrderAsRead {
  id: string
  status: string
  total: number
  paid: number
  balance: number
  payment_due: boolean
  payment_code: string
  history: { status: string; note: string | null }[]
}

/** The order as its owner reads it (get-submitted-order). */
export async function readOrder(
  request: APIRequestContext,
  bearer: string,
  id: string,
): Promise<OrderAsRead> {
  const res = await request.get(`/api/order/get-submitted-order/${id}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as OrderAsRead
}
