import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import {
  cartToken,
  expect,
  expectFailedResource,
  forgetOfflineFailures,
  test,
  waitForServiceWorker,
} from './fixtures.ts'
import { startLossyProxy, type LossyProxy } from '../../scripts/lossy-proxy.ts'
import { waitForCodeLoaded } from './build-manifest.ts'
import { thisWorkerPorts } from './store-server.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * The cart's promise, end to end in Chromium with the real worker and server: what a customer
 * adds offline is kept through reloads and closed pages and reaches the server once, also when
 * the server's answer is lost on the way back; what the server refuses is told; a guest cart
 * merged at sign-in is announced once. Pages are opened through a proxy (lossy-proxy.ts) that
 * can lose answers; the server's cart is read straight from the API with the page's cart token.
 */

// Beside the worker's server (store-server.ts), so workers and runs on one machine keep apart.
const PROXY_PORT = thisWorkerPorts().cartProxy
const BAG = { path: '/equipment/mission-bag', name: 'Mission bag', sku: 'MISSION-BAG-BLACK' }
const SUIT = { path: '/wingsuits/corvid-2', name: 'Corvid 2', sku: 'CORVID2-M' }

let proxy: LossyProxy
let api: APIRequestContext

test.beforeEach(async ({ playwright, baseURL }) => {
  proxy = await startLossyProxy(baseURL!, PROXY_PORT)
  api = await playwright.request.newContext({ baseURL })
})

test.afterEach(async () => {
  await api.dispose()
  await proxy.close()
})

interface ServerLine {
  id: string
  sku: string
  qty: number
  child: { sku: string }[]
}

/** The cart as the server holds it for this token. */
async function serverCart(token: string, bearer?: string): Promise<{ items: ServerLine[] }> {
  const headers: Record<string, string> = { 'X-Cart-Token': token }
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  const response = await api.get('/api/order', { headers })
  expect(response.status()).toBe(200)
  return (await response.json()) as { items: ServerLine[] }
}

async function openStore(page: Page, path: string) {
  await page.goto(`${proxy.origin}${path}`)
  await waitForServiceWorker(page)
}

/** Designs a Corvid 2 (size M, booties) and adds it; resolves with the answer's first line. */
async function addConfiguredSuit(page: Page, context: BrowserContext, offline: boolean) {
  await page.goto(`${proxy.origin}${SUIT.path}`)
  await page.getByRole('link', { name: 'Design your own' }).click()
  const section = page.getByRole('region', { name: `Design your ${SUIT.name}` })
  await section.getByLabel(/^Corvid 2, size M/).check()
  await section.getByRole('checkbox', { name: /^Booties/ }).check()
  if (offline) await context.setOffline(true)
  await section.getByRole('button', { name: 'Add to order' }).click()
  const added = section.getByRole('status').filter({ hasText: /^Added/ })
  await expect(added).toBeFocused()
  // What went in, as the cart will list it.
  await expect(added).toContainText('Corvid 2, size M')
  await expect(added.getByRole('listitem').filter({ hasText: 'Options:' })).toHaveText(
    'Options: Booties',
  )
  return added.locator('.order-added-title').textContent()
}

async function addBag(page: Page) {
  await page.goto(`${proxy.origin}${BAG.path}`)
  const form = page.getByRole('form', { name: `Order the ${BAG.name}` })
  await form.getByRole('button', { name: 'Add to order' }).click()
  return form.getByRole('status')
}

/**
 * A bag in the server's cart and, made offline in the cart, "one more" of it waiting to sync.
 * `removeElsewhere` takes the line away on the server (another device of the same cart), so the
 * waiting change is refused when it is replayed.
 */
async function bagChangeWaiting(page: Page, context: BrowserContext) {
  await openStore(page, BAG.path)
  await expect(await addBag(page)).toHaveText(/^Added: Mission bag\./)
  await page.goto(`${proxy.origin}/cart`)
  const token = await cartToken(page)
  const [line] = (await serverCart(token)).items
  expect(line?.sku).toBe(BAG.sku)
  await context.setOffline(true)
  await page.getByRole('button', { name: `One more ${BAG.name}` }).click()
  await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)
  const removeElsewhere = async () => {
    const removed = await api.post(`/api/order/item/${line!.id}/update-qty`, {
      headers: { 'X-Cart-Token': token, 'Idempotency-Key': crypto.randomUUID() },
      data: { qty: 0 },
    })
    expect(removed.status()).toBe(200)
  }
  return { token, removeElsewhere }
}

