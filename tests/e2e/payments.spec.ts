import type { Page } from '@playwright/test'
import { orderNumber } from '../../contract/order-number.ts'
import {
  APPROVED_CARD,
  BAG,
  DECLINED_CARD,
  bagItem,
  customSuitItem,
  guestToPayment,
  newGuest,
  payWithTestCard,
  placeOrder,
  readOrder,
  signInAsGuest,
  widths,
} from './checkout-fixtures.ts'
import { expect, expectFailedResource, seriousViolations, test } from './fixtures.ts'
import { openMailbox, type Mailbox } from './mailbox.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * Paying, end to end in Chromium at a 390-pixel phone's width and at a desktop's (issue 16, "Bar
 * to hold" 1, 3 and 4; 2 is in checkout.spec.ts, 5 in a11y.spec.ts, 6 in orders.spec.ts): a guest
 * buys the bag with a test card and gets the mail, a declined card says why and the customer
 * tries again, the balance is paid through the payment link in a browser that never signed in;
 * the test BitPay invoice paid and left to expire; Apple Pay only where the browser has it.
 * No payment account is configured: the built-in test gateway and test BitPay stand in.
 */

let mailbox: Mailbox

test.beforeAll(async () => {
  mailbox = await openMailbox()
})

test.afterAll(async () => {
  await mailbox.close()
})

/** Fails the test on a page that is wider than its viewport (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/**
 * Records in the page, from the moment a payment's "Paying…" goes, every way to pay that shows (an
 * enabled control whose name starts with "Pay") and "waiting for its payment": after a settled
 * payment none may show, not even for the moment before the page moves on. The checkout leads to
 * the confirmation inside the app, so the record lives through it.
 */
async function recordWaysToPay(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    let paying = false
    let answered = false
    const look = () => {
      const text = document.body.textContent ?? ''
      if (text.includes('Paying…')) paying = true
      else if (paying) answered = true
      if (!answered) return
      for (const control of document.querySelectorAll<HTMLElement>('a, button:not(:disabled)')) {
        const name = control.textContent?.trim() ?? ''
        if (/^Pay\b/.test(name) && control.checkVisibility()) seen.push(name)
      }
      if (text.includes('waiting for its payment')) seen.push('waiting for its payment')
    }
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    ;(globalThis as unknown as { waysToPay: string[] }).waysToPay = seen
  })
}

const waysToPayShown = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { waysToPay: string[] }).waysToPay)

