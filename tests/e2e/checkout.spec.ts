import {
  BAG,
  CUSTOMER,
  SUIT,
  addBag,
  addMadeToOrderSuit,
  eloy,
  fillAddress,
  newGuest,
  step,
  widths,
} from './checkout-fixtures.ts'
import {
  expect,
  expectFailedResource,
  forgetOfflineFailures,
  test,
  waitForServiceWorker,
} from './fixtures.ts'
import type { Locator } from '@playwright/test'

/**
 * What a tap led to is where the customer is looking: focused, and on screen clear of the sticky
 * app bar (and of the installed app's tab bar), not above the viewport (WCAG 2.4.11).
 */
async function expectShownAndFocused(target: Locator) {
  await expect(target).toBeFocused()
  await expect(target).toBeInViewport()
  const clear = await target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const bar = document.querySelector('header.app-bar')?.getBoundingClientRect()
    // The tab bar sits at the bottom only in the installed app; on a wide screen it is part
    // of the header, and in a phone's browser it is not shown.
    const tabs = document.querySelector('nav.tab-bar')?.getBoundingClientRect()
    const bottomBar = tabs && tabs.height > 0 && tabs.top > innerHeight / 2 ? tabs.top : innerHeight
    return {
      belowAppBar: box.top >= Math.max(0, bar?.bottom ?? 0) - 1,
      aboveTabBar: box.bottom <= bottomBar + 1,
    }
  })
  expect(clear).toEqual({ belowAppBar: true, aboveTabBar: true })
}

/*
 * The checkout in Chromium against the real server and worker: from the cart's way on, through
 * the steps the step machine picks (contract/checkout-steps.ts), to the submit: a made-to-order
 * suit signed for and submitted offline is kept ("Submitted, waiting to send", across reloads)
 * and lands once when the network returns, on the order's confirmation (end-to-end item 2, at a
 * 390-pixel phone's width and at a desktop's). Paying is payments.spec.ts.
 */

