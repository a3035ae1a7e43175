import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, BrowserType } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { startLossyProxy } from '../../scripts/lossy-proxy.ts'
import { expect, test, waitForServiceWorker } from './fixtures.ts'
import { thisWorkerPorts } from './store-server.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * Issue 11: nothing is lost when the browser itself is closed while offline. The browser runs on
 * a profile directory of its own, is shut down with the change still waiting, and is started
 * again on the same directory, still offline: the cart shows the change as waiting, and once the
 * network is back the server holds it once. The shop is reached through a proxy that is shut
 * while the browser restarts: Playwright's offline switch reaches a service worker only once a
 * page is open, and a browser that starts while the shop is reachable sends the change before.
 */

// Beside the worker's server (store-server.ts), so workers and runs on one machine keep apart.
const PROXY_PORT = thisWorkerPorts().restartProxy

const BAG = { path: '/equipment/mission-bag', name: 'Mission bag', sku: 'MISSION-BAG-BLACK' }

let profile: string

test.beforeEach(async () => {
  profile = await mkdtemp(join(tmpdir(), 'glidecraft-profile-'))
})

test.afterEach(async () => {
  await rm(profile, { recursive: true, force: true })
})

function startBrowser(
  chromium: BrowserType,
  baseURL: string,
  offline = false,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    baseURL,
    executablePath: chromiumPath,
    args: chromiumArgs,
    // Offline from the first moment: a browser that starts online hands the worker its `sync`
    // event at once, and the change is sent before any page opens.
    offline,
  })
}

/**
 * In a browser of its own on the kept profile: opens the bag's page through the worker, adds the
 * bag offline, and quits the whole browser with the change waiting in the cart outbox.
 * Resolves with the device's cart token; the pages' console errors go to `errors`.
 */
async function addOfflineAndQuit(
  chromium: BrowserType,
  origin: string,
  errors: string[],
): Promise<string> {
  const browser = await startBrowser(chromium, origin)
  const page = browser.pages()[0] ?? (await browser.newPage())
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto(BAG.path)
  await waitForServiceWorker(page)
  await browser.setOffline(true)
  const form = page.getByRole('form', { name: `Order the ${BAG.name}` })
  await form.getByRole('button', { name: 'Add to order' }).click()
  await expect(form.getByRole('status')).toHaveText(/^Added — will sync when online: Mission bag\./)
  const token = await page.evaluate(() => localStorage.getItem('cart-token'))
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  // The change is in the outbox (IndexedDB) before the page says it was added.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('glidecraft')
            open.onsuccess = () => {
              const all = open.result.transaction('cartOutbox').objectStore('cartOutbox').getAll()
              all.onsuccess = () => {
                resolve(JSON.stringify(all.result))
                open.result.close()
              }
            }
          }),
      ),
    )
    .toContain(BAG.sku)
  await browser.close()
  return token!
}

/** Offline, the browser logs the requests the worker could not answer: expected here. */
function offlineFailuresOnly(errors: string[]): string[] {
  const offline = /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED|CONNECTION)/
  return errors.filter((error) => !offline.test(error))
}

test('a change made offline waits through a browser restart and reaches the server once', async ({
  playwright,
  baseURL,
}) => {
  const errors: string[] = []
  let proxy = await startLossyProxy(baseURL!, PROXY_PORT)
  const token = await addOfflineAndQuit(playwright.chromium, proxy.origin, errors)
  await proxy.close()

  const second = await startBrowser(playwright.chromium, proxy.origin, true)
  const again = second.pages()[0] ?? (await second.newPage())
  again.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await again.goto('/cart')
  await expect(again.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync\./)
  const lines = again.getByRole('list', { name: 'Lines' })
  await expect(lines.getByRole('heading', { name: BAG.name })).toBeVisible()
  const server = await playwright.request.newContext({ baseURL })
  const cart = async () => {
    const response = await server.get('/api/order', { headers: { 'X-Cart-Token': token } })
    expect(response.status()).toBe(200)
    const body = (await response.json()) as { items: { sku: string; qty: number }[] }
    return body.items.map((line) => `${line.sku}×${line.qty}`)
  }
  expect(await cart()).toEqual([])

  proxy = await startLossyProxy(baseURL!, PROXY_PORT)
  await second.setOffline(false)
  await expect(again.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  expect(await cart()).toEqual([`${BAG.sku}×1`])
  await expect(again.getByTestId('tab-cart-count')).toHaveText('1 in the cart')
  await server.dispose()
  await second.close()
  await proxy.close()
  expect(offlineFailuresOnly(errors)).toEqual([])
})

test('a change the browser sends in the background, with no page open, shows as the server holds it when the cart is opened offline', async ({
  playwright,
  baseURL,
}) => {
  const errors: string[] = []
  const proxy = await startLossyProxy(baseURL!, PROXY_PORT)
  const token = await addOfflineAndQuit(playwright.chromium, proxy.origin, errors)

  // The browser starts with the network back and no page open: its background sync sends it.
  const second = await startBrowser(playwright.chromium, proxy.origin)
  const server = await playwright.request.newContext({ baseURL })
  const cart = async () => {
    const response = await server.get('/api/order', { headers: { 'X-Cart-Token': token } })
    const body = (await response.json()) as { items: { sku: string; qty: number }[] }
    return body.items.map((line) => `${line.sku}×${line.qty}`)
  }
  await expect.poll(cart, { timeout: 20_000 }).toEqual([`${BAG.sku}×1`])

  // Then offline, the cart shows it as the server holds it: not waiting, not gone.
  await second.setOffline(true)
  const again = second.pages()[0] ?? (await second.newPage())
  again.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await again.goto('/cart')
  const lines = again.getByRole('list', { name: 'Lines' })
  await expect(lines.getByRole('heading', { name: BAG.name })).toBeVisible()
  await expect(again.getByTestId('tab-cart-count')).toHaveText('1 in the cart')
  await expect(again.getByTestId('cart-waiting')).toBeHidden()
  await again.reload()
  await expect(lines.getByRole('heading', { name: BAG.name })).toBeVisible()
  expect(await cart()).toEqual([`${BAG.sku}×1`])
  await server.dispose()
  await second.close()
  await proxy.close()
  expect(offlineFailuresOnly(errors)).toEqual([])
})
