import type { QueryClient } from '@tanstack/react-query'
import { startAnchorScrolling } from './lib/anchor-scroll.ts'
import { keepDocumentHead } from './lib/document-head.ts'
import { watchSignedIn } from './lib/signed-in-user.ts'
import { AUTH_COOKIE, readCookie } from './lib/cookies.ts'
import { shouldPrefetch, startLinkPrefetch } from './lib/link-prefetch.ts'
import {
  registerServiceWorker,
  startWorkerBackgroundJobs,
  type ServiceWorkerHandlers,
} from './lib/sw-registration.ts'
import { loadQueryClient } from './lib/data-layer.ts'
import { nextTask } from './lib/next-task.ts'
import { whenPageSettled } from './lib/page-settled.ts'
import { trackingRefused } from '../contract/page-views.ts'
import type { createAppRouter } from './router.tsx'

/**
 * What the app starts once the first view is up and the browser is idle, loaded as its own
 * chunk so none of it weighs on the first page: the document's title as the visitor moves on,
 * smooth anchor scrolling, prefetching of links in view (docs/architecture.md), and the service
 * worker (docs/architecture.md), which then takes the offline catalog snapshot off the main thread.
 * Where no worker runs, the page takes the snapshot itself. Then the cart's sync with the worker's
 * queue (the header's count, changes waiting to sync). And first-party page views
 * (lib/analytics.ts), whose code is not even loaded while the browser signals Do-Not-Track or
 * Global Privacy Control. Each starts in a task of its own (lib/next-task.ts), so none waits long
 * behind the others and none keeps a tap waiting.
 */
export async function startBackgroundWork(
  router: ReturnType<typeof createAppRouter>,
  serviceWorker: ServiceWorkerHandlers,
  queryClient: Promise<QueryClient>,
): Promise<void> {
  keepDocumentHead(router)
  startAnchorScrolling()
  await nextTask()
  watchSignedIn(queryClient)
  // The header shows the user this device kept; whether the session still holds is asked now.
  if (readCookie(AUTH_COOKIE)) {
    void Promise.all([queryClient, import('./features/account/api.ts')]).then(
      ([client, { refreshSignedInUser }]) => refreshSignedInUser(client),
    )
  }
  await nextTask()
  if (shouldPrefetch(navigator as Navigator & { connection?: object })) {
    const prefetcher = startLinkPrefetch((href) => router.preloadRoute({ to: href }))
    router.subscribe('onRendered', () => prefetcher.scan())
  }
  await nextTask()
  const worker = import.meta.env.PROD
    ? installWhenSettled().then(() => registerServiceWorker(serviceWorker))
    : Promise.resolve(undefined)
  // A new build on the server: the worker looks for it at once, and the update prompt follows.
  void import('./lib/app-data.ts')
    .then(({ startNewBuildWatch }) =>
      startNewBuildWatch(router, worker, serviceWorker.onUpdateWaiting),
    )
    .catch(() => undefined)
  await nextTask()
  if (!trackingRefused(navigator as Navigator & { globalPrivacyControl?: boolean })) {
    void import('./lib/analytics.ts')
      .then(({ startPageViews }) => startPageViews(router, worker))
      .catch(() => {
        // Offline before its code was cached: no view is recorded on this page load.
      })
  }
  void worker
    .then(async (wb) => {
      const [client, { startCartSync }] = await Promise.all([
        loadQueryClient(),
        import('./features/cart/sync.ts'),
      ])
      await startCartSync(client, wb)
    })
    .catch(() => {
      // Offline before the cart's code was cached: the next page load starts it.
    })
  worker
    .then(async (wb) => {
      if (wb) return startWorkerBackgroundJobs(wb)
      const { syncCatalog } = await import('./features/catalog/offline.ts')
      await syncCatalog()
    })
    .catch(() => {
      // Offline or the API is down: the last snapshot stays, and the next start tries again.
    })
}

/**
 * A page no worker controls yet (a first visit) registers it only once the page has settled:
 * the install downloads the whole precache (about 200 files) and then the offline catalog, and
 * on a phone with two cores that competed with the page's own start, stretching its tasks about
 * threefold (docs/performance.md). A page a worker already controls registers at once (no
 * install, only the update check), so its cart badge and waiting changes do not wait.
 */
async function installWhenSettled(): Promise<void> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return
  await whenPageSettled()
  // Offline, the install could fetch nothing: it waits for the network.
  if (!navigator.onLine)
    await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }))
}
