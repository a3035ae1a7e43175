import { widths } from './checkout-fixtures.ts'
import { expect, seriousViolations, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  // One visit of five pages: each is checked, and one with a violation does not stop the others.
  test('home, a product page, a news article, learn search and dealers', async ({ page }) => {
    for (const [name, path] of [
      ['home', '/'],
      ['a product page', '/wingsuits/corvid-2'],
      ['a news article', '/news/view/corvid-2-launch'],
      ['learn search', '/learnSearch/packing'],
      ['dealers', '/dealers'],
    ] as const) {
      await test.step(name, async () => {
        await page.goto(path)
        await expect(page.locator('h1').first()).toBeVisible()
        expect.soft(await seriousViolations(page), `axe on ${name} (${path})`).toEqual([])
      })
    }
  })

  test('the gallery overlay', async ({ page }) => {
    await page.goto('/gallery')
    await page.locator('a.gallery-thumb').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('the configurator, with its messages and the designer open', async ({ page }) => {
    await page.goto('/wingsuits/corvid-2#design')
    const section = page.getByRole('region', { name: 'Design your Corvid 2' })
    await expect(section.getByRole('button', { name: 'Add to order' })).toBeVisible()
    await section.getByRole('button', { name: 'Show what' }).click()
    await expect(section.getByText('Enter your height.')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await section.getByRole('checkbox', { name: /^Super custom/i }).check()
    await section.getByRole('button', { name: 'Open the designer' }).click()
    await expect(page.getByRole('dialog', { name: 'Super custom designer' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

for (const width of widths) {
  test.describe(`the checkout ${width.name}`, () => {
    test.use(width.use)

    test('step by step, by keyboard alone, with no serious axe violation', async ({
      page,
      consoleErrors,
    }) => {
      await page.goto('/equipment/mission-bag')
      const form = page.getByRole('form', { name: 'Order the Mission bag' })
      await form.getByRole('button', { name: 'Add to order' }).click()
      await expect(form.getByRole('status')).toContainText('Mission bag')
      await page.goto('/checkout')
      const heading = page.locator('#checkout-step-heading')
      await expect(heading).toHaveText('Sign in, or continue as a guest')
      expect(await seriousViolations(page)).toEqual([])

      // Sign in as a guest: to the e-mail field, then to "Continue as a guest", by Tab alone.
      const email = page.getByLabel('E-mail address')
      await page.keyboard.press('Tab')
      for (let i = 0; i < 60 && !(await email.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab')
      await page.keyboard.type(`keys-${Date.now().toString(36)}@example.com`)
      const guest = page.getByRole('button', { name: 'Continue as a guest' })
      for (let i = 0; i < 10 && !(await guest.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')

      // The address: the step's heading has focus; each field follows by Tab.
      await expect(heading).toHaveText('Where should we send it?')
      await expect(heading).toBeFocused()
      expect(await seriousViolations(page)).toEqual([])
      for (const value of ['Dana Flyer', '1200 Skydive Lane', '', 'Eloy', 'AZ', '85131']) {
        await page.keyboard.press('Tab')
        if (value) await page.keyboard.type(value)
      }
      await page.keyboard.press('Tab')
      await expect(page.getByLabel('Country')).toBeFocused()
      await page.keyboard.type('United States')
      await expect(page.getByLabel('Country')).toHaveValue('US')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
      await page.keyboard.press('Enter')

      // Shipping: the first option by Tab and Space, then Continue.
      await expect(heading).toHaveText('How should it travel?')
      await expect(heading).toBeFocused()
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await expect(page.getByRole('radio').first()).toBeChecked()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')

      await expect(heading).toHaveText('Submit your order and pay')
      await expect(heading).toBeFocused()
      expect(await seriousViolations(page)).toEqual([])
      // Back to an earlier step by keyboard: its Change button.
      await page.getByRole('button', { name: 'Change address' }).focus()
      await page.keyboard.press('Enter')
      await expect(heading).toHaveText('Where should we send it?')
      expect(consoleErrors).toEqual([])
    })
  })
}
