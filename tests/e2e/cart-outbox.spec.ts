import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test'
import {
  cartToken,
  expect,
  expectFailedResource,
  forgetOfflineFailures,
  test,
  waitForServiceWorker,
  withNewBuild,
} from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * The cart outbox of issue 15, end to end in Chromium with the real worker and server: edits of
 * lines not synced yet, a captive portal, an ended session, sign-in and sign-out with changes
 * waiting, a refusal met after the page has gone, a new build, and a deploy with a backlog. The
 * server's cart is read straight from the API with the same credentials as the page.
 */

const MISSION = { path: '/equipment/mission-bag', name: 'Mission bag', sku: 'MISSION-BAG-BLACK' }
const URATUL = { path: '/equipment/uratul-bag', name: 'Uratul bag', sku: 'URATUL-BAG-BLACK' }
const WEEKEND = { path: '/equipment/weekend-bag', name: 'Weekend bag', sku: 'WEEKEND-BAG-BLACK' }
const CUSTOMER = { email: 'customer@example.com', password: 'flyfast-demo' }

let api: APIRequestContext

test.beforeEach(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL })
})

test.afterEach(async () => {
  await api.dispose()
})

/**
 * Sends every request to `pattern` to `handler` until the returned function is called, and then
 * lets them through. The route stays registered: a request caught by a route that `unroute`
 * removed meanwhile was once left hanging, and the worker's drain waited on it for its timeout.
 */
async function interceptUntilLifted(
  context: BrowserContext,
  pattern: string,
  handler: (route: Route) => Promise<void>,
): Promise<() => void> {
  let active = true
  await context.route(pattern, (route) => (active ? handler(route) : route.fallback()))
  return () => {
    active = false
  }
}

/** The network gone for `pattern` until the returned function is called. */
const cutOff = (context: BrowserContext, pattern: string) =>
  interceptUntilLifted(context, pattern, (route) => route.abort('internetdisconnected'))

async function bearerOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value
}

/** The server's cart for these credentials, as `sku×qty`, sorted. */
async function serverLines(token: string, bearer?: string): Promise<string[]> {
  const headers: Record<string, string> = token ? { 'X-Cart-Token': token } : {}
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  const response = await api.get('/api/order', { headers })
  expect(response.status()).toBe(200)
  const cart = (await response.json()) as { items: { sku: string; qty: number }[] }
  return cart.items.map((line) => `${line.sku}×${line.qty}`).sort()
}

async function addProduct(page: Page, product: { path: string; name: string }) {
  await page.goto(product.path)
  const form = page.getByRole('form', { name: `Order the ${product.name}` })
  await expect(form.getByRole('button', { name: 'Add to order' })).toBeEnabled()
  await form.getByRole('button', { name: 'Add to order' }).click()
  await expect(form.getByRole('status')).toHaveText(/^Added/)
}

