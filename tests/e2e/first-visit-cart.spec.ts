import type { BrowserContext, Page } from '@playwright/test'
import { buildManifest, waitForCodeLoaded } from './build-manifest.ts'
import { expect, expectFailedResource, test, waitForServiceWorker } from './fixtures.ts'

/*
 * A first visit's add (issue 32, item 1), as the issue found it: a fresh device opens the home
 * page, follows its product link and adds at once, long before the service worker has installed.
 * The answer shows where the customer is looking, and the header's count and the cart agree at
 * once, and stay so as the customer moves on. At both widths, each from a fresh profile.
 */

const widths = [
  {
    name: 'a 390-pixel phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    badge: 'app-bar-cart-count',
  },
  {
    name: 'a 1280-pixel desktop',
    use: { viewport: { width: 1280, height: 800 } },
    badge: 'tab-cart-count',
  },
]

async function expectInView(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox()
  const viewport = page.viewportSize()!
  expect(box).not.toBeNull()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height)
}

for (const width of widths) {
  test.describe(`on ${width.name}`, () => {
    test.use(width.use)

    test('a first visit’s add shows its answer in view, and the count at once', async ({
      page,
    }) => {
      await page.goto('/')
      await page.getByRole('main').getByRole('link', { name: 'Corvid 2' }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: 'Corvid 2' })).toBeVisible()
      const form = page.getByRole('form', { name: 'Order the Corvid 2' })
      const add = form.getByRole('button', { name: 'Add to order' })
      await expect(add).toBeEnabled()
      await add.click()

      const added = form.getByRole('status')
      await expect(added).toContainText('Added: Corvid 2.')
      await expect(added).toBeFocused()
      await expectInView(page, '.added-message')
      const badge = page.getByTestId(width.badge)
      await expect(badge).toContainText('1 in the cart')

      // Moving on inside the app, the count stays, and the cart holds the suit once.
      await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click()
      await expect(page).toHaveURL(/\/cart$/)
      await expect(badge).toContainText('1 in the cart')
      await expect(page.getByRole('main').getByRole('link', { name: 'Corvid 2' })).toHaveCount(1)
    })
  })
}

/**
 * Holds every request the service worker makes until the answer is called: it stays installing,
 * as it does for seconds on a slow phone's first visit, and controls no page meanwhile.
 */
async function holdWorkerRequests(context: BrowserContext): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/*', async (route) => {
    if (route.request().serviceWorker()) await held
    await route.fallback()
  })
  return release
}

/** Opens the Mission bag's page: its order form and its "Add to order" button. */
async function openBag(page: Page) {
  await page.goto('/equipment/mission-bag')
  const form = page.getByRole('form', { name: 'Order the Mission bag' })
  return { form, add: form.getByRole('button', { name: 'Add to order' }) }
}

test('offline before the store is saved on the device, an add says it was not kept, the page stays, and the store is saved once the network returns', async ({
  page,
  context,
  consoleErrors,
}) => {
  // The worker's own requests are held: it cannot install and control the page before the
  // network drops. The page used to reload itself into the browser's own offline page.
  const release = await holdWorkerRequests(context)
  try {
    const { form, add } = await openBag(page)
    // The page has started (its code and what it starts after the first view); the cart's
    // code, loaded at the first add, has not.
    await waitForCodeLoaded(page, [
      'src/routes/equipment/$bag.tsx?tsr-split=component---loader',
      'src/after-first-view.ts',
    ])
    await context.setOffline(true)
    await add.click()
    await expect(form.getByRole('alert')).toHaveText(
      'Not added: There is no network, and the store is not saved on this device yet, so it cannot keep the change. Try again when you are online.',
    )
    await expect(page).toHaveURL(/\/equipment\/mission-bag$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mission bag' })).toBeVisible()
    expectFailedResource(consoleErrors, 'offline')

    // Back online, the same tap adds it, and the store is saved on the device after all.
    await context.setOffline(false)
    await add.click()
    await expect(form.getByRole('status')).toContainText('Added: Mission bag.')
    await expect(page.getByTestId('tab-cart-count')).toContainText('1 in the cart')
    release()
    await waitForServiceWorker(page)
  } finally {
    release()
  }
})

/** The server's cart for a device's cart token, as `sku×qty`, sorted. */
async function serverLines(page: Page, token: string): Promise<string[]> {
  const response = await page.request.get('/api/order', { headers: { 'X-Cart-Token': token } })
  expect(response.status()).toBe(200)
  const cart = (await response.json()) as { items: { sku: string; qty: number }[] }
  return cart.items.map((line) => `${line.sku}×${line.qty}`).sort()
}

test('while the worker installs, an add shows in the count at once, and adds made offline wait on the device and reach the shop once when the network returns', async ({
  page,
  context,
}) => {
  // The worker's precache downloads are held: it stays installing, as it does for seconds on a
  // slow phone's first visit, answers no message and controls no page. The page sends for itself.
  const release = await holdWorkerRequests(context)
  try {
    const { form, add } = await openBag(page)
    const badge = page.getByTestId('tab-cart-count')
    await expect(add).toBeEnabled()
    await add.click()
    await expect(form.getByRole('status')).toContainText('Added: Mission bag.')
    await expect(badge).toHaveText(/^1 in the cart$/)

    // The signal drops at the drop zone: two more adds, one of them of another colour.
    await context.setOffline(true)
    await add.click()
    await expect(form.getByRole('status')).toContainText(
      'Added — will sync when online: Mission bag.',
    )
    await form.getByLabel('Option').selectOption('MISSION-BAG-NAVY')
    await add.click()
    await expect(badge).toHaveText('3 in the cart, changes waiting to sync')

    // Back online, the page sends them itself, the worker still installing.
    const token = await page.evaluate(() => localStorage.getItem('cart-token'))
    expect(await serverLines(page, token!)).toEqual(['MISSION-BAG-BLACK×1'])
    await context.setOffline(false)
    await expect(badge).toHaveText(/^3 in the cart$/)
    expect(await serverLines(page, token!)).toEqual(['MISSION-BAG-BLACK×2', 'MISSION-BAG-NAVY×1'])
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()

    // The worker installs and drains the outbox as it starts: nothing is sent twice.
    release()
    await waitForServiceWorker(page)
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click()
    await expect(page.getByRole('group', { name: 'Quantity of Mission bag' })).toHaveCount(2)
    expect(await serverLines(page, token!)).toEqual(['MISSION-BAG-BLACK×2', 'MISSION-BAG-NAVY×1'])
  } finally {
    release()
  }
})

test('before the worker has installed, code a new release replaced reloads the page once, from the shop', async ({
  page,
  consoleErrors,
}) => {
  // The code the page starts after its first view answers 404 once, as after a release that
  // replaced it: the shop still answers for the page, so the page loads again, once.
  const code = `/${buildManifest()['src/after-first-view.ts']!.file}`
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/equipment/mission-bag' || url.pathname === code)
      asked.push(`${request.method()} ${url.pathname}`)
  })
  let replaced = true
  await page.route(`**${code}`, async (route) => {
    if (!replaced) return route.fallback()
    replaced = false
    return route.fulfill({ status: 404, body: 'Not found' })
  })
  await page.goto('/equipment/mission-bag')
  await expect
    .poll(() => asked)
    .toEqual([
      'GET /equipment/mission-bag',
      `GET ${code}`,
      'HEAD /equipment/mission-bag',
      'GET /equipment/mission-bag',
      `GET ${code}`,
    ])
  await expect(page.getByRole('heading', { level: 1, name: 'Mission bag' })).toBeVisible()
  expectFailedResource(consoleErrors, 404)
})

