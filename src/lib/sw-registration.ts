import { messageSW, Workbox } from 'workbox-window'
import type {
  BackgroundJobsReport,
  CartWorkerReport,
  KeptOfflineReply,
  OfflineStorageReply,
  WorkerMessage,
} from '../../sw/messages.ts'
import { cartReplayMessage } from './cart-replay.ts'
import { setOfflineDataStatus } from './offline-data-status.ts'

export const HTTPS_ONLY_MESSAGE =
  'Service workers can only be used over HTTPS, or on localhost for development'

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

export function canUseServiceWorker(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return location.protocol === 'https:' || localHosts.has(location.hostname)
}

export interface ServiceWorkerHandlers {
  /** A new version is installed and waiting; call `activate` to switch to it and reload. */
  onUpdateWaiting: (activate: () => void) => void
}

/**
 * Registers /sw.js (docs/architecture.md) through workbox-window, the only channel between the app
 * and the worker. Only over HTTPS or on localhost; elsewhere the console says why. The check comes
 * first: off those origins a browser hides `navigator.serviceWorker` altogether (it exists only in
 * secure contexts), so its absence must not silence the message. Resolves with the registered
 * worker, or undefined when none runs (the caller then does the worker's background work itself).
 */
export async function registerServiceWorker(
  handlers: ServiceWorkerHandlers,
): Promise<Workbox | undefined> {
  if (!canUseServiceWorker(window.location)) {
    console.log(HTTPS_ONLY_MESSAGE)
    return undefined
  }
  if (!('serviceWorker' in navigator)) return undefined
  const wb = new Workbox('/sw.js')
  wb.addEventListener('waiting', () => {
    handlers.onUpdateWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })
  try {
    await wb.register()
    return wb
  } catch (error) {
    console.error('Service worker registration failed:', error)
    return undefined
  }
}

/**
 * Asks the active worker to run its background jobs (the catalog snapshot, the site's page data)
 * once it has activated; the page has loaded by the time the app registers the worker. What the
 * page-data download did goes to the offline banner.
 */
export async function startWorkerBackgroundJobs(wb: Workbox): Promise<void> {
  const message: WorkerMessage = { type: 'RUN_BACKGROUND_JOBS' }
  const report = (await messageSW(await wb.active, message)) as BackgroundJobsReport | undefined
  setOfflineDataStatus(report?.offlineData)
}

/**
 * Clears what the service worker keeps for the signed-in customer (its API cache, the bearer a
 * page handed over); logout calls this. Resolves once the active worker has done it, or at once
 * when no worker runs. A new build's worker, installing or waiting, is told too (without waiting
 * for it: it may still be installing): it may have been handed the session's bearer, and will
 * send the outbox once it activates.
 */
export async function clearWorkerUserCaches(): Promise<void> {
  if (!canUseServiceWorker(window.location) || !('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const message: WorkerMessage = { type: 'CLEAR_USER_CACHES' }
  for (const worker of [registration?.installing, registration?.waiting])
    worker?.postMessage(message)
  if (registration?.active) await messageSW(registration.active, message)
}

/**
 * Asks the worker to keep, check or forget pages offline ("Keep offline"). Resolves with its
 * answer, or undefined when no worker controls the page (nothing can be kept then).
 */
export async function askKeptOffline(
  type: 'KEEP_OFFLINE' | 'FORGET_OFFLINE' | 'IS_KEPT_OFFLINE',
  urls: string[],
): Promise<KeptOfflineReply | undefined> {
  if (!canUseServiceWorker(window.location) || !('serviceWorker' in navigator)) return undefined
  const worker = navigator.serviceWorker.controller
  if (!worker) return undefined
  const message: WorkerMessage = { type, urls }
  return (await messageSW(worker, message)) as KeptOfflineReply
}

/** What the worker keeps for offline use, or clears it; undefined when no worker runs. */
export async function askOfflineStorage(
  type: 'OFFLINE_STORAGE' | 'CLEAR_OFFLINE_DATA',
): Promise<OfflineStorageReply | undefined> {
  if (!canUseServiceWorker(window.location) || !('serviceWorker' in navigator)) return undefined
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration?.active) return undefined
  const message: WorkerMessage = { type }
  return (await messageSW(registration.active, message)) as OfflineStorageReply
}

/**
 * The cart outbox's side of the channel: every report the worker posts (CART_QUEUE, CART_SYNCED,
 * CART_REFUSED) goes to `onReport`; `ask` sends CART_QUEUE or CART_REPLAY and hands the answer
 * to `onReport` too.
 */
export function connectCartQueue(
  wb: Workbox,
  onReport: (report: CartWorkerReport) => void,
): { ask: (type: 'CART_QUEUE' | 'CART_REPLAY') => Promise<void> } {
  wb.addEventListener('message', (event) => onReport(event.data as CartWorkerReport))
  return {
    ask: async (type) => {
      const message: WorkerMessage = type === 'CART_REPLAY' ? cartReplayMessage() : { type }
      const reply = (await wb.messageSW(message)) as CartWorkerReport | undefined
      if (reply) onReport(reply)
    },
  }
}