/** Opens the store with its worker in control, and the pages the test will need offline. */
/** Why the outbox waits, as the worker last recorded it in IndexedDB (store-db `cartOutboxStatus`). */
async function outboxState(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('glidecraft')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get('cartOutboxStatus')
          read.onsuccess = () => {
            open.result.close()
            resolve((read.result as { value?: { state?: string } } | undefined)?.value?.state)
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

async function openStore(page: Page, ...paths: string[]) {
  await page.goto('/cart')
  await waitForServiceWorker(page)
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
}

const lines = (page: Page) =>
  page.getByRole('list', { name: 'Lines' }).getByRole('heading', { level: 2 })

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(CUSTOMER.email)
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Empties the demo customer's cart on the server, so each test starts from nothing. */
async function emptyAccountCart() {
  const login = await api.post('/api/login', {
    data: { email: CUSTOMER.email, password: CUSTOMER.password, remember: false },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const headers = { Authorization: `Bearer ${token}` }
  const cart = (await (await api.get('/api/order', { headers })).json()) as {
    items: { id: string }[]
  }
  for (const line of cart.items) {
    const removed = await api.post(`/api/order/item/${line.id}/update-qty`, {
      headers: { ...headers, 'Idempotency-Key': `empty-${crypto.randomUUID()}` },
      data: { qty: 0 },
    })
    expect(removed.status()).toBe(200)
  }
  await api.post('/api/user/logout', { headers })
}

test('edits of lines not synced yet land as the customer left them (the issue’s repro)', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, MISSION.path, URATUL.path)
  await context.setOffline(true)
  await addProduct(page, MISSION)
  await page.goto('/cart')
  await page.getByRole('button', { name: `One more ${MISSION.name}` }).click()
  await expect(page.getByRole('group', { name: `Quantity of ${MISSION.name}` })).toContainText('2')
  await addProduct(page, URATUL)
  await page.goto('/cart')
  await expect(lines(page)).toHaveText([MISSION.name, URATUL.name])
  await page.getByRole('button', { name: `Remove ${URATUL.name}` }).click()
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)
  await expect(page.getByTestId('tab-cart-count')).toContainText('2 in the cart')
  const token = await cartToken(page)
  expect(await serverLines(token)).toEqual([])

  await context.setOffline(false)
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  expect(await serverLines(token)).toEqual([`${MISSION.sku}×2`])
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.reload()
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByRole('alert')).toHaveCount(0)
  forgetOfflineFailures(consoleErrors)
})

test('a captive portal’s page is not the shop: the change waits, says so, and lands once', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, WEEKEND.path)
  await context.setOffline(true)
  await addProduct(page, WEEKEND)
  await page.goto('/cart')
  const token = await cartToken(page)
  // Back "online" through a Wi-Fi that answers every request with its sign-in page.
  let portalAnswers = 0
  const leavePortal = await interceptUntilLifted(context, '**/api/**', (route) => {
    portalAnswers += 1
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Sign in to DZ Wi-Fi</title><form>Accept the terms</form>',
    })
  })
  await context.setOffline(false)
  const waiting = page.getByTestId('cart-waiting')
  await expect(page.getByTestId('cart-waiting-reason')).toHaveText(
    /The network answered, but not the shop \(a Wi-Fi sign-in page\?\)/,
    { timeout: 20_000 },
  )
  expect(portalAnswers).toBeGreaterThan(0)
  await expect(waiting).toHaveText(/^1 change waiting to sync/)
  await expect(lines(page)).toHaveText([WEEKEND.name])
  expect(await serverLines(token)).toEqual([])

  // The real network returns: the worker's next try (backoff) lands it, once.
  leavePortal()
  await expect(waiting).toBeHidden({ timeout: 30_000 })
  expect(await serverLines(token)).toEqual([`${WEEKEND.sku}×1`])
  await expect(lines(page)).toHaveText([WEEKEND.name])
  forgetOfflineFailures(consoleErrors)
})

test('a session that ended while offline keeps the change until the customer signs in again', async ({
  context,
  page,
  consoleErrors,
}) => {
  await emptyAccountCart()
  await openStore(page, MISSION.path)
  await signIn(page)
  const bearer = await bearerOf(context)
  expect(bearer).toBeTruthy()
  await context.setOffline(true)
  await addProduct(page, MISSION)
  // The session ends meanwhile (expired, or revoked on another device).
  const revoked = await api.post('/api/user/logout', {
    headers: { Authorization: `Bearer ${bearer}` },
  })
  expect(revoked.status()).toBeLessThan(300)
  await page.goto('/cart')
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  // Kept and told: on screen, waiting for the customer to sign in again, until the page forgets
  // the ended session; then held for its account (the next test). Which of the two the page has
  // reached by now depends on how soon its reads met the ended session.
  const keptOnScreen = page
    .getByTestId('cart-waiting-reason')
    .filter({ hasText: 'Waiting for you to sign in again' })
  const heldForAccount = page
    .getByTestId('cart-held')
    .filter({ hasText: '1 change made while signed in as c•••@example.com waits' })
  await expect(keptOnScreen.or(heldForAccount).first()).toBeVisible({ timeout: 20_000 })
  await expect(
    lines(page).filter({ hasText: MISSION.name }).or(heldForAccount).first(),
  ).toBeVisible()

  await signIn(page)
  const again = await bearerOf(context)
  expect(again).toBeTruthy()
  await page.goto('/cart')
  // The cart is on screen before "nothing waits" means anything (a page still loading shows none).
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  const token = await cartToken(page)
  await expect
    .poll(() => serverLines(token, again), { timeout: 20_000 })
    .toEqual([`${MISSION.sku}×1`])
  await emptyAccountCart()
  // The page's own reads met the ended session before the customer signed in again.
  expectFailedResource(consoleErrors, 401)
  forgetOfflineFailures(consoleErrors)
})

