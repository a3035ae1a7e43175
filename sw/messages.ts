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
 * - CART_QUEUE: which cart changes wait in the worker's sync queue; answered with a
 *   `CartQueueReport`.
 * - CART_REPLAY: the page saw the network return (browsers without Background Sync rely on it):
 *   the worker sends its queue now; answered with a `CartQueueReport` once it has tried.
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
  | { type: 'CART_REPLAY' }

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

/**
 * The synthetic answer the worker gives a cart mutation it could not deliver (no response, or
 * the server failed with a 5xx): status 202 and this body. The server itself always answers 200;
 * a 202 means "kept in this device's queue, sent when the network returns".
 */
export const QUEUED_STATUS = 202
export interface QueuedAnswer {
  queued: true
}

/**
 * A header the page adds to a cart mutation only when a worker controls it: the product's name,
 * URI-encoded, so a refusal met while replaying can say which line it was. The worker keeps it
 * with the queued request and strips it before the request goes to the server.
 */
export const CART_LINE_NAME_HEADER = 'X-Cart-Line-Name'

/**
 * What the worker tells every page about the cart queue (posted to all its clients, read
 * through workbox-window's `message` event), and its answer to CART_QUEUE / CART_REPLAY.
 * - CART_QUEUE: the Idempotency-Keys of the changes waiting to sync, oldest first (a change the
 *   page is still waiting on live is not listed: it is not waiting for the network yet).
 *   In answer to a page, also `refused`: how many refusals are kept (store-db cartRefusals), not
 *   yet dismissed.
 * - CART_SYNCED: a queued change reached the server; `cart` is the server's answer (the wire's
 *   snake_case Cart).
 * - CART_REFUSED: the server refused a queued change (4xx); the refusal is in IndexedDB
 *   (store-db cartRefusals) until the customer dismisses it.
 */
export type CartWorkerReport =
  | { type: 'CART_QUEUE'; keys: string[]; refused?: number }
  | { type: 'CART_SYNCED'; key: string; cart: unknown }
  | { type: 'CART_REFUSED'; key: string }
