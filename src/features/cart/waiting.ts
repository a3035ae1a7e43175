import { useSyncExternalStore } from 'react'

/**
 * Which cart changes are on their way, as this page knows it: the keys the worker's queue holds
 * (its CART_QUEUE reports), the changes this page is sending right now, and those the worker has
 * just answered "queued" but not listed yet. A change in none of them is settled: delivered or
 * refused (model.ts keepLiveChanges drops it from the cart's overlay).
 */

let waiting: readonly string[] = []
const sending = new Set<string>()
const justQueued = new Set<string>()
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

export function changeStarted(key: string): void {
  sending.add(key)
}

export function changeQueued(key: string): void {
  justQueued.add(key)
  notify()
}

export function changeEnded(key: string): void {
  sending.delete(key)
}

/** The worker's list of what waits for the network; resolves the "just queued" ones it names. */
export function setWaitingKeys(keys: readonly string[]): void {
  for (const key of keys) justQueued.delete(key)
  waiting = keys
  notify()
}

/** Every key that may still reach the server. */
export function liveKeys(): Set<string> {
  return new Set([...waiting, ...sending, ...justQueued])
}

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function waitingCount(): number {
  return new Set([...waiting, ...justQueued]).size
}

/** How many changes wait for the network ("N changes waiting to sync"). */
export function useWaitingCount(): number {
  return useSyncExternalStore(subscribeWaiting, waitingCount, () => 0)
}
