/**
 * The messages the app sends the worker (through workbox-window), each answered on the
 * message's port once done.
 * - SKIP_WAITING: the visitor chose to reload into the waiting new version.
 * - RUN_BACKGROUND_JOBS: a page has loaded; the worker may refresh its offline data now.
 * - CLEAR_USER_CACHES: the customer signs out; what was fetched for them goes.
 */
export type WorkerMessage =
  { type: 'SKIP_WAITING' } | { type: 'RUN_BACKGROUND_JOBS' } | { type: 'CLEAR_USER_CACHES' }