test('the cart leads on to checkout: a guest gives an address, picks a shipping method and reaches submit and pay', async ({
  page,
  consoleErrors,
}) => {
  await addBag(page)
  // The wide header's cart carries the count.
  await expect(page.getByTestId('tab-cart-count')).toHaveText('1 in the cart')
  await page.goto('/cart')
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  // The summary stays in view.
  const summary = page.getByRole('complementary', { name: 'Your order' })
  await expect(summary).toContainText(BAG.name)

  await expect(step(page)).toHaveText('Sign in, or continue as a guest')
  await page.getByLabel('E-mail address').fill(newGuest())
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')
  await expect(step(page)).toBeFocused()

  // Each field's message stands beside it.
  await page.getByRole('button', { name: 'Continue' }).click()
  const city = page.getByLabel('City or town')
  await expect(city).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter the city or town.')).toBeVisible()
  await fillAddress(page, { ...eloy, 'Postal code': 'ABC' })
  await page.getByRole('button', { name: 'Continue' }).click()
  const postal = page.getByLabel('Postal code')
  await expect(postal).toHaveAttribute('aria-invalid', 'true')
  await expect(postal).toHaveAccessibleDescription(/is not a postal code in/)
  await expect(postal).toBeFocused()
  // The browser logs the server's 422 (the message per field): expected here.
  expectFailedResource(consoleErrors, 422)
  await postal.fill('85131')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(step(page)).toHaveText('How should it travel?')
  const options = page.getByRole('group', { name: 'Shipping method' }).getByRole('radio')
  await expect(options.first()).toBeVisible()
  await options.first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('Submit your order and pay')
  await expectShownAndFocused(step(page))
  await expect(summary.getByTestId('checkout-shipping')).not.toHaveText('Chosen at the next step')
  // What the customer confirms stands right above the button (WCAG 3.3.4): the lines and the
  // amount, which the button is described by.
  const review = page.getByRole('region', { name: 'Check your order' })
  await expect(review).toContainText(BAG.name)
  await expect(review).toContainText(/To pay now\$[\d,.]+/)
  await expect(
    page.getByRole('button', { name: 'Submit and go to payment' }),
  ).toHaveAccessibleDescription(/^You pay \$[\d,.]+ on the next screen\.$/)
  // The newsletter is the customer's choice: unticked until ticked (docs/checkout.md).
  await expect(page.getByLabel('Send me the Glidecraft newsletter')).not.toBeChecked()

  // An earlier choice can be changed, and the checkout goes on from there.
  const steps = page.getByRole('list', { name: 'Steps' })
  await expect(steps).toContainText('Dana Flyer, 1200 Skydive Lane, Eloy AZ 85131, US')
  await steps.getByRole('button', { name: 'Change address' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')
  await expect(page.getByLabel('Street address')).toHaveValue('1200 Skydive Lane')
  await page.getByLabel('Apartment, suite, building').fill('Hangar 3')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(steps).toContainText('1200 Skydive Lane, Hangar 3')
  // The shipping chosen stays: the new address is offered it.
  await expect(step(page)).toHaveText('Submit your order and pay')
  await steps.getByRole('button', { name: 'Change shipping' }).click()
  await expect(step(page)).toHaveText('How should it travel?')
  await expect(options.first()).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Submit, then pay with the built-in test gateway's cards: a declined card says why and lets
  // the customer try again; an approved one leads on to the confirmation.
  await page.getByRole('button', { name: 'Submit and go to payment' }).click()
  // The next step appears where the customer is looking, its heading focused.
  await expectShownAndFocused(page.getByRole('heading', { name: 'Your order is submitted' }))
  const payment = page.getByRole('region', { name: 'Payment' })
  await expect(payment.getByText('no card is charged and no money moves')).toBeVisible()
  await payment.getByLabel(/4000 1111 1111 1115/).check()
  await payment.getByRole('button', { name: /with the test card$/ }).click()
  await expect(payment.getByRole('alert')).toContainText('Your payment was declined: Do Not Honor')
  await payment.getByLabel(/4111 1111 1111 1111/).check()
  await payment.getByRole('button', { name: /with the test card$/ }).click()
  await expect(page).toHaveURL(/\/orders\/confirmation\//, { timeout: 30_000 })
  // The browser logs the declined attempt's 422: expected here.
  expectFailedResource(consoleErrors, 422)
})

test('the address typed offline is kept through a reload, and the step says it needs the network', async ({
  context,
  page,
  consoleErrors,
}) => {
  await addBag(page)
  await waitForServiceWorker(page)
  await page.goto('/checkout')
  await page.getByLabel('E-mail address').fill(newGuest())
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')
  // The sign-in merged the device's cart into the guest's: wait until the device has read it (a
  // read of the device's cart that raced the merge may show it empty until then).
  await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(BAG.name)

  await context.setOffline(true)
  await fillAddress(page, eloy)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'offline' })).toContainText(
    'What you typed is kept here',
  )
  await page.reload()
  await expect(step(page)).toHaveText('Where should we send it?')
  await expect(page.getByLabel('Street address')).toHaveValue('1200 Skydive Lane')
  await expect(page.getByLabel('Postal code')).toHaveValue('85131')
  await expect(page.getByLabel('Country')).toHaveValue('US')

  await context.setOffline(false)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('How should it travel?')
  forgetOfflineFailures(consoleErrors)
})

