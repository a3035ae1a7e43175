import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// Issue 16 (Speed): the customer's own screens paint from their prerendered shells, and what the
// code shows once it has run is built around that first paint, never moving it: their styles are
// in the served page, nothing in view shifts, and no later paint is larger than the first (LCP is
// the first paint). A first visit on a phone, as Lighthouse's mobile audit makes it.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

declare global {
  interface Window {
    shifted: number
    largestPaints: number[]
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
        for (const entry of list.getEntries()) window.largestPaints.push(entry.startTime)
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
    const { paints, firstContentful } = await page.evaluate(() => ({
      paints: window.largestPaints,
      firstContentful: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }))
    expect(paints).toEqual([firstContentful])
  })
}
