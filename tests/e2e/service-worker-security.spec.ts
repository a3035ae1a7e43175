import type { Page } from '@playwright/test'
import {
  expect,
  expectFailedResource,
  runBackgroundJobs,
  test,
  waitForServiceWorker,
} from './fixtures.ts'

interface StoredRequest {
  cache: string
  url: string
  headers: string[]
}

/** Every request Cache Storage holds, with the names of its stored headers. */
function storedRequests(page: Page): Promise<StoredRequest[]> {
  return page.evaluate(async () => {
    const stored: StoredRequest[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        stored.push({ cache: name, url: request.url, headers: [...request.headers.keys()] })
      }
    }
    return stored
  })
}

const signedInProduct = '/api/product/corvid-2?active=1'
const publicProduct = '/api/product/a5?active=1'

test('a signed-in API call goes through the worker and leaves no token in Cache Storage', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)

  const workerRequests: { url: string; authorization: string | null }[] = []
  context.on('request', (request) => {
    if (request.serviceWorker()) {
      workerRequests.push({
        url: request.url(),
        authorization: request.headers()['authorization'] ?? null,
      })
    }
  })
  const answer = await page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Authorization: 'Bearer e2e-secret-token' } })
    await response.json()
    return { status: response.status, cacheControl: response.headers.get('Cache-Control') ?? '' }
  }, signedInProduct)
  expect(answer.status).toBe(200)
  // The worker fetched it from the network, token and all: it went through the worker.
  await expect
    .poll(() => workerRequests.find((r) => r.url.endsWith(signedInProduct))?.authorization)
    .toBe('Bearer e2e-secret-token')

  // A public answer is kept, by URL alone.
  await page.evaluate((path) => fetch(path).then((r) => r.json()), publicProduct)
  await expect
    .poll(async () => (await storedRequests(page)).some((r) => r.url.endsWith(publicProduct)))
    .toBe(true)

  const stored = await storedRequests(page)
  expect(stored.filter((r) => r.headers.includes('authorization'))).toEqual([])
  const keptSignedIn = stored.some((r) => r.url.endsWith(signedInProduct))
  // An authenticated answer is kept only when the server marks it public.
  expect(keptSignedIn).toBe(/\bpublic\b/.test(answer.cacheControl))
})

test('the clear-caches message empties the user caches and keeps the app', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.evaluate((path) => fetch(path).then((r) => r.json()), publicProduct)
  await expect
    .poll(async () => (await storedRequests(page)).filter((r) => r.cache === 'api').length)
    .toBeGreaterThan(0)
  // The page's load started the worker's background jobs, which keep API answers as they go:
  // they end first, so nothing is kept after the caches are cleared.
  await runBackgroundJobs(page)

  // What workbox-window's messageSW sends for clearWorkerUserCaches (src/lib/sw-registration.ts).
  const reply = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data)
        navigator.serviceWorker.controller!.postMessage({ type: 'CLEAR_USER_CACHES' }, [
          channel.port2,
        ])
      }),
  )
  expect(reply).toEqual({ cleared: ['api', 'api-products'] })
  const stored = await storedRequests(page)
  expect(stored.filter((r) => r.cache === 'api')).toEqual([])
  // The app itself stays: the store still opens offline.
  expect(stored.some((r) => r.cache.startsWith('workbox-precache'))).toBe(true)
})

test('pages whose URL carries a token are never kept', async ({ page, context, consoleErrors }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/wingsuits/corvid-2')
  await page.goto('/LoginFromAdmin/e2e-admin-token')
  // The page uses its link at once; the server knows no such token.
  await expect(page.getByText('This sign-in link no longer works')).toBeVisible()
  expectFailedResource(consoleErrors, 404)
  await page.goto('/PasswordResets/newpassword/e2e-reset-token')
  await expect
    .poll(async () =>
      (await storedRequests(page)).some((r) => r.url.endsWith('/wingsuits/corvid-2')),
    )
    .toBe(true)
  const stored = await storedRequests(page)
  expect(stored.filter((r) => /token/.test(r.url))).toEqual([])

  // Offline, such a page gets the app shell from the worker, never a stored copy.
  await context.setOffline(true)
  try {
    const response = await page.goto('/LoginFromAdmin/e2e-admin-token')
    expect(response?.fromServiceWorker()).toBe(true)
    expect(await response?.text()).toBe(
      await page.evaluate(async () => {
        const shell = await caches.match('/index.html', { ignoreSearch: true })
        return shell ? shell.text() : 'no shell'
      }),
    )
    // The page tries its link, and says the device is offline.
    await expect(page.getByText('This device is offline: the link was not used.')).toBeVisible()
    expectFailedResource(consoleErrors, 'offline')
  } finally {
    await context.setOffline(false)
  }
})
