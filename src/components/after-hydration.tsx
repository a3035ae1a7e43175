import type { ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * Shows its children only once the page has hydrated (see useHydrated). A component of its own
 * so that only it renders again after hydration, not the whole page around it.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
