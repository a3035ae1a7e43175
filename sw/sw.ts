/// <reference lib="webworker" />
/// <reference types="vite/client" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { Queue } from 'workbox-background-sync'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import { archiveLandingPaths } from '../contract/archive-path.ts'
import { syncCatalogSnapshot, yieldToEventLoop } from '../store-db/catalog-snapshot.ts'
import { StoreDB } from '../store-db/store-db.ts'
import { APP_DATA_URL } from '../contract/page-data.ts'
import {
  PAGE_DATA_MANIFEST_URL,
  type PageDataManifestFile,
} from '../contract/page-data-manifest.ts'
import { createBackgroundJobRunner } from './background-jobs.ts'
import { intentFromRequest } from '../store-db/cart-outbox-model.ts'
import {
  CART_OUTBOX_LOCK,
  createCartQueue,
  isCartMutation,
  type CartQueue,
  type ReplayResult,
  type SendCredentials,
} from './cart-queue.ts'
import { imagePlaceholderResponse } from './image-placeholder.ts'
import { PAGE_VIEWS_PATH } from '../contract/page-views.ts'
import {
  drainPageViews,
  pageViewsIn,
  postPageViews,
  queuePageViews,
} from '../store-db/page-view-queue.ts'
import type {
  BackgroundJobsReport,
  CartWorkerReport,
  KeptOfflineReply,
  OfflineDataStatus,
  OfflineStorageReply,
  WorkerMessage,
} from './messages.ts'
import {
  backgroundDownloadDecision,
  backgroundImageUrls,
  CONTENT_HASH_HEADER,
  fitsImageBudget,
  isPageDataManifest,
  isStaticDataUrl,
  keepableUrls,
  KEPT_CACHE,
  OFFLINE_CACHES,
  PAGE_DATA_CACHE,
  planPageDataSync,
  type ConnectionHints,
} from './offline-data.ts'
import {
  API_CACHE,
  apiOrigins,
  cacheKeyFor,
  isCachedApiRequest,
  isPageNavigation,
  isSecretPagePath,
  mayCache,
  USER_BOUND_CACHES,
} from './policy.ts'

/**
 * The store's service worker. Precaches the app shell and built assets, serves pages network
 * first with the visited ones kept for offline use (and the shell for the rest, so the store
 * opens with no network), and keeps what visitors have looked at: public product API answers
 * (network first, cache when offline), page data and images. Once it has activated and a page
 * has loaded, it keeps the catalog snapshot in IndexedDB fresh, off the page's main thread, and
 * downloads the data of every page the build lists (page-data/manifest.json), so the whole site
 * opens offline after one visit; after a new build, only the files whose hash changed. Cart
 * changes go through the cart queue (cart-queue.ts), which keeps what the network did not take
 * and sends it when it can. Which URLs go where, and what may be kept, is decided in policy.ts.
 */

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The first install takes control at once so the first visit's data is cached too; updates
// wait until the page asks (the "reload to update" prompt).
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting()
})
clientsClaim()

/** The API host the build was made for (API_URL); empty when the API is served with the site. */
const apiUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? ''

/** Several files at once, at low priority: the visitor's own requests go first. */
const DOWNLOADS_AT_ONCE = 4

/** What the last page-data download did, told to the page with the jobs' report. */
let offlineData: OfflineDataStatus | undefined

async function cachedHashes(cache: Cache): Promise<Map<string, string | undefined>> {
  const hashes = new Map<string, string | undefined>()
  for (const request of await cache.keys()) {
    const url = new URL(request.url)
    if (url.origin !== self.location.origin) continue
    const entry = await cache.match(request)
    hashes.set(url.pathname, entry?.headers.get(CONTENT_HASH_HEADER) ?? undefined)
  }
  return hashes
}

/** Fetches one listed file and keeps it with its hash; resolves with its size. */
async function downloadFile(cache: Cache, file: PageDataManifestFile): Promise<number> {
  const response = await fetch(file.url, { priority: 'low', cache: 'no-cache' })
  if (!response.ok) throw new Error(`${file.url} answered ${response.status}`)
  const body = await response.arrayBuffer()
  const headers = new Headers(response.headers)
  headers.set(CONTENT_HASH_HEADER, file.hash)
  // A full quota rejects here, and the job is reported failed rather than silently incomplete.
  await cache.put(new URL(file.url, self.location.origin).href, new Response(body, { headers }))
  return body.byteLength
}

