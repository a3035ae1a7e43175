/**
 * Whether a page failed because the network did not answer (offline, or a dead connection) rather
 * than because the server failed: then the page is simply not on this device yet, and the visitor
 * gets the offline page, never the 500 page. By name, not `instanceof`: the API client that
 * defines NetworkError loads after the first view, and this check is part of the router.
 */
export function isNetworkFailure(error: unknown, online: boolean): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'NetworkError') return true
  // A route's code chunk that could not be fetched offline (a fetch failure is a TypeError).
  return !online && error instanceof TypeError
}
