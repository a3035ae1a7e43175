/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  PrecacheController,
  PrecacheRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import type { RouteHandlerCallback } from 'workbox-core'
import { registerRoute } from 'workbox-routing'
import { inBatches } from './in-batches.ts'

/*
 * The precache: the app shell and the built assets, fetched when the worker installs and answered
 * from the cache after that; older releases' precaches are removed. Workbox's own install fetches
 * one file at a time (workbox #2880), so a first visit's worker took over only after ~170 round
 * trips: 3–5 s on this machine, and far longer on a drop zone's network. Here a few files are
 * fetched at once, through Workbox's own precache strategy, so what is kept, under which key, and
 * what makes an install fail (any file that cannot be kept) stay Workbox's.
 */

declare const self: ServiceWorkerGlobalScope

/** Files fetched at once while installing: the browser's six connections, one left for the page. */
export const PRECACHE_AT_ONCE = 5

const controller = new PrecacheController()

/** How each URL is fetched: a file with a revision bypasses the HTTP cache (Workbox's rule). */
const cacheModes = new Map<string, RequestCache>()

async function install(event: ExtendableEvent): Promise<void> {
  await inBatches(controller.getURLsToCacheKeys(), PRECACHE_AT_ONCE, async ([url, cacheKey]) => {
    const request = new Request(url, {
      integrity: controller.getIntegrityForCacheKey(cacheKey),
      cache: cacheModes.get(url) ?? 'default',
      credentials: 'same-origin',
    })
    await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }))
  })
}

/** Precaches `entries` (the build's manifest) and answers them from the precache. */
export function precacheApp(entries: (PrecacheEntry | string)[]): void {
  controller.addToCacheList(entries)
  for (const entry of entries) {
    if (typeof entry === 'string') continue
    cacheModes.set(
      new URL(entry.url, self.location.href).href,
      entry.revision ? 'reload' : 'default',
    )
  }
  self.addEventListener('install', (event) => event.waitUntil(install(event)))
  // Workbox's activate calls waitUntil itself.
  self.addEventListener('activate', (event) => void controller.activate(event))
  registerRoute(new PrecacheRoute(controller))
  cleanupOutdatedCaches()
}

/** Answers with the precached copy of `url` (the app shell for pages never visited). */
export function precachedHandler(url: string): RouteHandlerCallback {
  return controller.createHandlerBoundToURL(url)
}