/**
 * Brings the page-data cache in step with the build's manifest (offline-data.ts decides what to
 * fetch, in what order, and whether to at all on this connection).
 */
async function downloadSiteData(): Promise<OfflineDataStatus> {
  const decision = backgroundDownloadDecision(
    (self.navigator as WorkerNavigator & { connection?: ConnectionHints }).connection,
  )
  if (!decision.download) return { mode: 'on-view', reason: decision.reason }
  const response = await fetch(PAGE_DATA_MANIFEST_URL, { priority: 'low', cache: 'no-cache' })
  if (!response.ok) throw new Error(`the manifest answered ${response.status}`)
  const manifest: unknown = await response.json()
  if (!isPageDataManifest(manifest)) throw new Error('the manifest is not one the build writes')
  const cache = await caches.open(PAGE_DATA_CACHE)
  const plan = planPageDataSync(manifest, await cachedHashes(cache))
  await Promise.all(plan.remove.map((url) => cache.delete(new URL(url, self.location.origin).href)))
  const queue = [...plan.download]
  let bytes = 0
  const downloader = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      // Read the total only after the await: the downloaders add to it in turn.
      const size = await downloadFile(cache, file)
      bytes += size
    }
  }
  await Promise.all(Array.from({ length: DOWNLOADS_AT_ONCE }, downloader))
  return {
    mode: 'complete',
    downloaded: plan.download.length,
    bytes,
    unchanged: plan.unchanged,
    removed: plan.remove.length,
  }
}

/**
 * Pages that read the API rather than page data, kept as a visit would keep them: the production
 * times, and the first pages of both suit archives (the filtered and later pages as visited).
 */
const apiAnswersForOffline = [
  '/api/order/production-time',
  ...archiveLandingPaths('supercustom'),
  ...archiveLandingPaths('superdupercustom'),
]

async function keepApiAnswers(paths: string[]): Promise<void> {
  const cache = await caches.open(API_CACHE)
  for (const path of paths) {
    const request = new Request(new URL(path, apiUrl || self.location.origin))
    const response = await fetch(request, { priority: 'low' })
    if (!mayCache(request, response)) throw new Error(`${path} answered ${response.status}`)
    await cache.put(cacheKeyFor(request), response)
  }
}

const IMAGES_CACHE = 'images'

/** The coaches' photos, read from the coaches page's data the download has just kept. */
async function coachPhotos(): Promise<string[]> {
  const cache = await caches.open(PAGE_DATA_CACHE)
  const entry = await cache.match(
    new URL('/page-data/coaches/page-data.json', self.location.origin).href,
  )
  if (!entry) return []
  const record = (await entry.json()) as {
    result?: { data?: { coaches?: { photo?: { src?: unknown } }[] } }
  }
  return (record.result?.data?.coaches ?? [])
    .map((coach) => coach.photo?.src)
    .filter((src): src is string => typeof src === 'string')
}

/** Runs `work` on the store's IndexedDB database, closed again afterwards. */
async function withStoreDB<T>(work: (db: StoreDB) => Promise<T>): Promise<T> {
  const db = new StoreDB()
  try {
    return await work(db)
  } finally {
    db.close()
  }
}

/**
 * The budgeted background set of images (offline-data.ts): each product's first image and each
 * coach's photo not yet kept, until the budget is spent.
 */
async function keepBackgroundImages(): Promise<void> {
  const products = await withStoreDB(async (db) =>
    (await db.products.toArray()).map((record) => record.data),
  )
  const cache = await caches.open(IMAGES_CACHE)
  let spent = 0
  for (const url of backgroundImageUrls(products, await coachPhotos())) {
    const key = new URL(url, self.location.origin).href
    if (await cache.match(key)) continue
    const response = await fetch(key, { priority: 'low' })
    if (!response.ok) continue
    const declared = Number(response.headers.get('Content-Length') ?? 0)
    if (!fitsImageBudget(spent, declared)) break
    const body = await response.arrayBuffer()
    if (!fitsImageBudget(spent, body.byteLength)) break
    spent += body.byteLength
    await cache.put(key, new Response(body, { headers: response.headers }))
  }
}