function sorted(lines: ServerLine[]) {
  return lines.map((line) => `${line.sku}×${line.qty}`).sort()
}

test('what a guest adds offline survives a reload and a closed page, and reaches the server once', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, BAG.path)
  expect(await addConfiguredSuit(page, context, true)).toBe('Added — will sync when online')
  await expect(await addBag(page)).toHaveText(/^Added — will sync when online: Mission bag\./)

  await page.reload()
  await page.close()
  const again = await context.newPage()
  await again.goto(`${proxy.origin}/cart`)
  await expect(again.getByTestId('cart-waiting')).toHaveText(/^2 changes waiting to sync\./)
  const lines = again
    .getByRole('list', { name: 'Lines' })
    .getByRole('listitem')
    .filter({
      has: again.getByRole('heading'),
    })
  await expect(lines.getByRole('heading')).toHaveText([SUIT.name, BAG.name])
  const token = await cartToken(again)
  expect((await serverCart(token)).items).toEqual([])

  await context.setOffline(false)
  await expect(again.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  const server = await serverCart(token)
  expect(sorted(server.items)).toEqual([`${SUIT.sku}×1`, `${BAG.sku}×1`])
  await expect(lines.getByRole('heading')).toHaveText([SUIT.name, BAG.name])
  // The suit is drawn as the customer designed it; the bag keeps its picture.
  await expect(lines.filter({ hasText: SUIT.name }).getByTestId('cart-line-design')).toBeVisible()
  await expect(lines.filter({ hasText: BAG.name }).getByTestId('cart-line-design')).toHaveCount(0)
  await expect(again.getByTestId('tab-cart-count')).toHaveText('2 in the cart')
  forgetOfflineFailures(consoleErrors)
})

test('a change whose answer is lost after the server applied it is still there once', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, BAG.path)
  // Every answer to an add is lost (Chromium itself resends a request whose connection broke,
  // so the loss lasts until both adds have been answered "queued").
  proxy.loseAnswers((request) => request.method === 'POST' && request.url === '/api/order/add')
  expect(await addConfiguredSuit(page, context, false)).toBe('Added — will sync when online')
  await expect(await addBag(page)).toHaveText(/^Added — will sync when online: Mission bag\./)
  proxy.stopLosing()
  await page.goto(`${proxy.origin}/cart`)
  await expect(page.getByRole('list', { name: 'Lines' })).toBeVisible()
  const token = await cartToken(page)
  // The worker tries again on its own (no `online` event comes: the network never left).
  await expect
    .poll(async () => sorted((await serverCart(token)).items), { timeout: 30_000 })
    .toEqual([`${SUIT.sku}×1`, `${BAG.sku}×1`])
  await expect(page.getByTestId('cart-waiting')).toBeHidden()
  // The server answered each add at least once before this, and holds each once.
  expect(proxy.lost()).toBeGreaterThanOrEqual(2)
  expect(sorted((await serverCart(token)).items)).toEqual([`${SUIT.sku}×1`, `${BAG.sku}×1`])
  forgetOfflineFailures(consoleErrors)
})

test('a change the server refuses when it is replayed is told, not dropped', async ({
  context,
  page,
  consoleErrors,
}) => {
  const { token, removeElsewhere } = await bagChangeWaiting(page, context)
  // Meanwhile the line goes from the cart elsewhere (another device of the same cart).
  await removeElsewhere()

  await context.setOffline(false)
  const notice = page.getByRole('alert').filter({ hasText: 'could not be changed' })
  await expect(notice).toContainText(`The quantity of ${BAG.name} could not be changed: `)
  await expect(page.getByTestId('cart-waiting')).toBeHidden()
  await page.reload()
  // Kept until the customer has read it.
  await expect(notice).toBeVisible()
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toBeHidden()
  expect((await serverCart(token)).items).toEqual([])
  forgetOfflineFailures(consoleErrors)
})

