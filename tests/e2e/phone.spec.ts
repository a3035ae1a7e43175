import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Locator, type Page, type Response } from '@playwright/test'
import { PAGE_VIEWS_PATH } from '../../contract/page-views.ts'
import { families } from '../../contract/families.ts'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expect, onOnePage, test } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

// The store on a 390-pixel phone (issue 10): touch, a mobile viewport, the size the shell is
// designed for.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
test.use(phone)

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** A screen on the phone, and what one visit to it measures besides its targets. */
interface Screen {
  name: string
  path: string
  /** What shows once the screen's own data has arrived, where its prerendered page lacks it. */
  ready?: (page: Page) => Locator
  /** Axe-core in the light and the dark colour scheme. */
  axe?: true
  /** The app bar: at most 64 px high, and in view while scrolling. */
  appBar?: true
  /** A listing: its first product card fully on the first screen, two a row. */
  listing?: true
  /** More this screen measures, in the same visit. */
  more?: (page: Page) => Promise<void>
}

const continueAsGuest = (page: Page) => page.getByRole('button', { name: 'Continue as a guest' })
const emptyCart = (page: Page) => page.getByRole('heading', { name: 'Your cart is empty' })

const screens: Screen[] = [
  {
    name: 'home',
    path: '/',
    axe: true,
    appBar: true,
    more: async (page) => {
      // In the browser (not installed) there is no tab bar.
      await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toBeHidden()
      // Primary actions are 44 px high.
      const action = await page.getByRole('link', { name: 'Meet the Corvid 2' }).boundingBox()
      expect(action!.height).toBeGreaterThanOrEqual(44)
    },
  },
  {
    name: 'the store',
    path: '/store',
    axe: true,
    listing: true,
    more: (page) => sheets(page, { targets: true }),
  },
  {
    name: 'a listing',
    path: '/wingsuits',
    axe: true,
    appBar: true,
    listing: true,
    more: (page) => sheets(page, { axe: true }),
  },
  {
    name: 'a product page',
    path: '/wingsuits/corvid-2',
    axe: true,
    appBar: true,
    ready: (page) => page.locator('.current-production-time').first(),
  },
  ...Object.values(families)
    .filter((family) => family.path !== '/wingsuits')
    .map((family): Screen => ({
      name: `the ${family.title} listing`,
      path: family.path,
      listing: true,
    })),
  { name: 'news', path: '/news' },
  { name: 'a news article', path: '/news/view/corvid-2-launch', axe: true },
  { name: 'learn', path: '/learn' },
  { name: 'a learning article', path: '/learn/caring-for-your-wingsuit' },
  {
    name: 'learn search',
    path: '/learnSearch/packing',
    axe: true,
    ready: (page) => page.locator('main a[href^="/learn/"]').first(),
  },
  { name: 'dealers', path: '/dealers', axe: true },
  { name: 'coaches', path: '/coaches' },
  { name: 'a coach', path: '/coaches/pieter-venter' },
  { name: 'gallery', path: '/gallery' },
  {
    name: 'colours',
    path: '/colors',
    axe: true,
    more: async (page) => {
      // Checkboxes are enlarged.
      const checkbox = await page.getByRole('checkbox').first().boundingBox()
      expect(checkbox!.width).toBeGreaterThanOrEqual(24)
      expect(checkbox!.height).toBeGreaterThanOrEqual(24)
    },
  },
  { name: 'production time', path: '/production-time', axe: true },
  { name: 'manuals', path: '/manuals' },
  { name: 'a manual', path: '/manuals/corvid-2' },
  { name: 'the super custom archive', path: '/supercustom/archive' },
  { name: 'a marketing page', path: '/about' },
  { name: 'a landing page', path: '/landing/spring-wingsuit-sale' },
  { name: 'the cart', path: '/cart', axe: true, appBar: true, ready: emptyCart },
  {
    name: 'the account (signed out: the sign-in screen)',
    path: '/account',
    ready: continueAsGuest,
  },
  { name: 'sign in', path: '/login', axe: true, ready: continueAsGuest },
  {
    name: 'create an account',
    path: '/login?mode=register',
    ready: (page) => page.getByRole('button', { name: 'Create account' }),
  },
  {
    name: 'reset password',
    path: '/reset-password',
    ready: (page) => page.getByRole('button', { name: 'E-mail me a reset link' }),
  },
  { name: 'checkout', path: '/checkout', axe: true, ready: emptyCart },
  {
    name: 'contact',
    path: '/contact',
    ready: (page) => page.getByRole('button', { name: 'Send message' }),
  },
]

