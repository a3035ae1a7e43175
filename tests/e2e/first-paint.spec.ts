import type { Locator, Page } from '@playwright/test'
import { buildManifest, staticGraph } from './build-manifest.ts'
import { expect, test, waitForServiceWorker } from './fixtures.ts'

// Issue 16 (Speed): the customer's own screens paint from their prerendered shells, and what the
// code shows once it has run is built around that first paint, never moving it: their styles are
// in the served page, nothing in view shifts, and no later paint is larger than the first (LCP is
// the first paint). A first visit on a phone, as Lighthouse's mobile audit makes it.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

declare global {
  interface Window {
    shifted: number
    largestPaints: { at: number; size: number; element: string; text: string }[]
  }
}

const screens: { path: string; heading: string; shell: string; ready: (page: Page) => Locator }[] =
  [
    {
      path: '/cart',
      heading: 'Your cart',
      shell: 'Loading your cart…',
      ready: (page) => page.getByRole('heading', { name: 'Your cart is empty' }),
    },
    {
      path: '/checkout',
      heading: 'Checkout',
      shell: 'Loading your checkout…',
      ready: (page) => page.getByRole('heading', { name: 'Your cart is empty' }),
    },
    {
      path: '/login',
      heading: 'Sign in',
      shell: 'Continue as a guest',
      ready: (page) => page.getByRole('button', { name: 'Continue as a guest' }),
    },
  ]

for (const screen of screens) {
  test(`${screen.path} is painted by its prerendered page, and nothing moves when the code runs`, async ({
    page,
  }) => {
    const served = await (await page.request.get(screen.path)).text()
    expect(served).toContain(`<h1>${screen.heading}</h1>`)
    expect(served).toContain(screen.shell)
    const servedSheets = [...served.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1],
    )

    await page.addInitScript(() => {
      window.shifted = 0
      window.largestPaints = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          window.shifted += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          size: number
          element: Element | null
        })[]) {
          // What painted, so that a failure names it.
          const element = entry.element
            ? `<${entry.element.localName} class="${entry.element.className}">${entry.element.textContent?.slice(0, 60) ?? ''}`
            : 'removed'
          window.largestPaints.push({
            at: entry.startTime,
            size: entry.size,
            element,
            text: entry.element?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
          })
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(screen.path)
    await expect(screen.ready(page)).toBeEnabled()
    // What the page loaded later (its data, the hydrated form) is on screen: no stylesheet came
    // after the first paint, nothing shifted, and the largest paint was the first one.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    )
    expect(sheets.filter((sheet) => !servedSheets.includes(sheet))).toEqual([])
    expect(await page.evaluate(() => window.shifted)).toBe(0)
    const { paints, firstContentful, servedText } = await page.evaluate((html) => {
      const parsed = new DOMParser().parseFromString(html, 'text/html')
      return {
        paints: window.largestPaints,
        firstContentful: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        servedText: parsed.body.textContent?.replace(/\s+/g, ' ') ?? '',
      }
    }, served)
    // The largest paint came with the first one. A loaded machine may paint the served page in
    // two frames (the parser yields half-way): a later, larger paint is then the served page's
    // own words, never what the code put on it.
    expect(paints[0]?.at, JSON.stringify(paints)).toBe(firstContentful)
    for (const later of paints.slice(1))
      expect(later.text !== '' && servedText.includes(later.text), JSON.stringify(later)).toBe(true)
  })
}

// Dexie's own error names, as its bundle spells them.
const isDexie = (code: string) => code.includes('DatabaseClosed') && code.includes('Dexie')

// Issue 16 (Speed, TBT): the cart and the checkout hydrate their frame with what the app already
// has, and load IndexedDB's code afterwards in pieces, Dexie evaluated in a task before the page's
// own code (lib/db-code.ts). Dexie is in neither the app's nor the route's first chunks, and the
// page's code is asked for only once Dexie has arrived.
for (const screen of [
  {
    path: '/checkout',
    route: 'src/routes/checkout/$.tsx?tsr-split=component---loader',
    pageCode: 'src/routes/checkout/-components/live-checkout.tsx',
  },
  {
    path: '/cart',
    route: 'src/routes/cart.tsx?tsr-split=component---loader',
    pageCode: 'src/features/cart/components/cart-page.tsx',
  },
]) {
  test(`${screen.path} loads Dexie after its first chunks, and its own code after Dexie`, async ({
    page,
  }) => {
    const manifest = buildManifest()
    const first = [...staticGraph(manifest, 'index.html'), ...staticGraph(manifest, screen.route)]
    expect(manifest[screen.route], 'the route chunk is in the manifest').toBeDefined()
    for (const file of first) {
      const code = await (await page.request.get(file)).text()
      expect(isDexie(code), `${file} holds Dexie`).toBe(false)
    }

    await page.goto(screen.path)
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          startTime: entry.startTime,
          responseEnd: (entry as PerformanceResourceTiming).responseEnd,
        })),
    )
    let dexie: (typeof scripts)[number] | undefined
    for (const script of scripts.filter((entry) => entry.path.endsWith('.js'))) {
      if (isDexie(await (await page.request.get(script.path)).text())) dexie = script
    }
    const pageCode = scripts.find((entry) => entry.path === `/${manifest[screen.pageCode]!.file}`)
    expect(dexie, 'Dexie was loaded').toBeDefined()
    expect(pageCode, "the page's code was loaded").toBeDefined()
    expect(pageCode!.startTime).toBeGreaterThanOrEqual(dexie!.responseEnd)
  })
}

// zod's own error name, as its bundle spells it: only zod's chunk holds it.
const isZod = (code: string) => code.includes('ZodError')

// Issue 32 (item 11): zod, about 100 KB whose evaluation took 50–65 ms of a first visit's main
// thread here, is for forms and the server. A product page and the three private pages start
// without it (the device's cart model starts from contract/empty-cart.ts, the address form asks
// contract/address-regions.ts), through their whole start: the service worker is registered
// last, once the page has settled.
for (const screen of [
  {
    path: '/wingsuits/corvid-2',
    ready: (page: Page) =>
      page.getByRole('form', { name: 'Order the Corvid 2' }).getByRole('button', {
        name: 'Add to order',
      }),
  },
  ...screens,
]) {
  test(`${screen.path} starts without loading zod`, async ({ page }) => {
    await page.goto(screen.path)
    await expect(screen.ready(page)).toBeVisible()
    await waitForServiceWorker(page)
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js')),
    )
    expect(scripts.length).toBeGreaterThan(5)
    for (const file of scripts) {
      const code = await (await page.request.get(file)).text()
      expect(isZod(code), `${file} holds zod`).toBe(false)
    }
  })
}

// A prerendered page can be scrolled before the app has started. On a slow phone the customer
// often has by then: the app's first render must leave the page where they put it (it used to
// scroll back to the top under their finger, so the link they tapped was no longer there, and
// the tap did nothing). The app's code is held back here until the customer has scrolled.
test('a page scrolled before the app started stays where it is, and its links work', async ({
  page,
}) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })
  const contact = page.getByRole('navigation').getByRole('link', { name: 'Contact' }).first()
  await contact.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => scrollY)
  expect(scrolled, 'the link is below the first screen').toBeGreaterThan(0)

  // The app starts; its first view is rendered when it counts the page view.
  const viewed = page.waitForRequest(
    (request) => request.url().endsWith('/api/analytics/page-views') && request.method() === 'POST',
  )
  release()
  await viewed
  expect(await page.evaluate(() => scrollY)).toBe(scrolled)

  await contact.tap()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('region', { name: 'Write to us' })).toBeVisible()
})
