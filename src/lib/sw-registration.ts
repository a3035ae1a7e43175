import { Workbox } from 'workbox-window'

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
 * Registers /sw.js (SPEC §1) through workbox-window, the only channel between the app and the
 * worker. Only over HTTPS or on localhost; elsewhere the console says why.
 */
export function registerServiceWorker(handlers: ServiceWorkerHandlers): void {
  if (!('serviceWorker' in navigator)) return
  if (!canUseServiceWorker(window.location)) {
    console.log(HTTPS_ONLY_MESSAGE)
    return
  }
  const wb = new Workbox('/sw.js')
  wb.addEventListener('waiting', () => {
    handlers.onUpdateWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })
  wb.register().catch((error: unknown) => {
    console.error('Service worker registration failed:', error)
  })
}
