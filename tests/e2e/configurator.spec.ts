import type { Page } from '@playwright/test'
import { expect, test, waitForCatalogSnapshot, waitForServiceWorker } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

const SIGNAL_RED = '#c8282e'
const CHALK_WHITE = '#f2f1ec'

/** Opens a product page, goes to its configurator and waits for it. */
async function openConfigurator(page: Page, path = '/wingsuits/corvid-2', name = 'Corvid 2') {
  await page.goto(path)
  // Its code loads as the section comes near the screen. The link is activated from the
  // keyboard: what appears once the page has hydrated (the offline banner, the production time)
  // moves it down, and a click aimed just before that lands beside it.
  await page.getByRole('link', { name: 'Design your own' }).press('Enter')
  const section = page.getByRole('region', { name: `Design your ${name}` })
  await expect(section).toBeVisible()
  return section
}

/**
 * The worker answers most requests from its caches offline; any the browser still tried and
 * failed on are logged as errors, which are expected here.
 */
function forgetOfflineFailures(errors: string[]) {
  const offline = /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/
  errors.splice(0, errors.length, ...errors.filter((e) => !offline.test(e)))
}

function configurator(page: Page, name = 'Corvid 2') {
  return page.getByRole('region', { name: `Design your ${name}` })
}

/** The paint of one half of a region in the configurator's drawing. */
function regionFill(page: Page, region: string, side: 'l' | 'r' = 'l') {
  return configurator(page).locator(`svg [data-region="${region}"][data-side="${side}"]`).first()
}

async function paint(page: Page, part: string, colour: string) {
  const section = configurator(page)
  await section.getByRole('radiogroup', { name: 'Part to colour' }).getByLabel(part).check()
  await section
    .getByRole('radiogroup', { name: /^Colour of the/ })
    .getByLabel(colour)
    .check()
}

async function storedDraft(page: Page, id: string) {
  return page.evaluate(
    (key) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('glidecraft')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get(key)
          get.onsuccess = () => resolve(get.result?.data)
        }
      }),
    id,
  )
}