const isPageViews = (response: Response) =>
  new URL(response.url()).pathname === PAGE_VIEWS_PATH && response.request().method() === 'POST'

/**
 * Opens a screen and waits until it is what the visitor sees: its heading shown, the app started
 * (it counts the page view after its first view), and, where the prerendered page lacks them,
 * the screen's own data on screen.
 */
async function open(page: Page, path: string, ready?: (page: Page) => Locator): Promise<void> {
  const viewed = page.waitForResponse(isPageViews)
  await page.goto(path)
  await expect(page.locator('main h1').first()).toBeVisible()
  await viewed
  if (ready) await expect(ready(page)).toBeVisible()
}

/**
 * A product page opened to design: the configurator loads and shows its form, and the
 * production time it shows beside the price has arrived (it would move what is below it).
 */
async function openConfigurator(page: Page, path = '/wingsuits/corvid-2#design'): Promise<void> {
  const viewed = page.waitForResponse(isPageViews)
  await page.goto(path)
  // The configurator's own (the page's options have an "Add to order" of their own). Its code
  // loads as the section nears the screen: on a busy machine that takes more than 5 s.
  await expect(page.locator('#design').getByRole('button', { name: 'Add to order' })).toBeVisible({
    timeout: 15_000,
  })
  await viewed
  await expect(page.locator('.current-production-time').first()).toBeAttached()
}

async function appBarHeight(page: Page): Promise<number> {
  return (await page.getByRole('banner').boundingBox())?.height ?? Infinity
}

/** Every visible thing a finger can press that is under 24 x 24 CSS px (WCAG 2.5.8). */
async function smallTargets(page: Page): Promise<string[]> {
  // A sheet slides and scales in: its targets are measured once it has come to rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
  return page.evaluate(() => {
    const interactive =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])'
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(interactive)) {
      const box = element.getBoundingClientRect()
      // Not rendered (display: none, a closed menu's links).
      if (box.width === 0 && box.height === 0) continue
      if (getComputedStyle(element).visibility === 'hidden') continue
      if (box.width < 24 || box.height < 24) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        )
      }
    }
    return small
  })
}

async function seriousViolations(page: Page): Promise<string[]> {
  // A sheet slides and fades in: colours are measured once it has come to rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown) => Promise<{ violations: unknown[] }> }
      }
    ).axe
    return (await axe.run(document)).violations as Array<{
      id: string
      impact: string | null
      help: string
      nodes: Array<{ target: string[] }>
    }>
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * The store installed as an app and opened from the home screen: Chromium installs it from its
 * manifest (CDP PWA domain; only a real profile can install, hence the persistent context), set
 * to open in its own window, and launches it. Emulated media cannot fake `display-mode`: this
 * Chromium ignores it in Emulation.setEmulatedMedia.
 */