test('a change made signed in never lands in the device’s cart once the page has forgotten the ended session', async ({
  context,
  page,
  consoleErrors,
}) => {
  await emptyAccountCart()
  await openStore(page, MISSION.path)
  await signIn(page)
  const bearer = await bearerOf(context)
  // Made signed in, but the shop cannot be reached for it yet.
  const reconnect = await cutOff(context, '**/api/order/add')
  await addProduct(page, MISSION)
  const token = await cartToken(page)
  // The session ends elsewhere; the page meets the 401 first and shows the customer signed out.
  await api.post('/api/user/logout', { headers: { Authorization: `Bearer ${bearer}` } })
  await page.goto('/account')
  await expect.poll(() => bearerOf(context), { timeout: 20_000 }).toBeUndefined()
  reconnect()
  await page.goto('/cart')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  // Whoever holds the device now sees neither the account's cart nor its change: it is held for
  // the account, and the worker has tried it (the outbox waits for a sign-in).
  // It names the account (masked), not what waits, and offers the way to send it.
  const held = page.getByTestId('cart-held')
  await expect(held).toContainText(
    '1 change made while signed in as c•••@example.com waits: sign in as that account on this device to send it.',
  )
  await expect(held.getByRole('link', { name: 'Sign in to send it' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcart',
  )
  await expect.poll(() => outboxState(page), { timeout: 20_000 }).toBe('signed-out')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await expect(lines(page)).toHaveCount(0)
  expect(await serverLines(token)).toEqual([])

  await signIn(page)
  const again = await bearerOf(context)
  await page.goto('/cart')
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  expect(await serverLines('', again)).toEqual([`${MISSION.sku}×1`])
  expect(await serverLines(token)).toEqual([])
  await emptyAccountCart()
  expectFailedResource(consoleErrors, 401)
  forgetOfflineFailures(consoleErrors)
})

test('a refusal that arrives after the page has gone is told on the next page', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, MISSION.path)
  await addProduct(page, MISSION)
  await page.goto('/cart')
  const token = await cartToken(page)
  const lineId = await expect
    .poll(async () => {
      const cart = (await (
        await api.get('/api/order', { headers: { 'X-Cart-Token': token } })
      ).json()) as { items: { id: string }[] }
      return cart.items[0]?.id
    })
    .toBeTruthy()
    .then(async () => {
      const cart = (await (
        await api.get('/api/order', { headers: { 'X-Cart-Token': token } })
      ).json()) as { items: { id: string }[] }
      return cart.items[0]!.id
    })
  // The answer to this page's "one more" comes late; meanwhile the line goes on another device.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/update-qty', async (route) => {
    await held
    await route.continue()
  })
  await expect(page.getByRole('group', { name: `Quantity of ${MISSION.name}` })).toContainText('1')
  await page.getByRole('button', { name: `One more ${MISSION.name}` }).click()
  const removed = await api.post(`/api/order/item/${lineId}/update-qty`, {
    headers: { 'X-Cart-Token': token, 'Idempotency-Key': `elsewhere-${crypto.randomUUID()}` },
    data: { qty: 0 },
  })
  expect(removed.status()).toBe(200)
  // The customer goes on before the answer.
  await page.goto('/equipment')
  release()
  const notice = page.getByRole('alert').filter({ hasText: 'could not be changed' })
  await expect(notice).toContainText(
    `The quantity of ${MISSION.name} could not be changed: It is no longer in your cart (changed on another device?).`,
    { timeout: 20_000 },
  )
  await context.unroute('**/update-qty')
  forgetOfflineFailures(consoleErrors)
})