test('a change refused while the customer browses elsewhere is told on that page, and dismissed for every page', async ({
  context,
  page,
  consoleErrors,
}) => {
  const { removeElsewhere } = await bagChangeWaiting(page, context)
  // The customer goes on browsing; meanwhile the line goes from the cart on another device.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Equipment' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await removeElsewhere()

  await context.setOffline(false)
  const notice = page.getByRole('alert').filter({ hasText: 'could not be changed' })
  await expect(notice).toContainText(`The quantity of ${BAG.name} could not be changed: `, {
    // The worker replays on the page's `online` or else on its own retry, which takes longer.
    timeout: 20_000,
  })
  await expect(page).toHaveURL(/\/equipment$/)
  const badge = page.getByTestId('tab-cart-count')
  await expect(badge).toHaveText('0 in the cart, 1 change refused')

  // Still told after a reload, before the customer has read it in the cart.
  await page.reload()
  await expect(notice).toBeVisible()
  await expect(badge).toHaveText('0 in the cart, 1 change refused')
  await notice.getByRole('link', { name: 'See your cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  // The cart lists it itself; the notice of other pages is not shown over it.
  await expect(notice).toHaveCount(1)
  await expect(notice).toContainText(`The quantity of ${BAG.name} could not be changed: `)

  await page.goBack()
  await expect(page).toHaveURL(/\/equipment$/)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toBeHidden()
  await expect(badge).toBeHidden()
  await page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('link', { name: /^Cart/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(notice).toHaveCount(0)
  await page.goto(`${proxy.origin}/equipment`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(notice).toHaveCount(0)
  await expect(badge).toBeHidden()
  forgetOfflineFailures(consoleErrors)
})

test.describe('on a 390-pixel phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the notice of a refused change covers neither the app bar nor the configurator’s Add to order', async ({
    context,
    page,
    consoleErrors,
  }) => {
    const { removeElsewhere } = await bagChangeWaiting(page, context)
    // Offline, the worker serves the configurator too.
    await page.goto(`${proxy.origin}${SUIT.path}#design`)
    const addToOrder = page.locator('#design').getByRole('button', { name: 'Add to order' })
    await expect(addToOrder).toBeVisible()
    await removeElsewhere()

    await context.setOffline(false)
    const notice = page.getByRole('alert').filter({ hasText: 'could not be changed' })
    await expect(notice).toBeVisible({ timeout: 20_000 })
    const appBar = (await page.getByRole('banner').boundingBox())!
    for (const scrolled of [false, true]) {
      if (scrolled) {
        await page.mouse.wheel(0, 1200)
        // Scrolled down the design, the notice stays in view under the app bar.
        await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(600)
      }
      const box = (await notice.boundingBox())!
      const bar = (await page.locator('#design .sticky-bar').boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(appBar.y + appBar.height - 1)
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y)
    }
    for (const target of await notice.getByRole('link').or(notice.getByRole('button')).all())
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    forgetOfflineFailures(consoleErrors)
  })
  test('a line’s Remove reads as a link, on a cart opened before any configurator', async ({
    page,
  }) => {
    await expect(await addBag(page)).toHaveText(/^Added: Mission bag\./)
    await page.goto(`${proxy.origin}/cart`)
    const remove = page.getByRole('button', { name: `Remove ${BAG.name}` })
    await expect(remove).toBeVisible()
    // Not a grey system button: no fill, no border, underlined like the links beside it.
    const look = await remove.evaluate((button) => {
      const style = getComputedStyle(button)
      return {
        background: style.backgroundColor,
        border: style.borderTopStyle,
        underline: style.textDecorationLine,
      }
    })
    expect(look).toEqual({ background: 'rgba(0, 0, 0, 0)', border: 'none', underline: 'underline' })
    expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  })
})

test('a guest cart merged at sign-in is announced once', async ({ page, consoleErrors }) => {
  // The account already has a cart with a line. (A guest session never merges into an account:
  // docs/accounts-and-guests.md; a password sign-in brings the device's own cart along.)
  const email = `merge-${Date.now()}@example.com`
  const password = 'merge-carts-2026'
  const created = await api.post('/api/user/create', {
    data: { name: 'Mia Merger', email, password, confirmPassword: password },
  })
  expect(created.status()).toBe(200)
  const first = await api.post('/api/login', { data: { email, password, remember: false } })
  expect(first.status()).toBe(200)
  const { token: bearer } = (await first.json()) as { token: string }
  const added = await api.post('/api/order/add', {
    headers: { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': `account-line-${Date.now()}` },
    data: { sku: 'WEEKEND-BAG', qty: 1, meta: [], child: [] },
  })
  expect(added.status()).toBe(200)

  // As a guest on this device, with a line of its own, the customer signs in.
  await openStore(page, BAG.path)
  await expect(await addBag(page)).toHaveText(/^Added: Mission bag\./)
  const signIn = await page.request.post(`${proxy.origin}/api/login`, {
    headers: { 'X-Cart-Token': await cartToken(page) },
    data: { email, password, remember: false },
  })
  expect(signIn.status()).toBe(200)

  await page.goto(`${proxy.origin}/cart`)
  const overlay = page.getByRole('dialog', { name: 'Your carts were merged' })
  await expect(overlay).toBeVisible()
  await expect(overlay).toContainText('one line was added')
  await overlay.getByRole('button', { name: 'Close' }).click()
  await expect(overlay).toBeHidden()
  await expect(
    page.getByRole('list', { name: 'Lines' }).getByRole('heading', { level: 2 }),
  ).toHaveCount(2)

  await page.reload()
  await expect(page.getByRole('list', { name: 'Lines' })).toBeVisible()
  await expect(page.getByTestId('cart-waiting')).toBeHidden()
  await expect(overlay).toBeHidden()
  forgetOfflineFailures(consoleErrors)
})

test('with no service worker, a change made offline waits on the device and reaches the shop once, its lost answer too', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: proxy.origin })
  const page = await context.newPage()
  try {
    await page.goto(BAG.path)
    const form = page.getByRole('form', { name: `Order the ${BAG.name}` })
    await expect(form.getByRole('button', { name: 'Add to order' })).toBeEnabled()
    // The outbox's code and the page's own drainer have loaded (with no worker, the page loads
    // them once it has settled and found no worker to register): offline, nothing would serve it.
    await waitForCodeLoaded(page, ['src/features/cart/outbox.ts', 'src/lib/page-outbox.ts'])
    await context.setOffline(true)
    await form.getByRole('button', { name: 'Add to order' }).click()
    await expect(form.getByRole('status')).toContainText(
      `Added — will sync when online: ${BAG.name}.`,
    )
    const badge = page.getByTestId('tab-cart-count')
    await expect(badge).toHaveText('1 in the cart, changes waiting to sync')

    // The network returns, and the shop's answer to the add is lost on its way back.
    proxy.loseAnswers((request) => request.url === '/api/order/add', 1)
    await context.setOffline(false)
    await expect.poll(() => proxy.lost()).toBe(1)
    // The page sends the add again, under the same key (at once, or as the signal comes and
    // goes again), and the shop gives it the answer it lost.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(badge).toHaveText('1 in the cart')
    const token = await page.evaluate(() => localStorage.getItem('cart-token'))
    const lines = (await serverCart(token!)).items.map((line) => `${line.sku}×${line.qty}`)
    expect(lines).toEqual([`${BAG.sku}×1`])
  } finally {
    await context.close()
  }
})

test('the cart changes quantities, refuses an unknown discount code in the server’s words, and empties', async ({
  page,
  consoleErrors,
}) => {
  await openStore(page, BAG.path)
  await expect(await addBag(page)).toHaveText(/^Added: Mission bag\./)
  await page.goto(`${proxy.origin}/cart`)
  const total = page.getByTestId('cart-total')
  await expect(total).toHaveText('$220.00')
  await page.getByRole('button', { name: `One more ${BAG.name}` }).click()
  await expect(total).toHaveText('$440.00')
  await expect(page.getByTestId('tab-cart-count')).toHaveText('2 in the cart')

  const code = page.getByRole('textbox', { name: 'Discount code' })
  await code.fill('NOPE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    '“NOPE” is not a discount code this cart can use.',
  )
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  expectFailedResource(consoleErrors, 422)

  await page.getByRole('button', { name: `Remove ${BAG.name}` }).click()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  // The page shows the removal at once; the server has it once the worker has sent it.
  const token = await cartToken(page)
  await expect.poll(async () => (await serverCart(token)).items).toEqual([])
})