async function openInstalledApp(
  origin: string,
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ app: Page; errors: string[]; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'glidecraft-installed-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    ...phone,
    colorScheme,
  })
  const close = async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${origin}/`)
    const cdp = await context.newCDPSession(page)
    const manifestId = `${origin}/`
    await cdp.send('PWA.install', { manifestId, installUrlOrBundleUrl: manifestId })
    await cdp.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' })
    const launched = context.waitForEvent('page')
    await cdp.send('PWA.launch', { manifestId, url: origin + path })
    const app = await launched
    const errors: string[] = []
    app.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    app.on('pageerror', (error) => errors.push(error.message))
    await expect(app.locator('main h1').first()).toBeVisible()
    return { app, errors, close }
  } catch (error) {
    await close()
    throw error
  }
}

test.describe('the app bar', () => {
  test('its search opens over the page, its box focused, and closes back to its button', async ({
    page,
  }) => {
    await open(page, '/')
    const button = page
      .getByRole('banner')
      .getByRole('link', { name: 'Search products and guides' })
    await button.click()
    const sheet = page.getByRole('dialog', { name: 'Search' })
    await expect(sheet.getByRole('searchbox', { name: 'Products and guides' })).toBeFocused()
    // It opens from the top, clear of the on-screen keyboard.
    expect((await sheet.getByRole('searchbox').boundingBox())!.y).toBeLessThan(200)
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  test('a focused link far down the page is not hidden under it', async ({ page }) => {
    await open(page, '/wingsuits')
    await page.mouse.wheel(0, 3000)
    // Shift+Tab from the footer back up into the listing: the browser scrolls each into view.
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link').first().focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab')
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top)
    expect(focused).toBeGreaterThanOrEqual(await appBarHeight(page))
  })
})

test.describe('listings', () => {
  test('the filter sheet counts live and applies on close, into the URL', async ({ page }) => {
    await open(page, '/wingsuits')
    const filter = page.getByRole('button', { name: 'Filter', exact: true })
    await filter.click()
    const sheet = page.getByRole('dialog', { name: 'Filter' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('status')).toHaveText('8 products')

    await sheet.getByRole('radio', { name: /^Fjord teal \(1\)/ }).check()
    await expect(sheet.getByRole('status')).toHaveText('1 of 8 products match')
    await expect(sheet.getByRole('button', { name: 'Show 1 product' })).toBeVisible()
    // Nothing applies while the sheet is open.
    expect(new URL(page.url()).search).toBe('')

    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL(/\?color=[a-z]\d[A-Z]$/)
    await expect(page.locator('.product-card')).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Filter 1 in use' })).toBeFocused()

    // Typed prices count too, and "Show" applies them with the rest.
    await page.getByRole('button', { name: 'Filter 1 in use' }).click()
    await sheet.getByRole('button', { name: 'Clear filters' }).click()
    await sheet.getByLabel('Price to (USD)').fill('1200')
    await expect(sheet.getByRole('status')).toHaveText('2 of 8 products match')
    await sheet.getByRole('button', { name: 'Show 2 products' }).click()
    await expect(page).toHaveURL(/\?max=1200$/)
    await expect(page.locator('.product-card')).toHaveCount(2)
  })
})

test.describe('the menu sheet', () => {
  test('opens on the first tap, traps focus, closes with Escape and returns focus', async ({
    page,
  }) => {
    await open(page, '/')
    const menuButton = page.getByRole('banner').getByRole('link', { name: 'Menu' })
    await menuButton.tap()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Wingsuits' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Your designs' })).toBeVisible()
    // Focus cycles inside the sheet: more Tabs than it has links never leave it.
    const stops = (await menu.getByRole('link').count()) + 3
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab')
      expect(await menu.evaluate((sheet) => sheet.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(menuButton).toBeFocused()
  })

  test('following a link closes it and goes there', async ({ page }) => {
    await open(page, '/')
    await page.getByRole('banner').getByRole('link', { name: 'Menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Dealers' }).click()
    await expect(page).toHaveURL(/\/dealers$/)
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('without the script, the menu button leads to the full navigation', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Menu' }).click()
    await expect(page).toHaveURL(/#site-nav$/)
    await expect(
      page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Wingsuits' }),
    ).toBeInViewport()
    await context.close()
  })
})

test.describe('the configurator on a phone', () => {
  const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

  /**
   * What the form has of the screen: from the app bar to the order bar, the one bar the
   * configurator holds on a phone (the drawing and the section row scroll with the page).
   */
  async function clearArea(page: Page) {
    const bar = (await page.getByRole('group', { name: 'Your order' }).boundingBox())!
    return { top: await appBarHeight(page), bottom: bar.y, barBottom: bar.y + bar.height }
  }

  test('a colour chosen at the bottom of the colour section shows on the order bar’s drawing and in the total', async ({
    page,
  }) => {
    await openConfigurator(page)
    const section = page.getByRole('region', { name: 'Design your Corvid 2' })
    const drawing = section.getByRole('img', { name: 'Corvid 2 as you have designed it' })
    const total = page.getByRole('group', { name: 'Your order' }).getByTestId('order-bar-total')
    const before = money(await total.textContent())

    // The last part in the list, then the last colour of the palette (one that costs more).
    const lastPart = section
      .getByRole('radiogroup', { name: 'Part to colour' })
      .getByRole('radio')
      .last()
    const region = await lastPart.inputValue()
    await lastPart.tap()
    const lastColour = section
      .getByRole('radiogroup', { name: /^Colour of the/ })
      .getByRole('radio')
      .last()
    const chip = section.locator('.swatch-choice').last()
    const [name, hex] = await chip.evaluate((label) => [
      label.textContent!,
      label.querySelector('rect')!.getAttribute('fill')!,
    ])
    await chip.tap()
    await expect(lastColour).toBeChecked()

    // The chip is on screen between the app bar and the order bar, under neither, and the form
    // has most of the screen: only the order bar stays (issue 32: about 400 of 844 px were left).
    const clear = await clearArea(page)
    const chipBox = (await chip.boundingBox())!
    expect(chipBox.y).toBeGreaterThanOrEqual(clear.top)
    expect(chipBox.y + chipBox.height).toBeLessThanOrEqual(clear.bottom)
    expect(clear.barBottom).toBeLessThanOrEqual(844)
    expect(clear.bottom - clear.top).toBeGreaterThanOrEqual(560)

    // The drawing, up the page, and the order bar's small copy in view are painted in it.
    const thumb = page.locator('.order-bar-thumb')
    await expect(thumb).toBeInViewport()
    for (const painted of [drawing, thumb])
      for (const side of ['l', 'r'])
        await expect(
          painted.locator(`[data-region="${region}"][data-side="${side}"]`).first(),
        ).toHaveAttribute('fill', hex)
    // Its name is written above the chips while chosen.
    const colourName = name.replace(/\s*\+.*/, '')
    await expect(section.locator('.swatch-chosen')).toContainText(colourName)

    // The bar's total has the colour's surcharge in it.
    const surcharge = money(name.match(/\+\$[\d,.]+/)?.[0] ?? null)
    expect(surcharge).toBeGreaterThan(0)
    await expect.poll(async () => money(await total.textContent())).toBe(before + surcharge)
    // No sideways scrolling, which would widen the layout viewport under the bars.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  })

  test('colour chips are 44 px, named on focus, and named for assistive technology', async ({
    page,
  }) => {
    await openConfigurator(page)
    const colours = page.getByRole('radiogroup', { name: /^Colour of the/ })
    const chips = page.locator('.swatch-choice')
    const count = await chips.count()
    expect(count).toBeGreaterThan(10)
    for (let i = 0; i < count; i++) {
      const box = (await chips.nth(i).boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(44)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    await expect(colours.getByRole('radio', { name: 'Chalk white' })).toBeAttached()

    // The keyboard moves through the colours: the focused chip's name shows above them.
    await colours.getByRole('radio', { checked: true }).focus()
    await page.keyboard.press('ArrowRight')
    const focused = page.locator('.swatch-choice:has(input:focus-visible) .swatch-name')
    const label = (await focused.textContent())!
    const shown = (await focused.boundingBox())!
    expect(shown.width).toBeGreaterThan(24)
    expect(shown.height).toBeGreaterThanOrEqual(16)
    await expect(page.locator('.swatch-chosen')).toContainText(label.replace(/\s*\+.*/, ''))
  })

  test('the section row brings each part under the app bar and moves focus there', async ({
    page,
  }) => {
    await openConfigurator(page)
    const parts = page.getByRole('navigation', { name: 'Parts of the design' })
    for (const [button, legend] of [
      ['Upgrades', 'Upgrades'],
      ['Size', 'Size'],
      ['Quantity', 'Quantity'],
      ['Colours', 'Colours'],
      ['Options', 'Options'],
    ]) {
      await parts.getByRole('button', { name: button }).tap()
      const group = page.getByRole('group', { name: legend, exact: true })
      // It lands just under the app bar (scrolling smoothly there, unless motion is reduced).
      await expect
        .poll(async () => {
          const offset = (await group.boundingBox())!.y - (await clearArea(page)).top
          return offset >= 0 && offset <= 24
        })
        .toBe(true)
      // Focus moved with it: the next Tab goes on in that part.
      expect(await group.evaluate((fieldset) => document.activeElement!.contains(fieldset))).toBe(
        true,
      )
    }
  })

  test('a focused control is never under the app bar or the order bar', async ({ page }) => {
    await openConfigurator(page)
    await page.getByRole('radio', { name: /^Corvid 2, size S/ }).focus()
    const seen = new Set<string>()
    // Forwards through the form to the order bar, one Tab at a time.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement
        const box = element.getBoundingClientRect()
        return {
          name:
            element.getAttribute('aria-label') ??
            element.closest('label')?.textContent ??
            element.textContent ??
            '',
          inBar: element.closest('.sticky-bar') !== null,
          top: box.top,
          bottom: box.bottom,
        }
      })
      if (focus.inBar) break
      seen.add(focus.name)
      const clear = await clearArea(page)
      expect(focus.top, focus.name).toBeGreaterThanOrEqual(clear.top)
      expect(focus.bottom, focus.name).toBeLessThanOrEqual(clear.bottom)
    }
    expect(seen.size).toBeGreaterThan(10)
  })

  test('"Show what" in the order bar brings the first problem into view', async ({ page }) => {
    await openConfigurator(page)
    await page.getByRole('button', { name: 'Show what' }).tap()
    const height = page.getByRole('textbox', { name: 'Height', exact: true })
    await expect(height).toBeFocused()
    await expect(height).toHaveAccessibleDescription(/Enter your height/)
    const box = (await height.boundingBox())!
    const clear = await clearArea(page)
    expect(box.y).toBeGreaterThanOrEqual(clear.top)
    expect(box.y + box.height).toBeLessThanOrEqual(clear.bottom)
  })

  test('radios and checkboxes are enlarged, level with their labels; Add to order is 44 px high', async ({
    page,
  }) => {
    await openConfigurator(page)
    for (const control of [
      page.getByRole('radio', { name: /^Corvid 2, size M/ }),
      page.getByRole('checkbox', { name: /^Booties/ }),
      page.getByRole('radio', { name: 'Torso' }),
    ]) {
      const box = (await control.boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(24)
      expect(box.height).toBeGreaterThanOrEqual(24)
      // The box's middle is on the label's first line.
      const line = await control.evaluate((input) => {
        const range = document.createRange()
        range.selectNodeContents(input.nextElementSibling!.firstChild!)
        const first = range.getClientRects()[0]!
        return { top: first.top, bottom: first.bottom }
      })
      const middle = box.y + box.height / 2
      expect(middle).toBeGreaterThan(line.top)
      expect(middle).toBeLessThan(line.bottom)
      // The row it sits in is a 44 px target.
      const row = (await control.locator('xpath=..').boundingBox())!
      expect(row.height).toBeGreaterThanOrEqual(44)
    }
    const add = (await page
      .getByRole('region', { name: 'Design your Corvid 2' })
      .getByRole('button', { name: 'Add to order' })
      .boundingBox())!
    expect(add.height).toBeGreaterThanOrEqual(44)
  })
})

test.describe('your designs', () => {
  test('"Your designs" lands on them, or on the truth that there are none yet', async ({
    page,
  }) => {
    const designs = page.getByRole('region', { name: 'Your designs on this device' })
    const landed = async () => {
      await expect(designs).toContainText('No designs on this device yet')
      await expect(designs.getByRole('link', { name: 'Wingsuits' })).toBeVisible()
      const heading = (await designs.getByRole('heading').boundingBox())!
      expect(heading.y).toBeGreaterThanOrEqual(await appBarHeight(page))
      expect(heading.y + heading.height).toBeLessThanOrEqual(844)
    }
    await open(page, '/')
    await page.getByRole('banner').getByRole('link', { name: 'Menu' }).click()
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Your designs' })
      .click()
    await landed()

    // Opened from a link elsewhere, or a bookmark.
    await page.goto('/store#your-designs')
    await landed()
  })
})

/** Axe-core finds nothing serious in the light colour scheme, nor in the dark (no reload). */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The filter sheet, then the menu sheet, each measured open: their targets, or axe. */
async function sheets(page: Page, measure: { targets?: true; axe?: true }): Promise<void> {
  const check = async () => {
    if (measure.targets) expect(await smallTargets(page)).toEqual([])
    if (measure.axe) await expectNoSeriousViolations(page)
  }
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible()
  await check()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Filter' })).toBeHidden()
  await page.getByRole('banner').getByRole('link', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await check()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
}

/** The first product card is fully on the first screen, under the app bar, two cards a row. */
async function expectProductsFirst(page: Page): Promise<void> {
  const cards = page.locator('.product-card')
  const first = await cards.first().boundingBox()
  expect(first).not.toBeNull()
  expect(first!.y).toBeGreaterThanOrEqual(await appBarHeight(page))
  expect(first!.y + first!.height).toBeLessThanOrEqual(844)
  if ((await cards.count()) > 1) {
    const second = await cards.nth(1).boundingBox()
    expect(second!.y).toBeCloseTo(first!.y, 0)
  }
}

function measures(screen: Screen): string {
  return [
    'nothing to press under 24 x 24 px',
    ...(screen.listing ? ['products first'] : []),
    ...(screen.appBar ? ['an app bar at most 64 px high that stays in view'] : []),
    ...(screen.axe ? ['axe light and dark'] : []),
  ].join(', ')
}

// One visit per screen measures all that screen needs (WCAG 2.5.8's 24 px targets on every one).
// The screens are visited one after another in one page, as a visitor goes from one to the next
// (fixtures.ts, onOnePage): none of them changes what the next one shows.
const screenTest = onOnePage('phone', phone)

test.describe('each screen, in one visit', () => {
  for (const screen of screens) {
    screenTest(`${screen.name} (${screen.path}): ${measures(screen)}`, async ({ page }) => {
      await open(page, screen.path, screen.ready)
      expect(await smallTargets(page)).toEqual([])
      if (screen.listing) await expectProductsFirst(page)
      if (screen.appBar) expect(await appBarHeight(page)).toBeLessThanOrEqual(64)
      if (screen.axe) await expectNoSeriousViolations(page)
      await screen.more?.(page)
      if (screen.appBar) {
        // Last, as it scrolls the page: the bar stays in view.
        await page.mouse.wheel(0, 1200)
        await expect
          .poll(() =>
            page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().top),
          )
          .toBe(0)
      }
    })
  }

  test('the configurator with its messages and its price details: targets, axe light and dark', async ({
    page,
  }) => {
    await openConfigurator(page)
    expect(await smallTargets(page)).toEqual([])
    await page.getByRole('button', { name: 'Show what' }).click()
    await expect(page.getByText('Enter your height.')).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Price details' }).click()
    await expect(page.getByRole('dialog', { name: 'Price of your design' })).toBeVisible()
    expect(await smallTargets(page)).toEqual([])
    await expectNoSeriousViolations(page)
  })
})

// One installed app, launched once: its tab bar, axe in both schemes, then designing in it.
test('the installed app: a bottom tab bar that never covers the page, axe light and dark, and the configurator’s order bar on it', async ({
  baseURL,
}) => {
  const { app, errors, close } = await openInstalledApp(baseURL!, '/store')
  try {
    const tabs = app.getByRole('navigation', { name: 'Shortcuts' })
    await test.step('a bottom tab bar that never covers the page', async () => {
      expect(await app.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      await expect(tabs).toBeVisible()
      for (const name of ['Store', 'Your designs', 'Cart', 'Sign in']) {
        const tab = tabs.getByRole('link', { name })
        await expect(tab).toBeVisible()
        expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      }
      await expect(tabs.getByRole('link', { name: 'Store' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      // No cart yet: the tab claims no count.
      await expect(tabs.getByRole('link', { name: 'Cart' })).toHaveText('Cart')
      const bar = (await tabs.boundingBox())!
      expect(bar.y + bar.height).toBeCloseTo(844, 0)
    })

    await test.step('its tab bar: axe light and dark', async () => {
      await expectNoSeriousViolations(app)
    })

    await test.step('scrolled to the end, the last of the page sits above the bar', async () => {
      const bar = (await tabs.boundingBox())!
      await app.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const last = await app.locator('footer p').boundingBox()
      expect(last!.y + last!.height).toBeLessThanOrEqual(bar.y)
    })

    await test.step('signed out, the account tab leads to signing in', async () => {
      await tabs.getByRole('link', { name: 'Sign in' }).click()
      await expect(app.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
      await expect(tabs.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'aria-current',
        'page',
      )
    })

    await test.step("the configurator's order bar sits on the tab bar, never under it", async () => {
      await app.goto(`${baseURL!}/wingsuits/corvid-2#design`)
      const bar = app.getByRole('group', { name: 'Your order' })
      await expect(bar.getByRole('button', { name: 'Add to order' })).toBeVisible()
      const tabBar = (await tabs.boundingBox())!
      // Stuck right on it: at most the tab bar's 1 px top border apart.
      await expect
        .poll(async () => {
          const box = (await bar.boundingBox())!
          return Math.abs(box.y + box.height - tabBar.y) <= 1
        })
        .toBe(true)
    })
    expect(errors).toEqual([])
  } finally {
    await close()
  }
})
