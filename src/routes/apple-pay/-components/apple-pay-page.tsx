import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { orderQuery } from '../../../features/orders/api.ts'
import { OrderAmounts, ReadProblem } from '../../../features/orders/components/order-parts.tsx'
import { orderNumber } from '../../../../contract/order-number.ts'
import { paymentConfigQuery } from '../../../features/payment/api.ts'
import { PaymentStep } from '../../../features/payment/components/payment-step.tsx'
import { applePayAvailable } from '../../../features/payment/model.ts'
import { formatMoney } from '../../../../contract/money.ts'
// The checkout's page frame and the order page's actions, which this page borrows.
import '../../../features/checkout/components/checkout.css'
import '../../../features/orders/components/orders.css'

// Whether the browser has Apple Pay does not change while the page is open; the server's render
// (and the prerendered shell) has none.
const never = () => () => undefined

/**
 * `/apple-pay/{id}`: the order's balance paid with Apple Pay, for its owner. Apple Pay goes
 * through Braintree (with the built-in test gateway, its Apple Pay test nonce), and only in a
 * browser with ApplePaySession that can pay; anywhere else the page says Apple Pay is not
 * available here and leads to the other ways to pay: the order's payment link (card, BitPay).
 */
export function ApplePayPage({ orderId }: { orderId: string }) {
  const client = useQueryClient()
  const read = useQuery(orderQuery(orderId))
  const config = useQuery(paymentConfigQuery())
  const here = useSyncExternalStore(never, applePayAvailable, () => false)
  const order = read.data?.data
  const offered = config.data ? config.data.applePay : undefined

  return (
    <article className="page checkout-page">
      <h1>Apple Pay</h1>
      {order ? (
        <>
          <p className="lead">Order {orderNumber(order.id)}</p>
          <section className="panel" aria-label="The order">
            <OrderAmounts {...order} shippingAmount={order.shipping.option?.amount ?? null} />
          </section>
          {!order.paymentDue ? (
            <p role="status" data-testid="nothing-due">
              Nothing is left to pay on this order. Thank you.
            </p>
          ) : here && offered !== false ? (
            <PaymentStep
              payable={{ orderId: order.id }}
              balance={order.balance}
              currency={order.currency}
              applePay={here}
              methods="apple-pay"
              onPaid={() =>
                void client.invalidateQueries({ queryKey: orderQuery(orderId).queryKey })
              }
            />
          ) : (
            <section
              className="panel"
              aria-labelledby="apple-pay-unavailable"
              data-testid="apple-pay-unavailable"
            >
              <h2 id="apple-pay-unavailable">Apple Pay is not available here</h2>
              <p>
                {here
                  ? 'This shop does not take Apple Pay at the moment.'
                  : 'Apple Pay works in Safari on an iPhone, iPad or Mac with a card in Apple Wallet; this browser cannot use it.'}{' '}
                You can pay {formatMoney(order.balance, order.currency)} by card or with BitPay
                instead.
              </p>
              <p className="order-actions">
                <a className="button" href={`/checkout/${order.paymentCode}`}>
                  Pay another way
                </a>
                <Link
                  className="button button-secondary"
                  to="/orders/$orderId"
                  params={{ orderId }}
                >
                  See your order
                </Link>
              </p>
            </section>
          )}
        </>
      ) : read.error ? (
        <ReadProblem error={read.error} what="this order" />
      ) : (
        <p role="status">Loading your order…</p>
      )}
    </article>
  )
}
