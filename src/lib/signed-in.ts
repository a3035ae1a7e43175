import { useSyncExternalStore } from 'react'

/*
 * Who the header says is signed in, as the shell reads it: a value and its listeners, nothing
 * more, so it costs the first view almost nothing. `signed-in-user.ts`, started once the first
 * view is up, works the value out (cookie, persisted user, live query cache) and sets it here.
 *
 * One string so React compares snapshots by value: `''` signed out; else `g` (a guest) or `u`
 * (an account) followed by the name or e-mail to show, empty while the device holds no copy.
 */
export type SignedIn = string

let current: SignedIn = ''
const listeners = new Set<() => void>()

export function setSignedIn(next: SignedIn): void {
  if (next === current) return
  current = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The header's view of who is signed in. Prerendered pages say "signed out", then update. */
export function useSignedIn(): SignedIn {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => '',
  )
}
