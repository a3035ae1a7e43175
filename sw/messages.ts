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
