import type { Locator, Page } from '@playwright/test'
import {
  APPROVED_CARD,
  BAG,
  CUSTOMER,
  DECLINED_CARD,
  SUIT,
  addBag,
  customSuitItem,
  eloy,
  fillAddress,
  newGuest,
  payWithTestCard,
  placeOrder,
  readOrder,
  signInAsGuest,
  step,
  widths,
} from './checkout-fixtures.ts'
import { expect, expectFailedResource, seriousViolations, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })
// A server of its own (a storeEnv of its own gives a worker of its own; this one is the servers'
// usual log level): its four password sign-ins come late in a run, and on the shared server
// every test's sign-in from 127.0.0.1 counts against one address's 50 per 15 minutes
// (server/services/throttle.ts), which a CI run once reached here (429).
test.use({ storeEnv: { LOG_LEVEL: 'warn' } })

/*
 * WCAG 2.2 AA (issue 32): axe with the wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa tags
 * (target size, 2.5.8, included) finds no serious or critical violation on any screen a customer
 * or a dealer meets, at both widths, in the light and the dark colour scheme: each screen is
 * checked as the customer's own journey reaches it, in its state with its results on show. What
 * axe cannot judge is checked by hand and listed in docs/accessibility.md; focus kept clear of the
 * sticky bars (2.4.11) is checked here by Tab.
 */

/** Axe's WCAG 2.2 AA rules on what the page shows now, light and dark. */
async function checkScreen(page: Page, name: string, ready: Locator) {
  await expect(ready).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect
      .soft(await seriousViolations(page, { wcag: '2.2 AA' }), `${name}, ${colorScheme}`)
      .toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name })

/**
 * Focus not obscured (2.4.11): Tab through the page; each focused control shows at least in
 * part, not covered by the app bar, the tab bar or a sticky order bar. Answers the controls seen.
 */
