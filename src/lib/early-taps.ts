/**
 * What public/early-taps.js kept while the page was not yet the app's: the ids of the early
 * controls tapped (`data-early-tap`), and a link followed meanwhile, held so that the tap is not
 * unloaded with the page.
 */
interface EarlyTaps {
  taps: string[]
  navigation: string | null
  cancelFallback?: () => void
}

declare global {
  interface Window {
    __earlyTaps?: EarlyTaps
  }
}

/**
 * Takes the tap made on the control `id` before the app had hydrated it (a second tap there was
 * not kept), or undefined when there was none. Once no other tap waits, the navigation held
 * meanwhile comes with it, for the caller to make once the tap is done; the script's own fallback
 * is then cancelled.
 */
export function takeEarlyTap(id: string): { navigation: string | null } | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__earlyTaps
  if (!early?.taps.includes(id)) return undefined
  early.taps = early.taps.filter((tap) => tap !== id)
  if (early.taps.length > 0) return { navigation: null }
  const navigation = early.navigation
  early.navigation = null
  early.cancelFallback?.()
  return { navigation }
}
