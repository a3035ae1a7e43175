import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { countryName } from '../../../components/address-form.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { orderQuery, type OrderView } from '../api.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { addressLines, offersPayment, progressOf, statusText } from '../model.ts'
import { AsOf, OrderAmounts, OrderLines, ReadProblem, PlacedFor } from './order-parts.tsx'
import './orders.css'

/**
 * `/orders/{id}`: an order's state and history, its items with their own production times, what
 * is paid and what is left (with "Pay the balance" when it is due, never on a zero balance), and
 * where it goes. Read from the server and kept on the device, so it opens offline too, marked with
 * when it was read.
 */
export function OrderPage({ id }: { id: string }) {
  const read = useQuery(orderQuery(id))
  return (
    <article className="page orders-page">
      <h1>Order {orderNumber(id)}</h1>
      {read.data ? (
        <>
          <AsOf savedAt={read.data.savedAt} fromDevice={read.data.fromDevice} />
          <OrderDetails order={read.data.data} />
        </>
      ) : read.error ? (
        <ReadProblem error={read.error} what="this order" />
      ) : (
        <p role="status">Loading your order…</p>
      )}
    </article>
  )
}

export function OrderDetails({ order }: { order: OrderView }) {
  const progress = progressOf(order.status)
  const shippingAmount = order.shipping.option?.amount ?? null
  return (
    <>
      <p className="lead">
        <span className="order-status" data-testid="order-status">
          {statusText(order.status)}
        </span>{' '}
        · submitted {formatDateTime(Date.parse(order.submittedAt))}
      </p>
      <PlacedFor customer={order.placedFor} />
      {progress.length > 0 ? (
        <ol className="order-progress" aria-label="Where your order is">
          {progress.map((step) => (
            <li
              key={step.label}
              className={`order-step order-step-${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              {step.label}
              <span className="visually-hidden">
                {step.state === 'done' ? ' (done)' : step.state === 'to-come' ? ' (to come)' : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="orders-problem">This order is {statusText(order.status).toLowerCase()}.</p>
      )}
      {offersPayment(order) && (
        <section className="panel order-pay" aria-labelledby="order-pay">
          <h2 id="order-pay">{formatMoney(order.balance, order.currency)} to pay</h2>
          <p>
            {order.isMto && order.paid === 0
              ? 'Nothing was due when you ordered; pay the balance whenever you are ready.'
              : 'Pay the balance to send your order on its way.'}
          </p>
          <a className="button" href={`/checkout/${order.paymentCode}`}>
            Pay the balance
          </a>
        </section>
      )}
      <section className="panel" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <OrderLines lines={order.lines} currency={order.currency} />
        <OrderAmounts {...order} shippingAmount={shippingAmount} />
        {order.canAddToOrder && (
          <p>
            <Link to="/add-to-order/$paymentCode" params={{ paymentCode: order.paymentCode }}>
              Add items to this order
            </Link>
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="order-shipping">
        <h2 id="order-shipping">Shipping</h2>
        {order.shipping.option && <p>{order.shipping.option.serviceName}</p>}
        {order.shipping.address ? (
          <address className="order-address">
            {addressLines(order.shipping.address, countryName).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : (
          <p>No address yet.</p>
        )}
        {order.canChangeAddress ? (
          <p>
            <Link to="/update-shipping-address/$" params={{ _splat: order.id }}>
              Change the shipping address
            </Link>
          </p>
        ) : (
          <p>The address can no longer change: the order has left the workshop.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <ol className="order-history" data-testid="order-history">
          {order.history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{formatDateTime(Date.parse(event.at))}</time>
              <span>
                <strong>{statusText(event.status)}</strong>
                {event.note ? ` — ${event.note}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {order.notes && (
        <section className="panel" aria-labelledby="order-notes">
          <h2 id="order-notes">Your notes</h2>
          <p>{order.notes}</p>
        </section>
      )}
    </>
  )
}