test('a new build (the query cache dropped) keeps the waiting lines on screen', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, MISSION.path)
  await context.setOffline(true)
  await addProduct(page, MISSION)
  await page.goto('/cart')
  await expect(lines(page)).toHaveText([MISSION.name])
  // What a new build (or the cache's 24 h expiry) does: the persisted query cache goes.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key !== 'cart-token') localStorage.removeItem(key)
    }
  })
  await page.reload()
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)
  await context.setOffline(false)
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  expect(await serverLines(await cartToken(page))).toEqual([`${MISSION.sku}×1`])
  forgetOfflineFailures(consoleErrors)
})

test('signing in with changes waiting sends them to the account, once, with no second merge', async ({
  context,
  page,
  consoleErrors,
}) => {
  await emptyAccountCart()
  await openStore(page, MISSION.path)
  // As a guest, with no network for the cart's calls (the page and the sign-in still load).
  const reconnect = await cutOff(context, '**/api/order/add')
  await addProduct(page, MISSION)
  await page.goto('/cart')
  await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)
  const token = await cartToken(page)

  await signIn(page)
  reconnect()
  await page.goto('/cart')
  // The cart is on screen before "nothing waits" means anything (a page still loading shows none).
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  const bearer = await bearerOf(context)
  await expect
    .poll(() => serverLines(token, bearer), { timeout: 20_000 })
    .toEqual([`${MISSION.sku}×1`])
  // No second guest cart: the device's token alone reads the merged (empty) guest cart.
  expect(await serverLines(token)).toEqual([])
  await expect(page.getByRole('dialog', { name: 'Your carts were merged' })).toHaveCount(0)
  await page.reload()
  await expect(lines(page)).toHaveText([MISSION.name])
  await expect(page.getByRole('dialog', { name: 'Your carts were merged' })).toHaveCount(0)
  await emptyAccountCart()
  forgetOfflineFailures(consoleErrors)
})

