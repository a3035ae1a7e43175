import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CatchAllRoute } from '../../contract/routes.ts'

/** A catch-all page at a fixed path, e.g. `/about` (not `/orders/$orderId`). */
type FixedCatchAllPath = Exclude<CatchAllRoute, `${string}$${string}`>

/**
 * A link to a page the catch-all route serves (contract/routes.ts catchAllRoutes). The router
 * knows that route only as `/$`, so its typed links cannot name `/about`; the path is checked
 * against the contract instead.
 */
export function CatchAllLink({
  to,
  className,
  children,
}: {
  to: FixedCatchAllPath
  className?: string
  children: ReactNode
}) {
  return (
    <Link to="/$" params={{ _splat: to.slice(1) }} className={className}>
      {children}
    </Link>
  )
}