const background = createBackgroundJobRunner([
  {
    name: 'catalog snapshot',
    // Between runs the worker holds no connection that could stall a schema upgrade.
    run: () =>
      withStoreDB((db) =>
        syncCatalogSnapshot(db, {
          apiBase: apiUrl || self.location.origin,
          siteOrigin: self.location.origin,
          pause: yieldToEventLoop,
        }),
      ),
  },
  {
    name: 'page data',
    run: async () => {
      offlineData = undefined
      offlineData = await downloadSiteData()
      if (offlineData.mode === 'complete') await keepApiAnswers(apiAnswersForOffline)
    },
  },
  {
    name: 'images',
    run: async () => {
      if (offlineData?.mode === 'complete') await keepBackgroundImages()
    },
  },
])

const apiExpiration = new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })

/** Resolves once this worker is the active one (at once when it was woken up already active). */
const activated = new Promise<void>((resolve) => {
  if (self.serviceWorker?.state === 'activated') resolve()
  self.addEventListener('activate', (event) => {
    // A cache of an earlier release may hold a bearer token in its stored requests.
    event.waitUntil(caches.delete('api-products'))
    resolve()
  })
})

async function clearUserCaches(): Promise<void> {
  // The API cache goes with its expiration records, so the plugin starts afresh.
  await apiExpiration.deleteCacheAndMetadata()
  await Promise.all(USER_BOUND_CACHES.map((name) => caches.delete(name)))
  // The bearer a page handed over is the signed-out session's. (The page clears the cart's
  // IndexedDB records itself, under the outbox's lock.)
  cartQueue.rememberBearer(undefined)
}

/** Fetches each URL and keeps it until the visitor removes it; a full quota is reported. */
async function keepOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  try {
    for (const url of urls) {
      const response = await fetch(url, { cache: 'no-cache' })
      if (!response.ok) return { kept: false, error: 'network' }
      await cache.put(url, response)
    }
    return { kept: true }
  } catch (error) {
    const quota = error instanceof DOMException && error.name === 'QuotaExceededError'
    return { kept: false, error: quota ? 'quota' : 'network' }
  }
}

async function isKeptOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  const found = await Promise.all(urls.map((url) => cache.match(url)))
  return { kept: found.every(Boolean) }
}

async function forgetOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  await Promise.all(urls.map((url) => cache.delete(url)))
  return { kept: false }
}

async function offlineStorage(): Promise<OfflineStorageReply> {
  return {
    caches: await Promise.all(
      OFFLINE_CACHES.map(async (name) => ({
        name,
        entries: (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0,
      })),
    ),
  }
}

async function clearOfflineData(): Promise<OfflineStorageReply> {
  // The API cache goes with its expiration records, so the plugin starts afresh.
  await apiExpiration.deleteCacheAndMetadata()
  await Promise.all(OFFLINE_CACHES.map((name) => caches.delete(name)))
  offlineData = undefined
  return offlineStorage()
}

/** What the visitor kept offline, for a request no other cache or the network could answer. */
function keptCopy(request: Request): Promise<Response | undefined> {
  return caches.match(request.url, { cacheName: KEPT_CACHE })
}

async function broadcast(report: CartWorkerReport): Promise<void> {
  // With no page open (the browser's background sync), the answer is already in IndexedDB (the
  // server's last cart, a refusal): the next page reads it there.
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const page of pages) page.postMessage(report)
}

/** The cart's one open handle on the store's database (Dexie closes it for a newer version). */
let cartDB: StoreDB | undefined
const outboxDB = () => (cartDB ??= new StoreDB())

/**
 * The bearer of the session signed in now: the `authToken` cookie, where workers can read it.
 * A cookie that cannot be read counts as none: a change made signed out then goes to the
 * device's cart, and one made signed in waits for a session.
 */
async function currentCredentials(): Promise<SendCredentials> {
  const store = (
    self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }
  ).cookieStore
  if (!store) return { fromCookie: false }
  const bearer = (await store.get('authToken').catch(() => null))?.value || undefined
  return { bearer, fromCookie: true }
}

const cartQueue: CartQueue = createCartQueue({
  get db() {
    return outboxDB()
  },
  send: (url, init) => fetch(url, init),
  credentials: currentCredentials,
  // One drainer at a time across the installing and the active worker and every page.
  withLock: (drain) =>
    self.navigator.locks ? self.navigator.locks.request(CART_OUTBOX_LOCK, drain) : drain(),
  broadcast,
  schedule: (retry, ms) => {
    // The browser's background sync sends it even if no page is open and this worker sleeps.
    const sync = (self.registration as { sync?: { register(tag: string): Promise<void> } }).sync
    void sync?.register(CART_OUTBOX_LOCK).catch(() => undefined)
    setTimeout(retry, ms)
  },
  apiOrigin: apiUrl || self.location.origin,
  online: () => self.navigator.onLine,
})

