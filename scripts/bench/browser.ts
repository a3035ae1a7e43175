// Debian's Chromium for the measurements that drive a page.
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../chromium.ts'

/** Runs `use` with a freshly launched Chromium, closed afterwards whatever happens. */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    return await use(browser)
  } finally {
    await browser.close()
  }
}

/**
 * Scrolls half a screen per frame, as a thumb would, until `count` elements match `selector` (or
 * 4 minutes pass); answers how many match.
 */
export async function scrollUntil(page: Page, selector: string, count: number): Promise<number> {
  return page.evaluate(
    async ({ selector, count }) => {
      // No named functions in here: the bundler's name helper does not exist in the page.
      const deadline = performance.now() + 240_000
      while (document.querySelectorAll(selector).length < count && performance.now() < deadline) {
        window.scrollBy(0, window.innerHeight / 2)
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))
      }
      return document.querySelectorAll(selector).length
    },
    { selector, count },
  )
}
