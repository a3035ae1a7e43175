import { chromium } from '@playwright/test'
import { expect, test, waitForCatalogSnapshot } from './fixtures.ts'

// The service worker needs a secure context (docs/architecture.md), as a real browser shows it: off
// HTTPS and localhost, Chromium hides navigator.serviceWorker, and the store must still say why it
// runs without a worker.
test('over plain HTTP on a host name the console says service workers need HTTPS or localhost', async ({
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL!).port
  const launchOptions = testInfo.project.use.launchOptions ?? {}
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP shop.test 127.0.0.1'],
  })
  try {
    const page = await browser.newPage()
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    const logged = page.waitForEvent('console', (message) =>
      message.text().includes('can only be used over HTTPS'),
    )
    await page.goto(`http://shop.test:${port}/`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await logged
    // The spec's own words: "service workers can only be used over HTTPS, or on localhost for
    // development", as a sentence of its own.
    expect(messages).toContain(
      'Service workers can only be used over HTTPS, or on localhost for development',
    )
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false)
    // Without a worker the page takes the offline catalog snapshot itself, after the first view.
    await waitForCatalogSnapshot(page)
  } finally {
    await browser.close()
  }
})