async function tabWithFocusInView(page: Page, presses: number): Promise<number> {
  const hidden: string[] = []
  const seen = new Set<string>()
  await page.locator('body').focus()
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab')
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const box = element.getBoundingClientRect()
      const label = `${element.localName} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
      // Points across the control, kept inside the viewport: one of them must be the control.
      const points = [0.1, 0.5, 0.9].flatMap((fx) =>
        [0.1, 0.5, 0.9].map((fy) => [box.left + box.width * fx, box.top + box.height * fy]),
      )
      const shown = points.some(([x, y]) => {
        if (x! < 0 || y! < 0 || x! >= innerWidth || y! >= innerHeight) return false
        const top = document.elementFromPoint(x!, y!)
        return top !== null && (element.contains(top) || top.contains(element))
      })
      return { label, shown }
    })
    if (!focus) continue
    seen.add(focus.label)
    if (!focus.shown) hidden.push(focus.label)
  }
  expect(hidden, 'controls focused out of sight').toEqual([])
  return seen.size
}

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use)

    test('a guest from the store to a paid order: every screen on the way', async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(180_000)
      await page.goto('/')
      await checkScreen(page, 'home', h1(page))
      await page.goto('/store')
      await checkScreen(page, 'the store', h1(page))
      await page.goto(SUIT.path)
      await checkScreen(page, 'a product', page.locator('.current-production-time').first())

      // The configurator, its messages shown, then the designer.
      await page.goto(`${SUIT.path}#design`)
      const design = page.getByRole('region', { name: `Design your ${SUIT.name}` })
      await expect(design.getByRole('button', { name: 'Add to order' })).toBeVisible()
      await design.getByRole('button', { name: 'Show what' }).click()
      await checkScreen(page, 'the configurator', design.getByText('Enter your height.'))
      await design.getByRole('checkbox', { name: /^Super custom/i }).check()
      await design.getByRole('button', { name: 'Open the designer' }).click()
      const designer = page.getByRole('dialog', { name: 'Super custom designer' })
      await checkScreen(page, 'the designer', designer)
      await page.keyboard.press('Escape')
      await expect(designer).toBeHidden()

      await page.goto('/login')
      await checkScreen(page, 'sign-in', page.getByRole('button', { name: 'Continue as a guest' }))
      await page.goto('/contact')
      const contact = page.getByRole('region', { name: 'Write to us' })
      await contact.getByRole('button', { name: 'Send message' }).click()
      await checkScreen(page, 'the contact form, refused', contact.getByText('Enter your name.'))
      await page.goto('/coaches/elin-vardal')
      await checkScreen(page, 'a coach', h1(page))
      await page.goto('/dealers')
      await checkScreen(page, 'dealers', h1(page))

      // The checkout, step by step, then a declined card and the confirmation.
      const email = newGuest('wcag')
      const payment = await guestToPaymentChecked(page, email)
      await checkScreen(
        page,
        'checkout: payment',
        payment.getByRole('button', { name: /with the test card$/ }),
      )
      await payWithTestCard(payment, DECLINED_CARD)
      await checkScreen(
        page,
        'checkout: a declined card',
        payment.getByRole('alert').filter({ hasText: 'declined' }),
      )
      expectFailedResource(consoleErrors, 422)
      await payWithTestCard(payment, APPROVED_CARD)
      await expect(page).toHaveURL(/\/orders\/confirmation\//)
      await checkScreen(page, 'the confirmation', h1(page, 'Thank you for your order'))
      await page.getByRole('link', { name: 'See your order' }).click()
      await checkScreen(page, 'the order', page.getByTestId('order-status'))
      await page.goto('/account')
      await checkScreen(
        page,
        'the account',
        page.getByTestId('order-list').getByRole('link').first(),
      )
    })

    test('a balance paid by link, an order added to, a new address, saved addresses, the dealer portal', async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.setTimeout(120_000)
      // A made-to-order suit placed elsewhere: its payment link, its add-to-order page.
      const bearer = await signInAsGuest(request, 'wcag-link')
      const id = await placeOrder(request, bearer, customSuitItem)
      const { payment_code: code } = await readOrder(request, bearer, id)
      await page.goto(`/checkout/${code}`)
      await checkScreen(page, 'the payment link', page.getByRole('region', { name: 'Payment' }))
      await page.goto(`/add-to-order/${code}`)
      await checkScreen(page, 'add to an order', h1(page))

      // The owner's new address for a made-to-order suit, refused once.
      const own = await signInAsGuest(page.request, 'wcag-address')
      const mine = await placeOrder(page.request, own, customSuitItem)
      await page.goto(`/update-shipping-address/${mine}`)
      const form = page.getByRole('group', { name: 'Shipping address' })
      await form.getByLabel('Postal code').fill('ABC')
      await page.getByRole('button', { name: 'Save the address' }).click()
      await checkScreen(
        page,
        'a new address, refused',
        page.getByRole('alert').filter({ hasText: 'Check the fields marked below' }),
      )
      expectFailedResource(consoleErrors, 422)

      // A customer's saved addresses, a new one's form open.
      await page.context().clearCookies()
      await page.goto('/login')
      await page.getByLabel('E-mail address').fill(CUSTOMER.email)
      await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByText('Signed in as Casey Customer')).toBeVisible()
      if (!page.url().endsWith('/account')) await page.goto('/account')
      await page.getByRole('button', { name: 'Add an address' }).click()
      await checkScreen(
        page,
        'the account’s saved addresses',
        page.getByRole('group', { name: 'New address' }),
      )

      // The dealer's portal, with its payout form.
      await page.context().clearCookies()
      await page.goto('/login')
      await page.getByLabel('E-mail address').fill('dealer@example.com')
      await page.getByLabel('Password', { exact: true }).fill('flyfast-demo')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByText('Signed in as Dana Dealer')).toBeVisible()
      if (!page.url().endsWith('/account')) await page.goto('/account')
      await checkScreen(
        page,
        'the dealer portal',
        page.getByTestId('dealer-orders').getByRole('listitem').first(),
      )
    })

    test('focus is never hidden under the sticky bars while tabbing through the configurator', async ({
      page,
    }) => {
      await page.goto(`${SUIT.path}#design`)
      const design = page.getByRole('region', { name: `Design your ${SUIT.name}` })
      await expect(design.getByRole('button', { name: 'Add to order' })).toBeVisible({
        timeout: 15_000,
      })
      expect(await tabWithFocusInView(page, 80)).toBeGreaterThan(40)
    })
  })
}

/**
 * The guest's checkout as `guestToPayment` (checkout-fixtures.ts) goes through it, each step's
 * screen checked, the address step also with its refusal shown. Answers the payment region.
 */
async function guestToPaymentChecked(page: Page, email: string) {
  await addBag(page)
  await page.goto('/cart')
  await checkScreen(page, 'the cart', page.getByRole('link', { name: 'Checkout' }))
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(step(page)).toHaveText('Sign in, or continue as a guest')
  await checkScreen(
    page,
    'checkout: sign in',
    page.getByRole('button', { name: 'Continue as a guest' }),
  )
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  await expect(step(page)).toHaveText('Where should we send it?')
  await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(BAG.name)
  await checkScreen(page, 'checkout: the address', step(page))
  await page.getByRole('button', { name: 'Continue' }).click()
  await checkScreen(
    page,
    'checkout: the address, refused',
    page.getByText('Enter the street address.'),
  )
  await fillAddress(page, eloy)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('How should it travel?')
  await checkScreen(page, 'checkout: shipping', step(page))
  await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(step(page)).toHaveText('Submit your order and pay')
  await checkScreen(page, 'checkout: the review', step(page))
  await page.getByRole('button', { name: 'Submit and go to payment' }).click()
  return page.getByRole('region', { name: 'Payment' })
}