/** A fake Apple Pay in the page: `ApplePaySession` that can pay, as Safari with a card in Wallet. */
function fakeApplePaySession() {
  ;(globalThis as unknown as { ApplePaySession: unknown }).ApplePaySession = {
    canMakePayments: () => true,
    STATUS_SUCCESS: 0,
    STATUS_FAILURE: 1,
  }
}

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use)

    test('a guest buys the bag: address, shipping method, test card, confirmation and mail', async ({
      page,
    }) => {
      const email = newGuest('buyer')
      const payment = await guestToPayment(page, email)
      await expectNoSidewaysScroll(page)
      await recordWaysToPay(page)
      await payWithTestCard(payment, APPROVED_CARD)
      await expect(page).toHaveURL(/\/orders\/confirmation\//)
      const id = page.url().split('/').at(-1)!
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
      await expect(page.getByTestId('order-number')).toHaveText(id.slice(0, 8).toUpperCase())
      await expect(page.getByTestId('no-payment-today')).toHaveCount(0)
      await expect(page.getByTestId('paid-in-full')).toHaveText('Paid in full.')
      await expectNoSidewaysScroll(page)
      // Paid, nothing offered the payment again, before or after the order was read again.
      await page.waitForLoadState('networkidle')
      expect(await waysToPayShown(page)).toEqual([])
      await expect(page.getByRole('link', { name: /^Pay\b/ })).toHaveCount(0)

      // The confirmation mail, and the receipt for the payment, through the outbox and SMTP.
      const submitted = await mailbox.next(email, (mail) => /order is submitted/.test(mail.subject))
      expect(submitted.text).toContain(BAG.name)
      expect(submitted.text).toContain(`/orders/${id}`)
      const receipt = await mailbox.next(email, (mail) => /^Payment received/.test(mail.subject))
      expect(receipt.text).toContain(`for order ${orderNumber(id)}.`)

      // Paid, the checkout does not offer the payment again.
      await page.goto('/checkout')
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Payment' })).toHaveCount(0)
    })

    test('a declined card shows its message, and the customer tries again and pays', async ({
      page,
      consoleErrors,
    }) => {
      const payment = await guestToPayment(page, newGuest('declined'))
      await payWithTestCard(payment, DECLINED_CARD)
      const problem = payment.getByRole('alert')
      await expect(problem).toContainText('Your payment was declined: Do Not Honor')
      await expect(problem).toContainText('Nothing was charged')
      // Where the customer is looking: in view and focused, though the Pay button is below it.
      await expect(problem).toBeFocused()
      await expect(problem).toBeInViewport()
      await expectNoSidewaysScroll(page)
      // Nothing moved: the order still waits for its payment.
      await expect(page.getByRole('heading', { name: 'Your order is submitted' })).toBeVisible()
      await payWithTestCard(payment, APPROVED_CARD)
      await expect(page).toHaveURL(/\/orders\/confirmation\//)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
      // The browser logs the declined attempt's 422: expected here.
      expectFailedResource(consoleErrors, 422)
    })

    test('the balance is paid through the payment link, in a browser that never signed in', async ({
      page,
      request,
    }) => {
      // The order is placed elsewhere (its owner's session is not this browser's).
      const bearer = await signInAsGuest(request, 'link')
      const id = await placeOrder(request, bearer, customSuitItem)
      const before = await readOrder(request, bearer, id)
      expect(before).toMatchObject({ status: 'submitted', paid: 0 })
      expect(before.balance).toBeGreaterThan(0)
      expect(await page.context().cookies()).toEqual([])

      await page.goto(`/checkout/${before.payment_code}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your order')
      await expect(page.getByText(`Order ${id.slice(0, 8).toUpperCase()}`)).toBeVisible()
      // What is paid for: each item with its quantity and line price, laid out by the order
      // screens' stylesheet (no browser-default bullets).
      const paidFor = page.getByRole('region', { name: 'What you are paying for' })
      const items = paidFor.getByRole('list', { name: 'Items' })
      await expect(items.getByRole('heading', { level: 3 })).toHaveText(['1 × Corvid 2'])
      await expect(items).toContainText(/\$[\d,]+\.\d\d/)
      expect(await items.evaluate((list) => getComputedStyle(list).listStyleType)).toBe('none')
      await expect(paidFor.getByTestId('order-balance')).toHaveText(
        `$${(before.balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      )
      const payment = page.getByRole('region', { name: 'Payment' })
      await expect(payment.getByText('no card is charged and no money moves')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await recordWaysToPay(page)
      await payWithTestCard(payment, APPROVED_CARD)
      const result = page.getByTestId('nothing-due')
      await expect(result).toHaveText('Nothing is left to pay on this order. Thank you.')
      // The result is where the customer is looking, and nothing offers to pay again.
      await expect(result).toBeFocused()
      await expect(result).toBeInViewport()
      await page.waitForLoadState('networkidle')
      expect(await waysToPayShown(page)).toEqual([])
      const after = await readOrder(request, bearer, id)
      expect(after).toMatchObject({ status: 'paid', paid: before.balance, balance: 0 })
    })

    test('the test BitPay invoice: paid, the order is paid; left to expire, it still waits', async ({
      page,
      request,
    }) => {
      const bearer = await signInAsGuest(request, 'bitpay')
      const id = await placeOrder(request, bearer, bagItem)
      const { payment_code: code, balance } = await readOrder(request, bearer, id)
      const payment = page.getByRole('region', { name: 'Payment' })
      const invoice = page.getByRole('heading', { level: 1, name: 'Test BitPay invoice' })

      // Left to expire: back at the payment link, the balance is still due, and nothing is paid.
      await page.goto(`/checkout/${code}`)
      await payment.getByRole('button', { name: /with BitPay \(test invoice\)$/ }).click()
      await expect(invoice).toBeVisible()
      await expect(page).toHaveURL(/\/dev\/test-bitpay\/invoice\/tbp_/)
      await expect(page.getByText('This is a test invoice: no money moves.')).toBeVisible()
      await expect(page.getByText('Status: new')).toBeVisible()
      await expectNoSidewaysScroll(page)
      const expired = page.url()
      await page.getByRole('button', { name: 'Let it expire' }).click()
      await expect(page).toHaveURL(new RegExp(`/checkout/${code}$`))
      await expect(payment.getByRole('button', { name: /with BitPay/ })).toBeVisible()
      expect(await readOrder(request, bearer, id)).toMatchObject({
        status: 'submitted',
        paid: 0,
        balance,
      })
      // The invoice says it expired, and offers nothing more.
      await page.goto(expired)
      await expect(page.getByText('Status: expired')).toBeVisible()
      await expect(page.getByRole('button')).toHaveCount(0)

      // A new invoice, paid: the order is paid, and the link says nothing is left to pay.
      await page.goto(`/checkout/${code}`)
      await payment.getByRole('button', { name: /with BitPay \(test invoice\)$/ }).click()
      await expect(invoice).toBeVisible()
      expect(page.url()).not.toBe(expired)
      await page.getByRole('button', { name: 'Pay this invoice' }).click()
      await expect(page).toHaveURL(new RegExp(`/checkout/${code}$`))
      await expect(page.getByTestId('nothing-due')).toBeVisible()
      const paid = await readOrder(request, bearer, id)
      expect(paid).toMatchObject({ status: 'paid', paid: balance, balance: 0 })
      expect(paid.history.map((event) => event.status)).toEqual(['submitted', 'paid'])
    })

    test('from the checkout, a paid test invoice leads back to the order’s confirmation', async ({
      page,
    }) => {
      const payment = await guestToPayment(page, newGuest('bitpay-checkout'))
      await payment.getByRole('button', { name: /with BitPay \(test invoice\)$/ }).click()
      await expect(
        page.getByRole('heading', { level: 1, name: 'Test BitPay invoice' }),
      ).toBeVisible()
      await page.getByRole('button', { name: 'Pay this invoice' }).click()
      await expect(page).toHaveURL(/\/orders\/confirmation\//)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
      const confirmation = page.url()
      // The checkout, which kept the submitted order to pay, reads it paid: it leads on to the
      // confirmation, then does not offer the payment again.
      await page.goto('/checkout')
      await expect(page).toHaveURL(confirmation)
      await page.goto('/checkout')
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Payment' })).toHaveCount(0)
    })

    test('Apple Pay shows only where the browser has ApplePaySession, and pays', async ({
      page,
      request,
    }) => {
      const bearer = await signInAsGuest(request, 'apple')
      const id = await placeOrder(request, bearer, bagItem)
      const { payment_code: code } = await readOrder(request, bearer, id)
      const payment = page.getByRole('region', { name: 'Payment' })
      const applePay = payment.getByRole('button', { name: /with Apple Pay$/ })

      // Chromium has no ApplePaySession: no Apple Pay button.
      await page.goto(`/checkout/${code}`)
      await expect(payment.getByRole('button', { name: /with BitPay/ })).toBeVisible()
      await expect(applePay).toHaveCount(0)

      // A browser that has it, and can pay: the button shows, and (with the test gateway's Apple
      // Pay test nonce) pays.
      await page.addInitScript(fakeApplePaySession)
      await page.reload()
      await expect(applePay).toBeVisible()
      await applePay.click()
      await expect(page.getByTestId('nothing-due')).toBeVisible()
      expect(await readOrder(request, bearer, id)).toMatchObject({ status: 'paid', balance: 0 })
    })

    test('the Apple Pay page: not available without ApplePaySession, leading to the other ways to pay; with it, pays', async ({
      page,
    }) => {
      // The order's owner, signed in in this browser (a guest session).
      const bearer = await signInAsGuest(page.request, 'apple-page')
      const id = await placeOrder(page.request, bearer, bagItem)
      const { payment_code: code, balance } = await readOrder(page.request, bearer, id)
      const due = `$${(balance / 100).toFixed(2)}`

      const response = await page.goto(`/apple-pay/${id}`)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle('Apple Pay — Glidecraft')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple Pay')
      await expect(page.getByText(`Order ${id.slice(0, 8).toUpperCase()}`)).toBeVisible()
      await expect(page.getByText('Coming to this page')).toHaveCount(0)
      const unavailable = page.getByTestId('apple-pay-unavailable')
      await expect(
        unavailable.getByRole('heading', { name: 'Apple Pay is not available here' }),
      ).toBeVisible()
      await expect(unavailable).toContainText('this browser cannot use it')
      await expect(unavailable).toContainText(`You can pay ${due} by card or with BitPay instead.`)
      await expect(page.getByRole('button', { name: /with Apple Pay$/ })).toHaveCount(0)
      await expectNoSidewaysScroll(page)
      expect(await seriousViolations(page)).toEqual([])
      await unavailable.getByRole('link', { name: 'Pay another way' }).click()
      await expect(page).toHaveURL(new RegExp(`/checkout/${code}$`))
      await expect(
        page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: /with BitPay/ }),
      ).toBeVisible()

      // Where the browser has Apple Pay: the page offers it alone, says the payment is a test
      // one (no payment account is configured), and pays the balance.
      await page.addInitScript(fakeApplePaySession)
      await page.goto(`/apple-pay/${id}`)
      const payment = page.getByRole('region', { name: 'Payment' })
      await expect(payment.getByText('Apple Pay here makes a test payment')).toBeVisible()
      await expect(payment.getByRole('button', { name: /with the test card$/ })).toHaveCount(0)
      await expect(payment.getByRole('button', { name: /with BitPay/ })).toHaveCount(0)
      expect(await seriousViolations(page)).toEqual([])
      await payment.getByRole('button', { name: `Pay ${due} with Apple Pay` }).click()
      await expect(page.getByTestId('nothing-due')).toBeVisible()
      expect(await readOrder(page.request, bearer, id)).toMatchObject({
        status: 'paid',
        balance: 0,
      })
    })
  })
}
