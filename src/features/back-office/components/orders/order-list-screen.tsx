import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatDate } from '../../../../../contract/calendar-date.ts'
import { formatMoney } from '../../../../../contract/money.ts'
import { formatDateTime } from '../../../../lib/format-date.ts'
import { ordersQuery, type AdminOrderRow } from '../../api/orders.ts'
import { AsOf } from '../as-of.tsx'
import { LateMark, MadeToOrderMark, PaymentBadge, StateBadge } from './order-badges.tsx'
import { OrderFilters } from './order-filters.tsx'
import { isLate, todayUtc } from './order-model.ts'
import { ReadProblem } from './read-problem.tsx'
import {
  isFiltered,
  ordersPerPage,
  validateOrdersSearch,
  type OrdersSearch,
} from '../../order-search.ts'
import './orders.css'

/**
 * `/admin/orders`: the shop's orders, newest first, 20 a page, searched and filtered by what the
 * URL holds (`search`, from the route's validateSearch; `onSearch` puts new filters there). Each
 * row is one link to the order's page. The newest orders, unfiltered, are kept on the device and
 * open offline, marked as of when they were read; a filtered list needs the network.
 */
export function OrderListScreen({
  search: routeSearch,
  onSearch,
}: {
  search: OrdersSearch
  onSearch: (search: OrdersSearch) => void
}) {
  // The router hands on, beside what validateSearch kept, the URL's params it dropped (a
  // mangled bookmark's `status=open`): only the kept ones are asked for and linked on.
  const search = validateOrdersSearch(routeSearch as Record<string, unknown>)
  const read = useQuery({ ...ordersQuery(search), placeholderData: keepPreviousData })
  const page = read.data?.data
  const pageNumber = search.page ?? 1
  const pages = page ? Math.max(1, Math.ceil(page.totalCount / ordersPerPage)) : 1
  return (
    <div className="admin-orders">
      <h1>Orders</h1>
      <OrderFilters key={JSON.stringify(search)} search={search} onSearch={onSearch} />
      {read.data && !read.isPlaceholderData && <AsOf read={read.data} />}
      {read.error && !page ? (
        <ListProblem error={read.error} />
      ) : !page ? (
        <p role="status">Loading orders…</p>
      ) : (
        <>
          <p className="admin-orders-count" role="status" data-testid="orders-count">
            {countText(page.totalCount, isFiltered(search))}
            {pages > 1 && ` Page ${pageNumber} of ${pages}.`}
          </p>
          {page.orders.length > 0 && (
            <ol
              className="admin-orders-list"
              aria-label="Orders"
              aria-busy={read.isPlaceholderData || undefined}
            >
              {page.orders.map((order) => (
                <li key={order.id}>
                  <OrderRow order={order} />
                </li>
              ))}
            </ol>
          )}
          {(pageNumber > 1 || page.hasMore) && (
            <nav className="admin-orders-paging" aria-label="Pages">
              {pageNumber > 1 && (
                <Link
                  className="button button-secondary"
                  to="/admin/$"
                  params={{ _splat: 'orders' }}
                  search={{ ...search, page: pageNumber > 2 ? pageNumber - 1 : undefined }}
                  rel="prev"
                >
                  Previous page
                </Link>
              )}
              {page.hasMore && (
                <Link
                  className="button button-secondary"
                  to="/admin/$"
                  params={{ _splat: 'orders' }}
                  search={{ ...search, page: pageNumber + 1 }}
                  rel="next"
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  )
}

function countText(count: number, filtered: boolean): string {
  const orders = `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`
  if (count === 0) return filtered ? 'No order matches.' : 'No orders yet.'
  return filtered ? `${orders} match.` : `${orders}.`
}

function ListProblem({ error }: { error: unknown }) {
  return (
    <ReadProblem
      error={error}
      what="the order list"
      offline={
        <>
          Offline: a search, the filters and later pages need the network. The newest orders are
          saved on this device:{' '}
          <Link to="/admin/$" params={{ _splat: 'orders' }}>
            show them
          </Link>
          .
        </>
      }
    />
  )
}

/** One order, all of it a link to its page: number, date, customer, state, money, ship-by. */
function OrderRow({ order }: { order: AdminOrderRow }) {
  const money = (amount: number) => formatMoney(amount, order.currency)
  const customer = [order.name, order.email].filter(Boolean).join(' · ') || 'No name or e-mail'
  return (
    <Link className="admin-order-row" to="/admin/$" params={{ _splat: `orders/${order.id}` }}>
      <span className="admin-order-row-head">
        <strong className="admin-order-number">Order {order.number}</strong>
        <StateBadge status={order.status} />
      </span>
      <span className="admin-order-row-customer">{customer}</span>
      <span className="admin-order-row-meta">
        Submitted{' '}
        <time dateTime={order.submittedAt}>{formatDateTime(Date.parse(order.submittedAt))}</time>
        {order.dealer && ` · Dealer: ${order.dealer.name}`}
      </span>
      <span className="admin-order-row-money">
        <PaymentBadge payment={order.payment} />
        <span>
          Total <span className="amount">{money(order.total)}</span>
        </span>
        <span>
          Balance <span className="amount">{money(order.balance)}</span>
        </span>
      </span>
      {(order.shipBy || order.madeToOrder) && (
        <span className="admin-order-row-make">
          {order.madeToOrder && <MadeToOrderMark />}
          {order.shipBy && (
            <span>
              Ship by <time dateTime={order.shipBy}>{formatDate(order.shipBy)}</time>
            </span>
          )}
          {isLate(order.shipBy, order.status, todayUtc()) && <LateMark />}
        </span>
      )}
    </Link>
  )
}
