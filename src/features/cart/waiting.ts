import { useSyncExternalStore } from 'react'

/**
 * Which cart changes are on their way, as this page knows it: the keys the worker's queue holds
 * (its CART_QUEUE reports), the changes this page is sending right now, and those the worker has
 * just answered "queued" but not listed yet. A change in none of them is settled: delivered or
 * refused (model.ts keepLiveChanges drops it from the cart's overlay).
 */

let waiting: readonly string[] = []
/** Whether the worker (or the lack of one) has said what waits since this page started. */
let reported = false
const sending = new Set<string>()
const justQueued = new Set<string>()
/** Keys the worker has listed or settled: its word arrived before the page's own answer may. */
const heardOf = new Set<string>()
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

export function changeStarted(key: string): void {
  sending.add(key)
}

export function changeQueued(key: string): void {
  if (heardOf.has(key)) return
  justQueued.add(key)
  notify()
}

/** The worker delivered the change, or the server refused it. */
export function changeSettled(key: string): void {
  heardOf.add(key)
  justQueued.delete(key)
  notify()
}

export function changeEnded(key: string): void {
  sending.delete(key)
}

/** The worker's list of what waits for the network; resolves the "just queued" ones it names. */
export function setWaitingKeys(keys: readonly string[]): void {
  for (const key of keys) {
    heardOf.add(key)
    justQueued.delete(key)
  }
  waiting = keys
  reported = true
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

/**
 * How many changes wait for the network. Until the worker has answered, every change this page
 * remembers (`remembered`, from the persisted cart) counts as waiting: that is the truth as far
 * as the page knows it.
 */
export function waitingCount(remembered: number): number {
  return reported ? new Set([...waiting, ...justQueued]).size : remembered
}

/** "N changes waiting to sync". */
export function useWaitingCount(remembered: number): number {
  const snapshot = () => waitingCount(remembered)
  return useSyncExternalStore(subscribeWaiting, snapshot, () => 0)
}