/**
 * The workbox-background-sync queue of earlier releases ('cart-mutations': raw requests with the
 * bearer frozen in). Its entries move into the outbox as frozen intents (they may have been sent
 * already; the same key and body make a resend harmless), each removed from the old queue only
 * once the outbox holds it. The Queue is made only for this: its `sync` event and its start-up
 * call land here, never in Workbox's own replay.
 */
const LEGACY_CART_QUEUE = 'cart-mutations'
async function moveLegacyQueue(queue: Queue): Promise<void> {
  const db = outboxDB()
  for (const entry of await queue.getAll()) {
    const key = entry.request.headers.get('Idempotency-Key')
    const body: unknown = await entry.request
      .clone()
      .json()
      .catch(() => undefined)
    const lineName = (entry.metadata as { lineName?: unknown } | undefined)?.lineName
    const name = typeof lineName === 'string' ? decodeURIComponent(lineName) : undefined
    const intent = intentFromRequest(new URL(entry.request.url).pathname, body, { name })
    // Queued with a bearer: made signed in, by an account the old queue did not name ('').
    const by = entry.request.headers.get('Authorization')?.startsWith('Bearer ') ? '' : undefined
    if (key && intent) {
      await db.addCartIntent(intent, key, { at: entry.timestamp, frozen: true, by })
    }
    await queue.shiftRequest()
  }
}
let legacyMoved: Promise<void> | undefined
const legacyQueue: Queue = new Queue(LEGACY_CART_QUEUE, {
  maxRetentionTime: 60 * 24 * 60,
  onSync: async ({ queue }) => {
    legacyMoved ??= moveLegacyQueue(queue).catch(() => undefined)
    await legacyMoved
    const result: ReplayResult = await cartQueue.replay()
    if (result !== 'done') throw new Error(`The cart outbox is not sent yet (${result}).`)
  },
})

/** The browser's `sync` event for the outbox (registered by pages; see sw-registration.ts). */
// (The WebWorker library has no SyncEvent type: Background Sync is Chromium's.)
;(self as EventTarget).addEventListener('sync', (raw) => {
  const event = raw as ExtendableEvent & { tag: string }
  if (event.tag !== CART_OUTBOX_LOCK) return
  event.waitUntil(
    cartQueue.replay().then((result) => {
      if (result !== 'done') throw new Error(`The cart outbox is not sent yet (${result}).`)
    }),
  )
})

// A worker that was asleep sends what waits as soon as it starts (browsers without Background
// Sync have no other moment than this and a page's `online` message), after moving in what an
// earlier release left in its queue.
legacyMoved ??= moveLegacyQueue(legacyQueue).catch(() => undefined)
void legacyMoved.then(() => cartQueue.replay())

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null
  const reply = (data: unknown) => event.ports[0]?.postMessage(data)
  switch (message?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting()
      break
    case 'RUN_BACKGROUND_JOBS':
      event.waitUntil(
        activated
          .then(() => background.run())
          .then((failed) => {
            const report: BackgroundJobsReport = {
              type: 'BACKGROUND_SYNC_DONE',
              failed,
              offlineData,
            }
            reply(report)
          }),
      )
      break
    case 'KEEP_OFFLINE':
    case 'FORGET_OFFLINE':
    case 'IS_KEPT_OFFLINE': {
      const urls = keepableUrls(message.urls, self.location.origin)
      if (!urls) {
        reply({ kept: false, error: 'network' } satisfies KeptOfflineReply)
        break
      }
      const act =
        message.type === 'KEEP_OFFLINE'
          ? keepOffline
          : message.type === 'FORGET_OFFLINE'
            ? forgetOffline
            : isKeptOffline
      event.waitUntil(act(urls).then(reply))
      break
    }
    case 'OFFLINE_STORAGE':
      event.waitUntil(offlineStorage().then(reply))
      break
    case 'CLEAR_OFFLINE_DATA':
      event.waitUntil(clearOfflineData().then(reply))
      break
    case 'CART_QUEUE':
      event.waitUntil(cartQueue.report().then(reply))
      break
    case 'CART_REPLAY':
      // The asking page says who is signed in now: without a bearer, nobody (a sign-out this
      // worker did not hear of, as a new build's worker that workbox-window messages first).
      cartQueue.rememberBearer(message.bearer)
      event.waitUntil(
        cartQueue
          .replay({ refresh: true })
          .then(() => cartQueue.report())
          .then(reply),
      )
      break
    case 'CLEAR_USER_CACHES':
      event.waitUntil(clearUserCaches().then(() => reply({ cleared: USER_BOUND_CACHES })))
      break
    case 'PAGE_VIEWS_KEEP':
      event.waitUntil(
        queuePageViews(outboxDB(), pageViewsIn(message.views)).then(
          () => reply({ kept: true }),
          () => reply({ kept: false }),
        ),
      )
      break
    case 'PAGE_VIEWS_SEND':
      // Asked only by a page that sees neither Do-Not-Track nor GPC (src/lib/analytics.ts).
      event.waitUntil(
        drainPageViews(outboxDB(), (views) =>
          postPageViews(fetch, `${apiUrl || self.location.origin}${PAGE_VIEWS_PATH}`, views),
        ).then(
          (sent) => reply({ sent }),
          () => reply({ sent: 0 }),
        ),
      )
      break
  }
})

