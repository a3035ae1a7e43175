/// <reference lib="webworker" />
import { PAGE_VIEWS_PATH } from '../contract/page-views.ts'
import {
  drainPageViews,
  pageViewsIn,
  postPageViews,
  queuePageViews,
} from '../store-db/page-view-queue.ts'
import type { CartQueue } from '../store-db/cart-queue.ts'
import { apiExpiration } from './caching-routes.ts'
import { forgetOffline, isKeptOffline, keepOffline, offlineStorage } from './kept-offline.ts'
import type {
  BackgroundJobsReport,
  KeptOfflineReply,
  OfflineStorageReply,
  WorkerMessage,
} from './messages.ts'
import { keepableUrls, OFFLINE_CACHES } from './offline-data.ts'
import { outboxDB } from './outbox-db.ts'
import { USER_BOUND_CACHES } from './policy.ts'
import type { SiteDownload } from './site-download.ts'

/*
 * What the worker does when a page asks (the messages of messages.ts): take over after an update,
 * run the background jobs, keep and forget offline copies, clear caches, send the cart queue and
 * the page views.
 */

declare const self: ServiceWorkerGlobalScope

export interface PageMessageParts {
  /** Resolves once this worker is the active one. */
  activated: Promise<void>
  siteDownload: SiteDownload
  cartQueue: CartQueue
  /** The API host the build was made for (API_URL); empty when the API is served with the site. */
  apiUrl: string
}

export function answerPageMessages({
  activated,
  siteDownload,
  cartQueue,
  apiUrl,
}: PageMessageParts): void {
  async function clearUserCaches(): Promise<void> {
    // The API cache goes with its expiration records, so the plugin starts afresh.
    await apiExpiration.deleteCacheAndMetadata()
    await Promise.all(USER_BOUND_CACHES.map((name) => caches.delete(name)))
    // The bearer a page handed over is the signed-out session's. (The page clears the cart's
    // IndexedDB records itself, under the outbox's lock.)
    cartQueue.rememberBearer(undefined)
  }

  async function clearOfflineData(): Promise<OfflineStorageReply> {
    // The API cache goes with its expiration records, so the plugin starts afresh.
    await apiExpiration.deleteCacheAndMetadata()
    await Promise.all(OFFLINE_CACHES.map((name) => caches.delete(name)))
    siteDownload.forget()
    return offlineStorage()
  }

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
            .then(() => siteDownload.run())
            .then((failed) => {
              const report: BackgroundJobsReport = {
                type: 'BACKGROUND_SYNC_DONE',
                failed,
                offlineData: siteDownload.offlineData(),
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
}