test('a configured suit is the same after a reload', async ({ page }) => {
  const section = await openConfigurator(page)
  await section.getByLabel(/^Corvid 2, size M/).check()
  await paint(page, 'Arm wings', 'Chalk white')
  await section.getByRole('checkbox', { name: /^Booties/ }).check()
  await expect(regionFill(page, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)
  const total = await section.getByTestId('total-price').textContent()

  await expect
    .poll(async () => (await storedDraft(page, 'order_corvid-2'))?.order)
    .toMatchObject({
      'color.arm-wing': 'w1A',
      'option.booties': 'on',
    })
  await page.reload()
  const again = configurator(page)
  await expect(again.getByLabel(/^Corvid 2, size M/)).toBeChecked()
  await expect(again.getByRole('checkbox', { name: /^Booties/ })).toBeChecked()
  await expect(regionFill(page, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)
  await expect(regionFill(page, 'arm-wing', 'r')).toHaveAttribute('fill', CHALK_WHITE)
  await expect(again.getByTestId('total-price')).toHaveText(total!)
  await expect(again.getByRole('button', { name: 'Add to order' })).toBeEnabled()

  // The store lists it among the designs on this device, and leads back to it.
  await page.goto('/store')
  const saved = page.getByRole('region', { name: 'Your designs on this device' })
  await expect(saved).toContainText(total!)
  await saved.getByRole('link', { name: 'Corvid 2' }).click()
  await expect(page).toHaveURL(/\/wingsuits\/corvid-2#design$/)
  await expect(regionFill(page, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)
})

test('on a wide screen the drawing and the price sit beside the form, Add to order closing it', async ({
  page,
}) => {
  const section = await openConfigurator(page)
  const drawing = (await section
    .getByRole('img', { name: 'Corvid 2 as you have designed it' })
    .boundingBox())!
  const size = (await section.getByRole('group', { name: 'Size', exact: true }).boundingBox())!
  expect(drawing.x + drawing.width).toBeLessThanOrEqual(size.x)
  await expect(section.getByTestId('total-price')).toBeVisible()
  // The phone's section bar and the bar's own total and price details are not needed here.
  await expect(section.getByRole('navigation', { name: 'Parts of the design' })).toBeHidden()
  await expect(section.getByTestId('order-bar-total')).toBeHidden()
  await expect(section.getByRole('button', { name: 'Price details' })).toBeHidden()
  const add = (await section.getByRole('button', { name: 'Add to order' }).boundingBox())!
  const quantity = (await section
    .getByRole('group', { name: 'Quantity', exact: true })
    .boundingBox())!
  expect(add.x).toBeGreaterThanOrEqual(size.x)
  expect(add.y).toBeGreaterThan(quantity.y + quantity.height)
})

test('offline: colours and size changed with no network survive closing the page', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await openConfigurator(page)

  await context.setOffline(true)
  try {
    await paint(page, 'Torso', 'Chalk white')
    await configurator(page)
      .getByLabel(/^Corvid 2, size L/)
      .check()
    await expect(regionFill(page, 'body')).toHaveAttribute('fill', CHALK_WHITE)
    await expect
      .poll(async () => (await storedDraft(page, 'order_corvid-2'))?.order)
      .toMatchObject({ 'color.body': 'w1A', size: 'L' })
    await page.close()

    const reopened = await context.newPage()
    await openConfigurator(reopened)
    await expect(configurator(reopened).getByLabel(/^Corvid 2, size L/)).toBeChecked()
    await expect(regionFill(reopened, 'body')).toHaveAttribute('fill', CHALK_WHITE)
    await reopened.waitForLoadState('networkidle')
    forgetOfflineFailures(consoleErrors)
    await reopened.close()
  } finally {
    await context.setOffline(false)
  }
})

test('offline: a product never opened before can be configured from the catalog snapshot', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await waitForCatalogSnapshot(page)
  await context.setOffline(true)
  try {
    const section = await openConfigurator(page, '/trackingsuits/vector', 'Vector')
    // On a loaded machine (CI, with typecheck and lint beside it) a first click once left Torso
    // chosen, Sleeves focused: not reproduced here; the click is made again until it takes.
    const sleeves = section
      .getByRole('radiogroup', { name: 'Part to colour' })
      .getByLabel('Sleeves')
    await expect(async () => sleeves.check({ timeout: 5_000 })).toPass({ timeout: 30_000 })
    await section
      .getByRole('radiogroup', { name: /^Colour of the/ })
      .getByLabel('Signal red')
      .check()
    await expect(
      section.locator('svg [data-region="sleeve"][data-side="l"]').first(),
    ).toHaveAttribute('fill', SIGNAL_RED)
    await expect
      .poll(async () => (await storedDraft(page, 'order_vector'))?.order)
      .toMatchObject({
        'color.sleeve': 'r7C',
      })
    await page.waitForLoadState('networkidle')
    forgetOfflineFailures(consoleErrors)
  } finally {
    await context.setOffline(false)
  }
})

test('a second tab on the same design sees each change', async ({ page, context }) => {
  await openConfigurator(page)
  const other = await context.newPage()
  await openConfigurator(other)

  await paint(page, 'Tail wing', 'Chalk white')
  await expect(regionFill(other, 'leg-wing')).toHaveAttribute('fill', CHALK_WHITE)
  await configurator(other)
    .getByRole('radio', { name: /^Reflective/ })
    .check()
  await expect(configurator(page).getByRole('radio', { name: /^Reflective/ })).toBeChecked()
  await other.close()
})

test('a shared link recreates the design elsewhere, refuses tampering and asks before replacing a design', async ({
  page,
  browser,
  baseURL,
}) => {
  const section = await openConfigurator(page)
  await paint(page, 'Arm wings', 'Chalk white')
  await section.getByLabel(/^Corvid 2, size M/).check()
  await section.getByRole('button', { name: 'Copy link' }).click()
  const link = await section.getByRole('textbox', { name: /link/i }).inputValue()
  expect(link).toMatch(/\/wingsuits\/corvid-2\?design=1\./)

  const fresh = await browser.newContext({ baseURL })
  try {
    const elsewhere = await fresh.newPage()
    await elsewhere.goto(link)
    const there = configurator(elsewhere)
    await expect(there.getByLabel(/^Corvid 2, size M/)).toBeChecked()
    await expect(regionFill(elsewhere, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)
    await expect(elsewhere).toHaveURL(/\/wingsuits\/corvid-2$/)
    await expect
      .poll(async () => (await storedDraft(elsewhere, 'order_corvid-2'))?.order)
      .toMatchObject({
        'color.arm-wing': 'w1A',
        size: 'M',
      })

    const tampered = link.replace(
      /design=1\.(.)/,
      (_, c: string) => `design=1.${c === 'A' ? 'B' : 'A'}`,
    )
    await elsewhere.goto(tampered)
    await expect(configurator(elsewhere).getByRole('alert')).toContainText(
      'This design link is damaged or was changed',
    )
    // The design opened before is kept.
    await expect(regionFill(elsewhere, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)

    // A design shared back to someone who has one of their own asks before replacing it.
    await paint(elsewhere, 'Tail wing', 'Chalk white')
    await configurator(elsewhere).getByRole('button', { name: 'Copy link' }).click()
    const reply = await configurator(elsewhere).getByRole('textbox', { name: /link/i }).inputValue()
    await page.goto(reply)
    const ask = page.getByRole('alertdialog', { name: 'Open the shared design?' })
    await ask.getByRole('button', { name: 'Replace my design' }).click()
    await expect(regionFill(page, 'leg-wing')).toHaveAttribute('fill', CHALK_WHITE)
    await expect(regionFill(page, 'arm-wing')).toHaveAttribute('fill', CHALK_WHITE)
  } finally {
    await fresh.close()
  }
})

test('invalid measurements disable add-to-order, with a message next to the field', async ({
  page,
}) => {
  const section = await openConfigurator(page, '/wingsuits/a5', 'A5')
  const add = section.getByRole('button', { name: 'Add to order' })
  await expect(section.getByLabel('Made to measure')).toBeChecked()
  await expect(add).toBeDisabled()

  const height = section.getByRole('textbox', { name: 'Height' })
  await height.fill('300')
  await height.blur()
  await expect(height).toHaveAttribute('aria-invalid', 'true')
  await expect(height).toHaveAccessibleDescription(/Height must be between 140 and 210 cm/)
  await expect(add).toBeDisabled()

  const good: Record<string, string> = {
    Height: '178',
    Weight: '76',
    Chest: '98',
    Waist: '84',
    Hips: '99',
    Inseam: '82',
    'Arm span': '180',
    'Shoulder width': '45',
    'Torso length': '68',
  }
  for (const [label, value] of Object.entries(good))
    await section.getByRole('textbox', { name: label, exact: true }).fill(value)
  await expect(height).not.toHaveAttribute('aria-invalid', 'true')
  await expect(add).toBeEnabled()

  await add.click()
  // The answer is where the customer looks (in view, focused), and the design is kept.
  const added = section.getByRole('status').filter({ hasText: /^Added to your order/ })
  await expect(added).toBeFocused()
  await expect(added).toBeInViewport()
  // What went into the cart, in the cart's words: no order keys, colour codes or cents.
  await expect(added).toContainText('A5, made to measure')
  await expect(added.getByRole('listitem').first()).toHaveText('Made to measure')
  await expect(added).toContainText('Measurements: Height 178 cm, Weight 76 kg')
  await expect(added).not.toContainText(/measurement\.|color\.|total_price/)
  await expect(added.getByRole('link', { name: 'View your cart' })).toHaveAttribute('href', '/cart')
  await expect(height).toHaveValue('178')
})

test('the overlays keep focus inside, close on Escape and give focus back', async ({ page }) => {
  const section = await openConfigurator(page)
  const help = section.getByRole('button', { name: 'How it works' })
  await help.click()
  const dialog = page.getByRole('dialog', { name: 'How the configurator works' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(help).toBeFocused()

  // The warning overlay asks before a reset, and the reset restores the defaults.
  await paint(page, 'Torso', 'Signal red')
  await expect(regionFill(page, 'body')).toHaveAttribute('fill', SIGNAL_RED)
  await section.getByRole('button', { name: 'Reset' }).click()
  const warning = page.getByRole('alertdialog', { name: 'Start again?' })
  await warning.getByRole('button', { name: 'Reset the design' }).click()
  await expect(regionFill(page, 'body')).not.toHaveAttribute('fill', SIGNAL_RED)
  await expect(section.getByLabel('Made to measure')).toBeChecked()

  // Super custom opens the designer; the pattern is drawn on the suit.
  await section.getByRole('checkbox', { name: /^Super custom/i }).check()
  await section.getByRole('button', { name: 'Open the designer' }).click()
  const designer = page.getByRole('dialog', { name: 'Super custom designer' })
  await expect(designer).toBeVisible()
  await designer.getByRole('radio', { name: 'Stripes' }).check()
  await designer.getByRole('checkbox', { name: 'Arm wings' }).check()
  await page.keyboard.press('Escape')
  await expect(regionFill(page, 'arm-wing')).toHaveAttribute('fill', /^url\(#/)
})

test('the asymmetric upgrade paints the left and right sides apart', async ({ page }) => {
  const section = await openConfigurator(page)
  const total = section.getByTestId('total-price')
  const before = await total.textContent()
  await section
    .getByRole('group', { name: 'Upgrades' })
    .getByRole('checkbox', { name: /^Asymmetric design/ })
    .check()
  await expect(total).not.toHaveText(before!)
  await section.getByRole('radiogroup', { name: 'Side to colour' }).getByLabel('Left side').check()
  await paint(page, 'Torso', 'Signal red')
  await expect(regionFill(page, 'body', 'l')).toHaveAttribute('fill', SIGNAL_RED)
  await expect(regionFill(page, 'body', 'r')).not.toHaveAttribute('fill', SIGNAL_RED)
  await expect
    .poll(async () => (await storedDraft(page, 'order_corvid-2'))?.order)
    .toMatchObject({ 'color.body.l': 'r7C' })
})