test('signing out with changes waiting asks, and the next visitor sees none of that cart', async ({
  context,
  page,
  consoleErrors,
}) => {
  await emptyAccountCart()
  await openStore(page, MISSION.path, '/account')
  await signIn(page)
  await page.goto('/account')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  const reconnect = await cutOff(context, '**/api/order/add')
  await addProduct(page, MISSION)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Sign out' }).click()
  const ask = page.getByRole('alertdialog')
  await expect(ask).toContainText('1 change to your cart has not reached the shop yet.')
  await ask.getByRole('button', { name: 'Discard and sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  reconnect()

  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByTestId('cart-waiting')).toHaveCount(0)
  await expect(page.getByTestId('tab-cart-count')).toBeHidden()
  forgetOfflineFailures(consoleErrors)
})

test('signing out after sending what waits puts it in the account, and the device forgets it', async ({
  context,
  page,
  consoleErrors,
}) => {
  await emptyAccountCart()
  await openStore(page, MISSION.path, '/account')
  await signIn(page)
  const bearer = await bearerOf(context)
  const reconnect = await cutOff(context, '**/api/order/add')
  await addProduct(page, MISSION)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Sign out' }).click()
  const ask = page.getByRole('alertdialog')
  await expect(ask).toContainText('1 change to your cart has not reached the shop yet.')
  // The shop is reachable again when the customer chooses to send.
  reconnect()
  await ask.getByRole('button', { name: 'Send, then sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  // Sent once, into the account, with the session it was made in (revoked only after).
  const login = await api.post('/api/login', {
    data: { email: CUSTOMER.email, password: CUSTOMER.password, remember: false },
  })
  const { token: fresh } = (await login.json()) as { token: string }
  expect(fresh).not.toBe(bearer)
  expect(await serverLines('', fresh)).toEqual([`${MISSION.sku}×1`])
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByTestId('cart-waiting')).toHaveCount(0)
  await emptyAccountCart()
  forgetOfflineFailures(consoleErrors)
})

test('an edit made as a guest reaches the guest cart before a sign-in merges it', async ({
  context,
  page,
  consoleErrors,
}) => {
  // The account already holds one Mission bag.
  await emptyAccountCart()
  const login = await api.post('/api/login', {
    data: { email: CUSTOMER.email, password: CUSTOMER.password, remember: false },
  })
  const { token: accountBearer } = (await login.json()) as { token: string }
  const added = await api.post('/api/order/add', {
    headers: { Authorization: `Bearer ${accountBearer}`, 'Idempotency-Key': `e2e-${Date.now()}` },
    data: { sku: MISSION.sku, qty: 1, meta: [], child: [] },
  })
  expect(added.status()).toBe(200)

  // As a guest: one Mission bag reaches the guest cart; "One more" cannot, for now.
  await openStore(page, MISSION.path)
  await addProduct(page, MISSION)
  const token = await cartToken(page)
  await expect.poll(() => serverLines(token), { timeout: 20_000 }).toEqual([`${MISSION.sku}×1`])
  let letEditsThrough = false
  await context.route('**/update-qty', (route) =>
    letEditsThrough ? route.continue() : route.abort('internetdisconnected'),
  )
  await page.goto('/cart')
  const line = page.locator(`li.cart-line[data-sku="${MISSION.sku}"]`)
  await line.getByRole('button', { name: /^One more/ }).click()
  await expect(line.locator('output')).toHaveText('2')
  await expect(page.getByTestId('cart-waiting')).toHaveText(/^1 change waiting to sync/)

  // The network is back as the customer signs in: the guest's 2 join the account's 1.
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(CUSTOMER.email)
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password)
  letEditsThrough = true
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/cart')
  await expect(line.locator('output')).toHaveText('3')
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  await expect(page.getByRole('region', { name: 'Changes the shop refused' })).toHaveCount(0)
  expect(await serverLines(token, accountBearer)).toEqual([`${MISSION.sku}×3`])
  await context.unroute('**/update-qty')
  await emptyAccountCart()
  forgetOfflineFailures(consoleErrors)
})

test('an older release’s queued adds move into the outbox and land once each', async ({
  context,
  page,
  consoleErrors,
}) => {
  await openStore(page, MISSION.path)
  await addProduct(page, MISSION)
  const token = await cartToken(page)
  await expect.poll(() => serverLines(token), { timeout: 20_000 }).toEqual([`${MISSION.sku}×1`])
  // What the workbox-background-sync queue 'cart-mutations' of earlier releases holds: raw adds.
  // The first was sent before (its answer was lost); the second never was.
  const sentKey = `legacy-${crypto.randomUUID()}`
  const unsentKey = `legacy-${crypto.randomUUID()}`
  const bag = (sku: string) => ({ sku, qty: 1, meta: [], child: [] })
  const sent = await api.post('/api/order/add', {
    headers: { 'X-Cart-Token': token, 'Idempotency-Key': sentKey },
    data: bag(URATUL.sku),
  })
  expect(sent.status()).toBe(200)
  await page.evaluate(
    async ({ entries, origin }) => {
      const open = indexedDB.open('workbox-background-sync', 3)
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore('requests', {
          autoIncrement: true,
          keyPath: 'id',
        })
        store.createIndex('queueName', 'queueName', { unique: false })
      }
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const tx = db.transaction('requests', 'readwrite')
      for (const entry of entries) {
        tx.objectStore('requests').add({
          queueName: 'cart-mutations',
          requestData: {
            url: `${origin}/api/order/add`,
            method: 'POST',
            headers: entry.headers,
            body: new TextEncoder().encode(JSON.stringify(entry.body)).buffer,
            mode: 'cors',
            credentials: 'include',
          },
          timestamp: Date.now(),
          metadata: { lineName: encodeURIComponent(entry.name) },
        })
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve
        tx.onerror = () => reject(tx.error)
      })
      db.close()
    },
    {
      origin: new URL(page.url()).origin,
      entries: [
        {
          headers: {
            'content-type': 'application/json',
            'x-cart-token': token,
            'idempotency-key': sentKey,
          },
          body: bag(URATUL.sku),
          name: URATUL.name,
        },
        {
          headers: {
            'content-type': 'application/json',
            'x-cart-token': token,
            'idempotency-key': unsentKey,
          },
          body: bag(WEEKEND.sku),
          name: WEEKEND.name,
        },
      ],
    },
  )
  // The new release's worker starts (here: the worker is stopped, and the next page starts it).
  const cdp = await context.newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  await page.goto('/cart')
  await expect
    .poll(() => serverLines(token), { timeout: 30_000 })
    .toEqual([`${MISSION.sku}×1`, `${URATUL.sku}×1`, `${WEEKEND.sku}×1`].sort())
  await expect(lines(page)).toHaveText([MISSION.name, URATUL.name, WEEKEND.name])
  await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 20_000 })
  // The old queue is empty: nothing there is sent again by a later start.
  const left = await page.evaluate(async () => {
    const open = indexedDB.open('workbox-background-sync', 3)
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result)
    })
    const count = await new Promise<number>((resolve) => {
      const request = db.transaction('requests').objectStore('requests').count()
      request.onsuccess = () => resolve(request.result)
    })
    db.close()
    return count
  })
  expect(left).toBe(0)
  forgetOfflineFailures(consoleErrors)
})

