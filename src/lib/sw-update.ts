import { useSyncExternalStore } from 'react'

/**
 * A waiting new version of the app, kept apart from the registration code so the page can
 * show the prompt without loading workbox-window up front.
 */

type Listener = () => void
let pendingActivate: (() => void) | null = null
const listeners = new Set<Listener>()

/** Remembers a waiting update so the UI can offer it. */
export function offerUpdate(activate: () => void): void {
  pendingActivate = activate
  for (const listener of listeners) listener()
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The function that activates a waiting service worker, or null when none waits. */
export function useServiceWorkerUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => pendingActivate,
    () => null,
  )
}
