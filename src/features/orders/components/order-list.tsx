import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatDateTime } from '../../../lib/format-date.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { ordersQuery } from '../api.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { statusText } from '../model.ts'
import { AsOf, ReadProblem } from './order-parts.tsx'
import './orders.css'

/**
 * The account's orders, newest first: each with its state, items, total and what is left to pay,
 * linked to its page. Kept on the device, so the list shows offline too, as of its last reading.
 */
export function OrderList() {
  const read = useQuery(ordersQuery())
  const page = read.data?.data
  return (
    <section className="panel order-list" aria-labelledby="account-orders">
      <h2 id="account-orders">Your orders</h2>
      {read.data && <AsOf savedAt={read.data.savedAt} fromDevice={read.data.fromDevice} />}
      {page ? (
        page.orders.length === 0 ? (
          <p>No orders yet. When you order, it shows here with its state and production time.</p>
        ) : (
          <ul className="order-list-items" data-testid="order-list">
            {page.orders.map((order) => (
              <li key={order.id}>
                <Link
                  className="order-list-link"
                  to="/orders/$orderId"
                  params={{ orderId: order.id }}
                >
                  <span className="order-list-head">
                    <strong>Order {orderNumber(order.id)}</strong>
                    <span className="order-status">{statusText(order.status)}</span>
                  </span>
                  <span className="order-list-items-text">{order.items.join(', ')}</span>
                  <span className="order-list-meta">
                    {formatDateTime(Date.parse(order.submittedAt))} ·{' '}
                    {formatMoney(order.total, order.currency)}
                    {order.paymentDue &&
                      ` · ${formatMoney(order.balance, order.currency)} left to pay`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : read.error ? (
        <ReadProblem error={read.error} what="your orders" />
      ) : (
        <p role="status">Loading your orders…</p>
      )}
      {page?.hasMore && (
        <p className="field-hint">
          The {page.orders.length} newest of {page.totalCount} orders.
        </p>
      )}
    </section>
  )
}