test.describe('on a 390-pixel phone', () => {
  test.use(widths[0].use)

  test('the app bar shows the cart with its count in the browser', async ({ page }) => {
    await addBag(page)
    const cart = page.getByRole('banner').getByRole('link', { name: /^Cart/ })
    await expect(cart).toBeVisible()
    await expect(page.getByTestId('app-bar-cart-count')).toHaveText('1 in the cart')
    const box = (await cart.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
    await cart.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  })
})

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use)

    test('a made-to-order suit submitted offline is kept as "Submitted, waiting to send"', async ({
      context,
      page,
      consoleErrors,
    }) => {
      await page.goto('/login')
      await page.getByLabel('E-mail address').fill(CUSTOMER.email)
      await page.getByRole('textbox', { name: 'Password' }).fill(CUSTOMER.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page).toHaveURL(/\/account$/)
      await waitForServiceWorker(page)
      await addMadeToOrderSuit(page)
      await page.goto('/cart')
      await page.getByRole('link', { name: 'Checkout' }).click()

      // Signed in: the address, from the account's saved ones.
      await expect(step(page)).toHaveText('Where should we send it?')
      await page
        .getByRole('button', { name: /^Use this address/ })
        .first()
        .click()
      await page.getByRole('button', { name: 'Continue' }).click()
      // A wingsuit needs the signed waiver (content: requires_waiver).
      await expect(step(page)).toHaveText('Read and sign the waiver')
      // The waiver reads as written: its sections are headings under the step's, its list a list.
      const waiver = page.locator('.checkout-steps li[aria-current="step"]')
      await expect(
        waiver
          .getByRole('heading', { level: 4 })
          .filter({ hasText: /^(What you agree to|Release|Your rights)$/ }),
      ).toHaveText(['What you agree to', 'Release', 'Your rights'])
      await expect(waiver.getByRole('list').first().getByRole('listitem').first()).toBeVisible()
      await page.getByLabel('I have read the waiver and accept it').check()
      await page.getByLabel('Your full name, as your signature').fill('Dana Flyer')
      await page.getByRole('button', { name: 'Sign and continue' }).click()
      // Made to order: no shipping method and nothing due today.
      await expect(step(page)).toHaveText('Submit your order')
      await expectShownAndFocused(step(page))
      // No shipping step (the review below says shipping is arranged when the suit is made).
      await expect(
        page
          .getByRole('list', { name: 'Steps' })
          .locator(':scope > li')
          .filter({ hasText: /^(Shipping|How should it travel)/ }),
      ).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Submit order' })).toBeVisible()
      // The customer confirms the waiver's version they signed, and that nothing is due today.
      const review = page.getByRole('region', { name: 'Check your order' })
      await expect(review).toContainText(SUIT.name)
      await expect(review.getByTestId('checkout-review-waiver')).toHaveText(
        /^Waiver signed: .+, version \S+$/,
      )
      await expect(page.getByRole('button', { name: 'Submit order' })).toHaveAccessibleDescription(
        /^Nothing is due today/,
      )

      const notes = `Blue stitching on the arm wings, please (${Date.now()}).`
      await context.setOffline(true)
      await page.getByLabel('Notes for the workshop').fill(notes)
      await page.reload()
      await expect(page.getByLabel('Notes for the workshop')).toHaveValue(notes)
      await expect(page.getByText('You can still submit')).toBeVisible()
      await page.getByRole('button', { name: 'Submit order' }).click()
      const waiting = page.getByTestId('checkout-waiting')
      await expect(
        waiting.getByRole('heading', { name: 'Submitted, waiting to send' }),
      ).toBeVisible()
      // Not above the screen with an empty page and the footer in view: in view, and focused.
      await expectShownAndFocused(
        waiting.getByRole('heading', { name: 'Submitted, waiting to send' }),
      )
      await expect(waiting).toContainText(SUIT.name)

      // Kept on the device: a reload, the cart and the app bar all say so.
      await page.reload()
      await expect(waiting).toBeVisible()
      await page.goto('/cart')
      await expect(page.getByTestId('cart-submitting')).toContainText(
        'Your order is submitted, waiting to send',
      )
      await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)
      expect(
        await page.evaluate(
          () =>
            new Promise<unknown[]>((resolve) => {
              const open = indexedDB.open('glidecraft')
              open.onsuccess = () => {
                const all = open.result.transaction('cartOutbox').objectStore('cartOutbox').getAll()
                all.onsuccess = () => resolve(all.result as unknown[])
              }
            }),
        ),
      ).toMatchObject([
        {
          kind: 'submit',
          request: { notes: notes, optIn: false },
          key: expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/) as unknown,
        },
      ])

      // The network returns: the submit lands once, and the checkout leads on to its confirmation.
      await context.setOffline(false)
      await page.goto('/checkout')
      await page.evaluate(() => window.dispatchEvent(new Event('online')))
      await expect(page).toHaveURL(/\/orders\/confirmation\//, { timeout: 30_000 })
      const orderId = page.url().split('/').at(-1)!
      await expect(page.getByTestId('no-payment-today')).toBeVisible()
      const bearer = (await context.cookies()).find((cookie) => cookie.name === 'authToken')!.value
      const auth = { Authorization: `Bearer ${bearer}` }
      const list = (await (
        await page.request.get('/api/order/get-orders?per_page=50', { headers: auth })
      ).json()) as { orders: { id: string }[] }
      const withNotes: string[] = []
      for (const { id } of list.orders) {
        const order = (await (
          await page.request.get(`/api/order/get-submitted-order/${id}`, { headers: auth })
        ).json()) as { notes: string | null; status: string }
        if (order.notes === notes) withNotes.push(`${id} ${order.status}`)
      }
      expect(withNotes).toEqual([`${orderId} submitted`])
      forgetOfflineFailures(consoleErrors)
    })
  })
}
