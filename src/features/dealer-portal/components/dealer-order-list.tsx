import { useQuery } from '@tanstack/react-query'
import { orderNumber } from '../../../../contract/order-number.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { dealerOrdersQuery } from '../api.ts'
import { commissionStateLabels, readProblem } from '../model.ts'
import { Amount } from './amount.tsx'

/** The orders credited to the dealer: its customers' own and those it placed for them. */
export function DealerOrderList() {
  const read = useQuery(dealerOrdersQuery())
  const page = read.data
  return (
    <section className="panel" aria-labelledby="dealer-orders">
      <h2 id="dealer-orders">Your customers’ orders</h2>
      {!page ? (
        read.error ? (
          <p role="alert" className="form-problem">
            {readProblem(read.error, 'the orders')}
          </p>
        ) : (
          <p role="status">Loading the orders…</p>
        )
      ) : page.orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul className="dealer-entries" data-testid="dealer-orders">
          {page.orders.map((order) => (
            <li key={order.id} className="dealer-row">
              <span className="dealer-row-head">
                <strong>Order {orderNumber(order.id)}</strong>
                <Amount minor={order.total} currency={order.currency} />
              </span>
              <span>{order.items.join(', ')}</span>
              <span className="field-hint">
                {order.customer ? (order.customer.name ?? order.customer.email) : 'A customer'}
                {order.placedByDealer ? ', placed by you' : ''} ·{' '}
                {formatDateTime(Date.parse(order.submittedAt))} · {order.status.replace('_', ' ')}
              </span>
              <span>
                Commission <Amount minor={order.commission.amount} currency={order.currency} />,{' '}
                {commissionStateLabels[order.commission.state]}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page?.hasMore && (
        <p className="field-hint">
          The {page.orders.length} newest of {page.totalCount} orders.
        </p>
      )}
    </section>
  )
}