/** Keeps only what policy.ts allows, under a key made of the URL alone. */
const keepPublicAnswers: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => cacheKeyFor(request),
  cacheWillUpdate: async ({ request, response }) => (mayCache(request, response) ? response : null),
}

// Cart changes: through the queue, delivered once, in the order they were made.
const cartOrigins = apiOrigins(self.location.origin, apiUrl)
registerRoute(
  ({ url, request }) => isCartMutation(request, url, cartOrigins),
  ({ request, event }) => {
    const answer = cartQueue.handle(request)
    // The worker stays up until the change has been sent or queued.
    ;(event as ExtendableEvent).waitUntil(answer.catch(() => undefined))
    return answer
  },
  'POST',
)

const shell = createHandlerBoundToURL('/index.html')

// Pages whose URL carries a token: always from the network, never kept. With no network, the
// app shell, which says the page needs a connection.
const secretPages = new NetworkOnly()
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isSecretPagePath(url.pathname),
  async (options) => {
    try {
      return await secretPages.handle(options)
    } catch {
      return shell(options)
    }
  },
)

// Pages: the prerendered HTML from the network, kept for offline visits; with no network (or
// after a few seconds of a dead one) the last copy of that page, and for a page never visited
// the app shell, which renders it from cached data.
const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: 3,
  plugins: [keepPublicAnswers, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
})
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    isPageNavigation(url.pathname),
  async (options) => {
    try {
      const response = await pages.handle(options)
      if (response) return response
    } catch {
      // Neither network nor cache: what the visitor kept, else the shell.
    }
    return (await keptCopy(options.request)) ?? shell(options)
  },
)

// Product data and the workshop's production times: fresh when online, the last copy when not.
// A slow network falls back to the cache after a few seconds rather than leaving a pilot at a
// drop zone staring at a spinner. Only the API's own origin, and only public answers.
const origins = apiOrigins(self.location.origin, apiUrl)
registerRoute(
  ({ url, request }) => isCachedApiRequest(request, url, origins),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [keepPublicAnswers, apiExpiration],
  }),
)

// The build's identity: from the network whenever there is one, so the page notices a new build
// (src/lib/app-data.ts); the last copy offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === APP_DATA_URL,
  new NetworkFirst({
    cacheName: PAGE_DATA_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [keepPublicAnswers],
  }),
)

registerRoute(
  ({ url }) => url.origin === self.location.origin && isStaticDataUrl(url.pathname),
  new StaleWhileRevalidate({
    cacheName: PAGE_DATA_CACHE,
    plugins: [
      keepPublicAnswers,
      // Kept with "Keep offline": there even if this cache lost it.
      { handlerDidError: async ({ request }) => keptCopy(request) },
      new ExpirationPlugin({ maxEntries: 1000, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [
      keepPublicAnswers,
      // Offline and never seen: a neat placeholder rather than a broken image.
      {
        handlerDidError: async ({ request }) =>
          (await keptCopy(request)) ?? imagePlaceholderResponse(),
      },
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)
