import type { ReactNode } from 'react'

/**
 * A bar that stays at the bottom of the screen (or of a sheet) while what is above it scrolls:
 * for a screen's one main action and what it depends on (a total and "Add to order", "Show 12
 * products", "Continue to payment"). It stays clear of the tab bar and the phone's home
 * indicator (safe-area inset); the page keeps room for it, so it never covers the last content.
 */
export function StickyBar({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="sticky-bar" role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  )
}
