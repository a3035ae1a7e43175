// Debian's Chromium for the measurements that drive a page.
import { chromium, type Browser } from '@playwright/test'
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
