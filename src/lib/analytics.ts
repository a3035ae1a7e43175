import type { Workbox } from 'workbox-window'
import {
  MAX_VIEWS_PER_BATCH,
  PAGE_VIEW_DELAY_MS,
  PAGE_VIEWS_PATH,
  trackingRefused,
  type PageViewRecord,
} from '../../contract/page-views.ts'
import type { WorkerMessage } from '../../sw/messages.ts'
import type { PageViewsOutcome } from '../../store-db/page-view-queue.ts'
import { postPageViews } from '../../store-db/page-view-queue.ts'
import { config } from './config.ts'
import { recordedPagePath } from './page-view-path.ts'

/*
 * First-party page views (contract/page-views.ts). Loaded after the first view, and only while the
 * browser signals neither Do-Not-Track nor Global Privacy Control (after-first-view.ts); the
 * signals are read again before anything is sent, so turning one on stops it at once.
 * - A view is recorded 0 ms after a navigation (docs/analytics.md) and sent at once, with any
 * others
 *   waiting, in one request.
 * - When the page is hidden (tab switched, closed, the phone locked), whatever was recorded and not
 *   confirmed goes in one navigator.sendBeacon, which outlives the page. The server counts a view's
 *   id once, so a view both in flight and in the beacon is one view.
 * - Offline, or when the shop did not take them (no answer, 5xx, 429, a portal's page), views are
 *   kept in IndexedDB (store-db/page-view-queue.ts), through the service worker, and sent when the
 *   network returns or on the next visit.
 */

/** How the sender reaches the server and the queue; the browser's in `startPageViews`. */
export interface PageViewTransport {
  post(views: PageViewRecord[]): Promise<PageViewsOutcome>
  /** Hands views to the browser to send after the page is gone; false when it would not. */
  beacon(views: PageViewRecord[]): boolean
  /** Keeps views on the device for later. */
  keep(views: PageViewRecord[]): Promise<void>
  /** Sends what the device kept. */
  sendKept(): Promise<void>
}

export interface PageViewSignals {
  refused(): boolean
  online(): boolean
  now(): Date
  newId(): string
}

export interface PageViewSender {
  /**
   * A page was shown (its pathname); recorded unless it is no page of the store (`notFound`: the
   * router showed its 404 page).
   */
  record(pathname: string, shown?: { notFound?: boolean }): void
  /** The page is being hidden: what is not confirmed goes by beacon (or is kept, offline). */
  pageHidden(): void
  /** The network is back: what was kept goes now. */
  networkBack(): void
}

export function createPageViewSender(
  transport: PageViewTransport,
  signals: PageViewSignals,
): PageViewSender {
  let waiting: PageViewRecord[] = []
  const inFlight = new Map<string, PageViewRecord>()

  const keep = (views: PageViewRecord[]) => {
    if (views.length > 0) void transport.keep(views).catch(() => undefined)
  }

  const flush = () => {
    if (signals.refused()) {
      waiting = []
      return
    }
    if (waiting.length === 0) return
    const batch = waiting.splice(0, MAX_VIEWS_PER_BATCH)
    if (!signals.online()) {
      keep(batch)
      return
    }
    for (const view of batch) inFlight.set(view.id, view)
    void transport.post(batch).then((outcome) => {
      const unsent = batch.filter((view) => inFlight.delete(view.id))
      if (outcome === 'failed') keep(unsent)
      if (waiting.length > 0) flush()
    })
  }

  return {
    record(pathname, shown) {
      const path = shown?.notFound ? null : recordedPagePath(pathname)
      if (path === null || signals.refused()) return
      waiting.push({ id: signals.newId(), path, at: signals.now().toISOString() })
      flush()
    },
    pageHidden() {
      if (signals.refused()) {
        waiting = []
        return
      }
      const unconfirmed = [...inFlight.values(), ...waiting]
      waiting = []
      if (unconfirmed.length === 0) return
      // The views stay in flight too: if the request still lands, the server counts each once.
      const beaconed = signals.online() && transport.beacon(unconfirmed)
      if (!beaconed) keep(unconfirmed.filter((view) => !inFlight.has(view.id)))
    },
    networkBack() {
      if (signals.refused()) return
      flush()
      void transport.sendKept().catch(() => undefined)
    },
  }
}

/** What the browser says: Do-Not-Track (`navigator.doNotTrack === '1'`) or GPC. */
export function browserRefusesTracking(): boolean {
  return trackingRefused(
    navigator as Navigator & { doNotTrack?: string | null; globalPrivacyControl?: boolean },
  )
}

interface RouterEvents {
  /** What the router shows now: a match whose loader said "not found" is the 404 page. */
  state: { matches: readonly { status: string; globalNotFound?: boolean }[] }
  subscribe(
    event: 'onResolved',
    listener: (event: { pathChanged: boolean; toLocation: { pathname: string } }) => void,
  ): () => void
}

/**
 * Starts recording page views in this page: the page shown now, then every navigation. `worker`
 * resolves with the registered service worker (the queue's keeper), or undefined where none runs
 * (the page then keeps and sends the queue itself).
 */
export function startPageViews(
  router: RouterEvents,
  worker: Promise<Workbox | undefined>,
): PageViewSender {
  const url = `${config.apiUrl}${PAGE_VIEWS_PATH}`
  const ask = async (message: WorkerMessage) => {
    const wb = await worker
    if (wb) {
      await wb.messageSW(message)
      return true
    }
    return false
  }
  const pageQueue = () => import('./page-view-store.ts')
  const transport: PageViewTransport = {
    post: (views) => postPageViews(fetch, url, views),
    beacon: (views) =>
      navigator.sendBeacon?.(
        url,
        new Blob([JSON.stringify({ views })], { type: 'application/json' }),
      ) ?? false,
    keep: async (views) => {
      if (!(await ask({ type: 'PAGE_VIEWS_KEEP', views })))
        await (await pageQueue()).keepPageViews(views)
    },
    sendKept: async () => {
      if (!(await ask({ type: 'PAGE_VIEWS_SEND' })))
        await (await pageQueue()).sendKeptPageViews(url)
    },
  }
  const sender = createPageViewSender(transport, {
    refused: browserRefusesTracking,
    online: () => navigator.onLine,
    now: () => new Date(),
    newId: () => crypto.randomUUID(),
  })
  const shown = () => ({
    notFound: router.state.matches.some(
      (match) => match.status === 'notFound' || match.globalNotFound === true,
    ),
  })
  sender.record(window.location.pathname, shown())
  router.subscribe('onResolved', ({ pathChanged, toLocation }) => {
    if (!pathChanged) return
    const now = shown()
    setTimeout(() => sender.record(toLocation.pathname, now), PAGE_VIEW_DELAY_MS)
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sender.pageHidden()
  })
  // Safari fires pagehide, not visibilitychange, when the page goes into the back-forward cache.
  window.addEventListener('pagehide', () => sender.pageHidden())
  window.addEventListener('online', () => sender.networkBack())
  // What an earlier visit kept goes now (the worker sends it; no worker, the page does).
  if (navigator.onLine) void transport.sendKept().catch(() => undefined)
  return sender
}
