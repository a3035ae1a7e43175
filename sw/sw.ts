/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

/**
 * The store's service worker. Precaches the app shell and built assets, serves pages network
 * first with the visited ones kept for offline use (and the shell for the rest, so the store
 * opens with no network), and keeps what visitors have looked at: product API answers (network
 * first, cache when offline), page data and images.
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

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

const onlyOk = new CacheableResponsePlugin({ statuses: [200] })

// Pages: the prerendered HTML from the network, kept for offline visits; with no network (or
// after a few seconds of a dead one) the last copy of that page, and for a page never visited
// the app shell, which renders it from cached data.
const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: 3,
  plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
})
const shell = createHandlerBoundToURL('/index.html')
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options)
        if (response) return response
      } catch {
        // Neither network nor cache: fall through to the shell.
      }
      return shell(options)
    },
    { denylist: [/^\/api\//, /^\/sw\.js$/, /\/[^/?]+\.[^/]+$/] },
  ),
)

// Product data and the workshop's production times: fresh when online, the last copy when not. A slow network falls back to the
// cache after a few seconds rather than leaving a pilot at a drop zone staring at a spinner.
registerRoute(
  // Any origin: the API may be hosted apart from the site (API_URL).
  ({ url, request }) =>
    request.method === 'GET' &&
    (url.pathname.startsWith('/api/product/') || url.pathname === '/api/order/production-time'),
  new NetworkFirst({
    cacheName: 'api-products',
    networkTimeoutSeconds: 4,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })],
  }),
)

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/page-data/'),
  new StaleWhileRevalidate({
    cacheName: 'page-data',
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 1000, purgeOnQuotaError: true })],
  }),
)

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      onlyOk,
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)
