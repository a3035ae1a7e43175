import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates prerendered HTML, true afterwards and on client navigations. A
 * page whose HTML was prerendered without search params renders its unfiltered view first, so
 * its markup matches, then the view the URL asks for.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
