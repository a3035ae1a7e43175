import {
  bagItem as bag,
  customSuitItem as customSuit,
  placeOrder,
  signInAsGuest,
  widths,
} from './checkout-fixtures.ts'
import {
  expect,
  expectFailedResource,
  forgetOfflineFailures,
  reloadOntoNewBuild,
  seriousViolations,
  test,
  waitForServiceWorker,
  withNewBuild,
} from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * The order screens (issue 16): the confirmation and the account's order list on a 390-pixel
 * phone, and an order page opened offline after a new build, showing the order as of its last
 * reading (end-to-end item 6, on the phone and at desktop width).
 *
 * The orders are placed through the real calls as a guest checking out (checkout-fixtures.ts
 * placeOrder): guest sign-in, cart add, shipping address, shipping option (not for a
 * made-to-order suit), the waiver where the cart asks for one, and submit.
 */

test.describe('on a 390-pixel phone', () => {
  test.use(widths[0].use)

  test('the confirmation of a made-to-order suit: no payment due today, its production time', async ({
    page,
  }) => {
    const bearer = await signInAsGuest(page.request)
    const id = await placeOrder(page.request, bearer, customSuit)
    await page.goto(`/orders/confirmation/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
    await expect(page.getByTestId('no-payment-today')).toHaveText('No payment is due today.')
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
    await expect(page.getByTestId('production-time')).toHaveText(/^Made to order: \d/)
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
    // A long address with nothing to break at still fits the phone (it wraps).
    const bearer = await signInAsGuest(
      page.request,
      'ordersplacedfromaverylongaddressatthedropzone',
    )
    const first = await placeOrder(page.request, bearer, bag)
    const second = await placeOrder(page.request, bearer, customSuit)
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
    await expect(page.getByTestId('production-time')).toHaveText(
      'In stock: ships in 2 working days.',
    )
    expect(await seriousViolations(page)).toEqual([])
  })

  test('a new address takes its country chosen by name, and says a refusal at the top of the form', async ({
    page,
    consoleErrors,
  }) => {
    const bearer = await signInAsGuest(page.request)
    // Made to order: no shipping option yet, so it may move to any country we ship to.
    const id = await placeOrder(page.request, bearer, customSuit)
    await page.goto(`/update-shipping-address/${id}`)
    const form = page.getByRole('group', { name: 'Shipping address' })
    // The order's address is there already: only what changes is typed.
    await expect(form.getByLabel('Street address')).toHaveValue(/\S/)
    const country = form.getByRole('combobox', { name: 'Country' })
    await expect(country).toHaveValue('US')
    await country.selectOption({ label: 'Norway' })
    await expect(country).toHaveValue('NO')
    // Norway's post needs no region: the label says so.
    await expect(form.getByLabel('State, province or region (optional)')).toBeVisible()
    await form.getByLabel('State, province or region', { exact: false }).fill('')
    await form.getByLabel('Street address').fill('Lufthavnveien 12')
    await form.getByLabel('City or town').fill('Voss')
    const postal = form.getByLabel('Postal code')
    await postal.fill('ABC')
    await page.getByRole('button', { name: 'Save the address' }).click()

    // Refused: said at the top of the form, which takes focus; the message beside its field.
    const summary = page.getByRole('alert').filter({ hasText: 'Check the fields marked below' })
    await expect(summary).toBeFocused()
    await expect(summary).toBeInViewport()
    await expect(postal).toHaveAttribute('aria-invalid', 'true')
    await expect(postal).toHaveAccessibleDescription(/is not a postal code in Norway/)
    expectFailedResource(consoleErrors, 422)
    await summary.getByRole('link', { name: 'Postal code' }).click()
    await expect(postal).toBeFocused()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(page)).toEqual([])

    await postal.fill('5700')
    await page.getByRole('button', { name: 'Save the address' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'goes to the new address' }),
    ).toBeVisible()
    await page.goto(`/orders/${id}`)
    await expect(page.getByTestId('order-history')).toContainText(
      'Shipping address changed to Voss, NO.',
    )
  })
})

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use)

    test('an order page opened offline after a new build shows the order as of its last reading', async ({
      page,
      context,
      consoleErrors,
      storeServer,
    }) => {
      const bearer = await signInAsGuest(page.request)
      const seen = await placeOrder(page.request, bearer, customSuit)
      const neverOpened = await placeOrder(page.request, bearer, bag)
      await page.goto(`/orders/${seen}`)
      await waitForServiceWorker(page)
      await expect(page.getByTestId('order-status')).toHaveText('Submitted')
      await expect(page.getByTestId('order-as-of')).toHaveCount(0)

      // A new build: the worker's bytes change, the page finds it, the customer reloads onto it.
      await withNewBuild(storeServer, () => reloadOntoNewBuild(page))
      await expect(page.getByTestId('order-status')).toHaveText('Submitted')
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
        await expect(page.getByTestId('production-time')).toHaveText(/^Made to order: \d/)
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
  })
}
