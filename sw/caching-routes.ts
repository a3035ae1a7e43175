/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import { isBackOfficeAsset } from '../contract/back-office-assets.ts'
import { APP_DATA_URL } from '../contract/page-data.ts'
import { imagePlaceholderResponse } from './image-placeholder.ts'
import { keptCopy } from './kept-offline.ts'
import { IMAGES_CACHE, isStaticDataUrl, PAGE_DATA_CACHE } from './offline-data.ts'
import {
  API_CACHE,
  apiOrigins,
  cacheKeyFor,
  isCachedApiRequest,
  isPageNavigation,
  isSecretPagePath,
  mayCache,
} from './policy.ts'
import { precachedHandler } from './precache.ts'

/*
 * What the worker answers from its caches besides the precache (precache.ts): pages
 * network first with the visited ones kept for offline use (and the shell for the rest, so the
 * store opens with no network), and what visitors have looked at: public product API answers
 * (network first, cache when offline), page data and images. Which URLs go where, and what may
 * be kept, is decided in policy.ts.
 */

declare const self: ServiceWorkerGlobalScope

/** The back office's code, cached as it loads (never precached for customers). */
export const BACK_OFFICE_CACHE = 'back-office'

/** The API cache's expiration, cleared with the cache when the customer signs out. */
export const apiExpiration = new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })

/** Keeps only what policy.ts allows, under a key made of the URL alone. */
const keepPublicAnswers: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => cacheKeyFor(request),
  cacheWillUpdate: async ({ request, response }) => (mayCache(request, response) ? response : null),
}

/** Pages, data, API answers and images, for the API at `apiUrl` (empty: served with the site). */
export function registerCachingRoutes(apiUrl: string): void {
  const shell = precachedHandler('/index.html')

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
    plugins: [
      keepPublicAnswers,
      new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    ],
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

  // The build's identity: from the network whenever there is one, so the page notices a new
  // build (src/lib/app-data.ts); the last copy offline.
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

  // The back office's code, left out of the precache: kept once the owner has opened it, so the
  // queue and the last orders seen open offline. Its names are hashed: a kept file never changes.
  registerRoute(
    ({ url }) => url.origin === self.location.origin && isBackOfficeAsset(url.pathname),
    new CacheFirst({
      cacheName: BACK_OFFICE_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })],
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
}
