import { useSyncExternalStore } from 'react'
import type { OfflineDataStatus } from '../../sw/messages.ts'

/*
 * What the worker reported of its background download of the site's data this session, for the
 * offline banner: on Save-Data or 2g it downloads nothing, and the banner says only opened pages
 * are saved. Kept in memory: the worker reports again on every start.
 */

let status: OfflineDataStatus | undefined
const listeners = new Set<() => void>()

export function setOfflineDataStatus(next: OfflineDataStatus | undefined): void {
  status = next
  for (const listener of listeners) listener()
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  return () => listeners.delete(onChange)
}

export function useOfflineDataStatus(): OfflineDataStatus | undefined {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => undefined,
  )
}
