import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney } from '../../../../contract/money.ts'
import { orderQuery } from '../api.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { nextSteps, offersPayment } from '../model.ts'
import { AsOf, OrderAmounts, OrderLines, ReadProblem, PlacedFor } from './order-parts.tsx'
import './orders.css'

/**
 * `/orders/confirmation/{id}`, after submit: thanks, what happens next (for a made-to-order
 * order: no payment due today), the items with their production times and the amounts. Kept on
 * the device like the order page. What it says of paying follows the balance: an order paid in
 * full says so and offers no payment (the checkout hands over the payment's answer before it
 * leads here, so the copy read before paying never shows).
 */
export function ConfirmationPage({ id }: { id: string }) {
  const read = useQuery(orderQuery(id))
  const order = read.data?.data
  return (
    <article className="page orders-page">
      <h1>Thank you for your order</h1>
      {read.data && <AsOf savedAt={read.data.savedAt} fromDevice={read.data.fromDevice} />}
      {order ? (
        <>
          <p className="lead">
            Order <strong data-testid="order-number">{orderNumber(order.id)}</strong> is with us.
          </p>
          <PlacedFor customer={order.placedFor} />
          {order.balance === 0 ? (
            <p className="order-due-today" data-testid="paid-in-full">
              Paid in full.
            </p>
          ) : (
            order.isMto && (
              <p className="order-due-today" data-testid="no-payment-today">
                No payment is due today.
              </p>
            )
          )}
          <section className="panel" aria-labelledby="confirmation-next">
            <h2 id="confirmation-next">What happens next</h2>
            <ol className="order-next">
              {nextSteps(order).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="order-actions">
              <Link className="button" to="/orders/$orderId" params={{ orderId: order.id }}>
                See your order
              </Link>
              {offersPayment(order) && !order.isMto && (
                <a className="button button-secondary" href={`/checkout/${order.paymentCode}`}>
                  Pay {formatMoney(order.balance, order.currency)}
                </a>
              )}
            </p>
          </section>
          <section className="panel" aria-labelledby="confirmation-items">
            <h2 id="confirmation-items">Your items</h2>
            <OrderLines lines={order.lines} currency={order.currency} />
            <OrderAmounts {...order} shippingAmount={order.shipping.option?.amount ?? null} />
          </section>
        </>
      ) : read.error ? (
        <ReadProblem error={read.error} what="this order" />
      ) : (
        <p role="status">Loading your order…</p>
      )}
    </article>
  )
}
