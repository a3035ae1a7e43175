import { useSyncExternalStore } from 'react'

/**
 * One value the shell shows and code loaded later sets (who is signed in, the cart's badge, the
 * worker's offline download): the value and its listeners, nothing more, so it costs the first
 * view almost nothing. Prerendered pages and hydration read `initial`; a value `same` as the
 * current one changes nothing.
 */
export function shellValue<T>(initial: T, same: (shown: T, next: T) => boolean = Object.is) {
  let current = initial
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  return {
    set(next: T): void {
      if (same(current, next)) return
      current = next
      for (const listener of listeners) listener()
    },
    use(): T {
      return useSyncExternalStore(
        subscribe,
        () => current,
        () => initial,
      )
    },
  }
}