test('with the worker in control, code a new release replaced loads the page again once, and no script fails', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/equipment/mission-bag')
  await waitForServiceWorker(page)
  // The worker no longer holds the code the page starts after its first view, and the shop
  // answers 404 for it once: a release replaced it. The worker asks the shop.
  const code = `/${buildManifest()['src/after-first-view.ts']!.file}`
  await page.evaluate(async (path) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys())
        if (new URL(request.url).pathname === path) await cache.delete(request)
    }
  }, code)
  let replaced = true
  await page.context().route(`**${code}`, async (route) => {
    if (!replaced) return route.fallback()
    replaced = false
    return route.fulfill({ status: 404, body: 'Not found' })
  })
  const loads: string[] = []
  page.on('load', () => loads.push(new URL(page.url()).pathname))
  await page.reload()
  await expect.poll(() => loads).toEqual(['/equipment/mission-bag', '/equipment/mission-bag'])
  await expect(page.getByRole('heading', { level: 1, name: 'Mission bag' })).toBeVisible()
  await waitForCodeLoaded(page, ['src/after-first-view.ts'])
  expect(replaced).toBe(false)
  expect(loads).toHaveLength(2)
  expectFailedResource(consoleErrors, 404)
})

test('a tap made before the page is the app’s is kept, and a link followed meanwhile waits for it', async ({
  page,
  context,
  request,
}) => {
  // The app's script is held: the prerendered page is on screen and not yet hydrated, as on a
  // slow phone for a second or more. Only public/early-taps.js has run.
  const html = await (await request.get('/equipment/mission-bag')).text()
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
  expect(entry).toBeTruthy()
  expect(html).toContain('<script async src="/early-taps.js">')
  // Only a page with such a control loads the script: home's first-view budget carries none of it.
  expect(await (await request.get('/')).text()).not.toContain('early-taps.js')
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(`**${entry!}`, async (route) => {
    await held
    await route.fallback()
  })
  await page.goto('/equipment/mission-bag', { waitUntil: 'commit' })
  const form = page.getByRole('form', { name: 'Order the Mission bag' })
  const add = form.getByRole('button', { name: 'Add to order' })
  await expect(add).toBeEnabled()
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  await add.click()
  // Twice, as a customer who saw nothing happen would: still one add.
  await add.click()
  await expect(add).toHaveAttribute('aria-busy', 'true')
  // The cart, followed at once: the page stays until the add is made.
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click()
  await expect(page).toHaveURL(/\/equipment\/mission-bag$/)

  release()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByTestId('tab-cart-count')).toContainText('1 in the cart')
  const lines = page.getByRole('main').getByRole('link', { name: 'Mission bag' })
  await expect(lines).toHaveCount(1)
  await expect(
    page.getByRole('group', { name: 'Quantity of Mission bag' }).locator('output'),
  ).toHaveText('1')
})
