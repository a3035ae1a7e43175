import { useQuery } from '@tanstack/react-query'
import { lazy, useState, type ReactNode } from 'react'
import { userQuery } from '../../../features/account/api.ts'
import { LoginScreen } from '../../../features/account/components/login-screen.tsx'
import { BackOfficeShell } from '../../../features/back-office/components/back-office-shell.tsx'
import { CodeListScreen } from '../../../features/back-office/components/codes/code-list-screen.tsx'
import { CodeScreen } from '../../../features/back-office/components/codes/code-screen.tsx'
import { DashboardScreen } from '../../../features/back-office/components/dashboard/dashboard-screen.tsx'
import { parseDashboardSearch } from '../../../features/back-office/components/dashboard/period.ts'
import { OrderListScreen } from '../../../features/back-office/components/orders/order-list-screen.tsx'
import { OrderScreen } from '../../../features/back-office/components/orders/order-screen.tsx'
import {
  validateOrderPageSearch,
  validateOrdersSearch,
} from '../../../features/back-office/order-search.ts'
import { CustomerListScreen } from '../../../features/back-office/components/people/customer-list-screen.tsx'
import { CustomerScreen } from '../../../features/back-office/components/people/customer-screen.tsx'
import { DealerListScreen } from '../../../features/back-office/components/people/dealer-list-screen.tsx'
import { DealerScreen } from '../../../features/back-office/components/people/dealer-screen.tsx'
import { validateCustomerSearch } from '../../../features/back-office/components/people/people-model.ts'
import {
  QueueDrawingContext,
  type QueueDrawingProps,
} from '../../../features/back-office/components/queue/drawing-slot.ts'
import { QueueScreen } from '../../../features/back-office/components/queue/queue-screen.tsx'
import { parseQueueSearch } from '../../../features/back-office/components/queue/queue-search.ts'
import { AUTH_COOKIE, readCookie } from '../../../lib/cookies.ts'

/*
 * The back office's screens, composed here from the account (who is signed in), the back office
 * and, for the queue's drawings, the configurator and the catalog (features may not import each
 * other). `/admin/$` is one route (see its file): this picks the screen from the rest of the path.
 */

/**
 * A queued line's design (configurator and catalog), its code loaded when the first card's turn to
 * draw comes.
 */
const QueueLineDesign = lazy(() => import('./queue-line-design.tsx'))
const lineDesign = (props: QueueDrawingProps) => <QueueLineDesign {...props} />

/** A screen's path: its section and, for one record, its id (`orders/78fc…`). */
function partsOf(path: string): [section: string, id: string | undefined, rest: boolean] {
  const [section = '', id, ...more] = path.split('/').filter(Boolean)
  return [section, id === undefined ? undefined : decodeURIComponent(id), more.length > 0]
}

const sectionTitles: Record<string, [list: string, one: string]> = {
  '': ['Dashboard', 'Dashboard'],
  orders: ['Orders', 'Order'],
  queue: ['Made-to-order queue', 'Made-to-order queue'],
  customers: ['Customers', 'Customer'],
  dealers: ['Dealers', 'Dealer'],
  codes: ['Discount codes', 'Discount code'],
}

/** The document's title for a back-office path. */
export function screenTitle(path: string): string {
  const [section, id] = partsOf(path)
  const titles = sectionTitles[section]
  if (!titles) return 'Back office'
  return `${id === undefined ? titles[0] : titles[1]} · Back office`
}

export interface BackOfficeRouteProps {
  /** The path after `/admin/`. */
  path: string
  search: Record<string, unknown>
  onSearch: (search: object, options?: { resetScroll?: boolean }) => void
  onPath: (path: string, options?: { replace?: boolean }) => void
}

/**
 * Signed out, the sign-in screen; signed in, the back office's frame with the screen of the path
 * (the frame says whose it is for an account that is not an admin's or staff's).
 */
export function BackOfficeRoute(props: BackOfficeRouteProps) {
  // The cookie is where a session starts from (as the account page reads it).
  const [signedIn, setSignedIn] = useState(() => readCookie(AUTH_COOKIE) !== null)
  const user = useQuery({ ...userQuery(), enabled: signedIn })
  if (!signedIn) {
    return (
      <LoginScreen
        heading="Sign in to the back office"
        notice="The back office is for the shop's admins and staff."
        onSignedIn={() => setSignedIn(true)}
      />
    )
  }
  if (user.data === undefined) {
    return (
      <p className="page page-loading" role="status">
        {user.isError ? 'Could not read your account. Sign in again.' : 'Loading…'}
      </p>
    )
  }
  const role = user.data.role
  return (
    <BackOfficeShell role={role} path={props.path}>
      <Screen {...props} role={role} />
    </BackOfficeShell>
  )
}

function Screen({
  path,
  search,
  onSearch,
  onPath,
  role,
}: BackOfficeRouteProps & { role: string }): ReactNode {
  const [section, id, rest] = partsOf(path)
  if (rest) return <NoSuchScreen />
  switch (section) {
    case '':
      if (id !== undefined) return <NoSuchScreen />
      return (
        <DashboardScreen
          search={parseDashboardSearch(search)}
          onSearchChange={(next) => onSearch(next, { resetScroll: false })}
        />
      )
    case 'orders':
      if (id === undefined)
        return <OrderListScreen search={validateOrdersSearch(search)} onSearch={onSearch} />
      return (
        <OrderScreen
          key={id}
          orderId={id}
          canRefund={role === 'admin'}
          print={validateOrderPageSearch(search).print}
          onPrint={(print) => onSearch(print ? { print } : {})}
        />
      )
    case 'queue':
      if (id !== undefined) return <NoSuchScreen />
      return (
        <QueueDrawingContext.Provider value={lineDesign}>
          <QueueScreen search={parseQueueSearch(search)} />
        </QueueDrawingContext.Provider>
      )
    case 'customers':
      if (id === undefined)
        return <CustomerListScreen search={validateCustomerSearch(search)} onSearch={onSearch} />
      return <CustomerScreen key={id} userId={id} />
    case 'dealers':
      if (id === undefined) return <DealerListScreen />
      return <DealerScreen key={id} dealerId={id} role={role} />
    case 'codes':
      if (id === undefined) return <CodeListScreen role={role} />
      // Not keyed by the code: the screen says "created" on the page it goes to.
      return (
        <CodeScreen
          codeId={id}
          role={role}
          onCreated={(code) => onPath(`codes/${encodeURIComponent(code)}`, { replace: true })}
        />
      )
    default:
      return <NoSuchScreen />
  }
}

function NoSuchScreen() {
  return (
    <>
      <h1>No such page</h1>
      <p>The back office has no page at this address. Pick a section above.</p>
    </>
  )
}
