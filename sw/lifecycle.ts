/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'

declare const self: ServiceWorkerGlobalScope

/**
 * How this worker takes over. The first install takes control at once, so the first visit's data
 * is cached too; an update waits until the page asks (the "reload to update" prompt, the
 * `SKIP_WAITING` message). Resolves once this worker is the active one (at once when it was woken
 * up already active).
 */
export function takeControl(): Promise<void> {
  self.addEventListener('install', () => {
    if (!self.registration.active) void self.skipWaiting()
  })
  clientsClaim()
  return new Promise<void>((resolve) => {
    if (self.serviceWorker?.state === 'activated') resolve()
    self.addEventListener('activate', (event) => {
      // A cache of an earlier release may hold a bearer token in its stored requests.
      event.waitUntil(caches.delete('api-products'))
      resolve()
    })
  })
}
