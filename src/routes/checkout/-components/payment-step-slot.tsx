import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { SubmittedOrder } from '../../../features/checkout/components/checkout-screen.tsx'
import { orderQuery, paymentLinkQuery } from '../../../features/orders/api.ts'
import {
  OrderAmounts,
  paymentLinkAmounts,
  ReadProblem,
} from '../../../features/orders/components/order-parts.tsx'
import { orderNumber } from '../../../../contract/orders.ts'
import { PaymentStep } from '../../../features/payment/components/payment-step.tsx'

/**
 * The checkout's payment step, for an order submitted with a payment due today: the route
 * composes the checkout and the payment feature, which may not import each other. Paid, the
 * customer goes on to the order's confirmation; BitPay's invoice page sends them back there too
 * (paid, or with the balance still to pay). An order the shop reads as having nothing due (the
 * invoice paid, the payment link used) is not offered for payment again: the checkout is told
 * it is settled, and the customer goes on to the confirmation.
 */
export function PaymentStepSlot({
  order,
  settled,
}: {
  order: SubmittedOrder
  settled: () => void
}) {
  const navigate = useNavigate()
  const current = useQuery(orderQuery(order.id))
  const confirmation = { to: '/orders/confirmation/$', params: { _splat: order.id } } as const
  const nothingDue = current.data?.data.paymentDue === false
  useEffect(() => {
    if (!nothingDue) return
    settled()
    void navigate({ ...confirmation, replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the order reads paid
  }, [nothingDue])
  return (
    <div className="checkout-payment-slot" data-testid="payment-step-slot">
      <PaymentStep
        payable={{ orderId: order.id }}
        balance={current.data?.data.balance ?? order.total}
        currency={order.currency}
        returnPath={`/orders/confirmation/${order.id}`}
        onPaid={() => {
          settled()
          void navigate(confirmation)
        }}
      />
    </div>
  )
}

/**
 * `/checkout/{code}`: an order's payment link. Whoever holds it pays the balance without signing
 * in; the page shows only what paying needs (get-order-with-payment-link).
 */
export function PayByLink({ code }: { code: string }) {
  const client = useQueryClient()
  const read = useQuery(paymentLinkQuery(code))
  const order = read.data
  return (
    <article className="page checkout-page">
      <h1>Pay for your order</h1>
      {order ? (
        <>
          <p className="lead">Order {orderNumber(order.id)}</p>
          <section className="panel" aria-label="The order">
            <OrderAmounts {...paymentLinkAmounts(order)} />
          </section>
          {order.paymentDue ? (
            <PaymentStep
              payable={{ paymentCode: code }}
              balance={order.balance}
              currency={order.currency}
              returnPath={`/checkout/${code}`}
              onPaid={() =>
                void client.invalidateQueries({ queryKey: paymentLinkQuery(code).queryKey })
              }
            />
          ) : (
            <p role="status" data-testid="nothing-due">
              Nothing is left to pay on this order. Thank you.
            </p>
          )}
        </>
      ) : read.error ? (
        <ReadProblem
          error={read.error}
          what="the order"
          link={{
            offline:
              'You are offline: paying needs a connection. Your order is safe; try again once online.',
          }}
        />
      ) : (
        <p role="status">Loading the order…</p>
      )}
    </article>
  )
}
