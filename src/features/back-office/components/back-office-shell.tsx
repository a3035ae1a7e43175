import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { backOfficeRoles, type BackOfficeRole } from '../../../../contract/admin.ts'
import '../back-office.css'

/** The back office's sections (the path after `/admin/`), in the order the nav shows them. */
const sections = [
  { section: '', label: 'Dashboard' },
  { section: 'orders', label: 'Orders' },
  { section: 'queue', label: 'Queue' },
  { section: 'customers', label: 'Customers' },
  { section: 'dealers', label: 'Dealers' },
  { section: 'codes', label: 'Codes' },
] as const

export function isBackOfficeRole(role: string | undefined): role is BackOfficeRole {
  return (backOfficeRoles as readonly string[]).includes(role ?? '')
}

/**
 * `/admin/…`: the shop's back office, for an admin or staff account (docs/back-office.md). The
 * server checks the role on every call; this only keeps the screens from anyone else's view. A
 * phone first: the sections are one row of tabs that scrolls sideways.
 */
export function BackOfficeShell({
  role,
  path,
  children,
}: {
  /** The signed-in account's role. */
  role: string | undefined
  /** The path after `/admin/`: its section is the nav's current one. */
  path: string
  children: ReactNode
}) {
  if (!isBackOfficeRole(role)) {
    return (
      <div className="page admin">
        <h1>Back office</h1>
        <p>This part of the shop is for its admins and staff. Sign in with such an account.</p>
      </div>
    )
  }
  const current = path.split('/').find(Boolean) ?? ''
  return (
    <div className="page admin">
      <nav className="admin-nav" aria-label="Back office">
        <ul>
          {sections.map(({ section, label }) => (
            <li key={section}>
              <Link
                to="/admin/$"
                params={{ _splat: section }}
                // The router marks a link current when the page is under its path: every
                // section is under the dashboard's `/admin`, so the section is compared itself.
                activeOptions={{ exact: true, includeSearch: false }}
                aria-current={section === current ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  )
}