test('a deploy in the middle of a backlog (two workers) sends each change once', async ({
  context,
  page,
  consoleErrors,
  storeServer,
}) => {
  await openStore(page, MISSION.path, URATUL.path, WEEKEND.path)
  // A backlog: the cart's calls get no network while the customer adds three bags and one more.
  const reconnect = await cutOff(context, '**/api/order/**')
  for (const product of [MISSION, URATUL, WEEKEND]) await addProduct(page, product)
  await page.goto('/cart')
  await page.getByRole('button', { name: `One more ${MISSION.name}` }).click()
  await expect(page.getByRole('group', { name: `Quantity of ${MISSION.name}` })).toContainText('2')
  await expect(page.getByTestId('cart-waiting')).toHaveText(/changes waiting to sync/)
  const token = await cartToken(page)

  // A new build of the worker: it installs (and starts draining at once) while the active one,
  // told the network is back, drains too.
  await withNewBuild(storeServer, async () => {
    reconnect()
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      const installed = new Promise<void>((resolve) =>
        registration.addEventListener('updatefound', () => resolve(), { once: true }),
      )
      window.dispatchEvent(new Event('online'))
      await registration.update()
      await installed
    })
    await expect(page.getByTestId('cart-waiting')).toBeHidden({ timeout: 30_000 })
    await expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting))
      .toBe(true)
  })
  expect(await serverLines(token)).toEqual([
    `${MISSION.sku}×2`,
    `${URATUL.sku}×1`,
    `${WEEKEND.sku}×1`,
  ])
  forgetOfflineFailures(consoleErrors)
})

test.describe('on a 390-pixel phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the cart, its waiting count and why it waits fit the screen', async ({
    context,
    page,
    consoleErrors,
  }) => {
    await openStore(page, MISSION.path)
    await context.setOffline(true)
    await addProduct(page, MISSION)
    await page.goto('/cart')
    await page.getByRole('button', { name: `One more ${MISSION.name}` }).click()
    await context.route('**/api/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Wi-Fi</title>' }),
    )
    await context.setOffline(false)
    const waiting = page.getByTestId('cart-waiting')
    await expect(page.getByTestId('cart-waiting-reason')).toBeVisible({ timeout: 20_000 })
    await expect(waiting).toHaveText(/^1 change waiting to sync/)
    for (const part of [waiting, page.getByRole('list', { name: 'Lines' })]) {
      const box = (await part.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    for (const name of [`One more ${MISSION.name}`, `One fewer ${MISSION.name}`]) {
      expect(
        (await page.getByRole('button', { name }).boundingBox())!.height,
      ).toBeGreaterThanOrEqual(44)
    }
    await context.unroute('**/api/**')
    forgetOfflineFailures(consoleErrors)
  })
})
