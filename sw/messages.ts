import type { PageViewRecord } from '../contract/page-views.ts'
/**
 * The messages the app sends the worker (through workbox-window), each answered on the
 * message's port once done.
 * - SKIP_WAITING: the visitor chose to reload into the waiting new version.
 * - RUN_BACKGROUND_JOBS: a page has loaded; the worker may refresh its offline data now. Answered
 *   with a `BackgroundJobsReport` once every job has run.
 * - CLEAR_USER_CACHES: the customer signs out; what was fetched for them goes.
 * - KEEP_OFFLINE / FORGET_OFFLINE: the visitor keeps a page (a manual: its HTML, data and files)
 *   on the device until they remove it; answered with a `KeptOfflineReply`.
 * - IS_KEPT_OFFLINE: whether those URLs are all kept; answered with a `KeptOfflineReply`.
 * - OFFLINE_STORAGE / CLEAR_OFFLINE_DATA: the offline settings page shows, or clears, what is
 *   kept; answered with an `OfflineStorageReply`.
 * - CART_QUEUE: what waits in the cart outbox and what the cart shows; answered with a
 *   `CART_QUEUE` report (CartWorkerReport).
 * - CART_REPLAY: the page saw the network return (browsers without Background Sync rely on it),
 *   put a change in the outbox, or the customer signed in again: the worker sends the outbox now;
 *   answered with a `CART_QUEUE` report once it has tried. `bearer`: the session's token, for a
 *   worker that cannot read cookies (no CookieStore API in workers); kept in memory only.
 */
export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'RUN_BACKGROUND_JOBS' }
  | { type: 'CLEAR_USER_CACHES' }
  | { type: 'KEEP_OFFLINE'; urls: string[] }
  | { type: 'FORGET_OFFLINE'; urls: string[] }
  | { type: 'IS_KEPT_OFFLINE'; urls: string[] }
  | { type: 'OFFLINE_STORAGE' }
  | { type: 'CLEAR_OFFLINE_DATA' }
  | { type: 'CART_QUEUE' }
  | { type: 'CART_REPLAY'; bearer?: string }
  | { type: 'PAGE_VIEWS_KEEP'; views: PageViewRecord[] }
  | { type: 'PAGE_VIEWS_SEND' }

/**
 * Answer to OFFLINE_STORAGE (what the worker keeps for offline use, per cache) and to
 * CLEAR_OFFLINE_DATA (the same, after emptying them; the app itself stays installed).
 */
export interface OfflineStorageReply {
  caches: { name: string; entries: number }[]
}

/** `error`: 'quota' when the device refused the space, 'network' when a file could not be fetched. */
export interface KeptOfflineReply {
  kept: boolean
  error?: 'quota' | 'network'
}

/**
 * What the background download of the site's page data did: everything listed by the build is
 * on the device (`complete`), or, on Save-Data or a 2g connection, nothing was downloaded and
 * pages are kept only as they are opened (`on-view`).
 */
export type OfflineDataStatus =
  | {
      mode: 'complete'
      /** Files fetched in this run, their bytes, and files already cached unchanged. */
      downloaded: number
      bytes: number
      unchanged: number
      removed: number
    }
  | { mode: 'on-view'; reason: 'save-data' | 'slow-network' }

export interface BackgroundJobsReport {
  type: 'BACKGROUND_SYNC_DONE'
  /** The jobs that failed (offline, the server down); they run again on the next page load. */
  failed: string[]
  /** Undefined when the page-data download failed or has not run. */
  offlineData: OfflineDataStatus | undefined
}

// The cart outbox's part of the protocol lives with its drainer, which pages run too when no
// worker controls them (store-db/outbox-protocol.ts).
export {
  CART_LINE_HEADER,
  CART_LINE_NAME_HEADER,
  QUEUED_STATUS,
  type CartWorkerReport,
  type QueuedAnswer,
} from '../store-db/outbox-protocol.ts'
