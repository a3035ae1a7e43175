import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { SubmittedOrder } from '../../../features/checkout/components/checkout-screen.tsx'
import { orderQuery, paymentLinkQuery } from '../../../features/orders/api.ts'
import {
  OrderAmounts,
  OrderLines,
  paymentLinkAmounts,
  ReadProblem,
} from '../../../features/orders/components/order-parts.tsx'
import { afterPayment, offersPayment } from '../../../features/orders/model.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { revealAndFocus } from '../../../lib/use-announce-focus.ts'
import { PaymentStep } from '../../../features/payment/components/payment-step.tsx'
import type { PaidAnswer } from '../../../features/payment/model.ts'

/**
 * A settled payment's answer, handed to the order's reads before the page moves on: the owner's
 * order (the confirmation reads it next) and, paid through the link, the link's view. No screen
 * then shows the copy read before paying (a Pay button, "waiting for its payment") while the
 * order is read again for its history. An owner's read this device holds is read again even when
 * no screen shows it, so the copy kept for offline reading is the paid one too.
 */
function applyPayment(client: QueryClient, answer: PaidAnswer, code?: string) {
  const owner = orderQuery(answer.orderId).queryKey
  client.setQueryData(owner, (read) => read && { ...read, data: afterPayment(read.data, answer) })
  void client.invalidateQueries({ queryKey: owner, refetchType: 'all' })
  if (code === undefined) return
  const link = paymentLinkQuery(code).queryKey
  client.setQueryData(link, (order) => order && afterPayment(order, answer))
  void client.invalidateQueries({ queryKey: link })
}

/**
 * The checkout's payment step, for an order submitted with a payment due today: the route
 * composes the checkout and the payment feature, which may not import each other. Paid, the
 * customer goes on to the order's confirmation, which already reads the order as the payment left
 * it; BitPay's invoice page sends them back there too (paid, or with the balance still to pay).
 * An order the shop reads as having nothing due (the invoice paid, the payment link used) is not
 * offered for payment again: the checkout is told it is settled, and the customer goes on to the
 * confirmation.
 */
export function PaymentStepSlot({
  order,
  settled,
}: {
  order: SubmittedOrder
  settled: () => void
}) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const current = useQuery(orderQuery(order.id))
  const nothingDue = current.data !== undefined && !offersPayment(current.data.data)
  // Paid here, the payment's answer also makes the order read as settled: one way on, not two.
  const ledOn = useRef(false)
  const leadOn = (replace: boolean) => {
    if (ledOn.current) return
    ledOn.current = true
    settled()
    void navigate({ to: '/orders/confirmation/$', params: { _splat: order.id }, replace })
  }
  useEffect(() => {
    if (nothingDue) leadOn(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the order reads paid
  }, [nothingDue])
  return (
    <div className="checkout-payment-slot" data-testid="payment-step-slot">
      <PaymentStep
        payable={{ orderId: order.id }}
        balance={nothingDue ? 0 : (current.data?.data.balance ?? order.total)}
        currency={order.currency}
        returnPath={`/orders/confirmation/${order.id}`}
        onPaid={(answer) => {
          applyPayment(client, answer)
          leadOn(false)
        }}
      />
    </div>
  )
}

/**
 * `/checkout/{code}`: an order's payment link. Whoever holds it pays the balance without signing
 * in; the page shows only what paying needs (get-order-with-payment-link): the items paid for and
 * the amounts. Paid here, the result takes the payment step's place and is brought into view.
 */
export function PayByLink({ code }: { code: string }) {
  const client = useQueryClient()
  const read = useQuery(paymentLinkQuery(code))
  const order = read.data
  const due = order !== undefined && offersPayment(order)
  const headingId = useId()
  const [paidHere, setPaidHere] = useState(false)
  const result = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (paidHere && !due) revealAndFocus(result.current)
  }, [paidHere, due])
  return (
    <article className="page checkout-page">
      <h1>Pay for your order</h1>
      {order ? (
        <>
          <p className="lead">Order {orderNumber(order.id)}</p>
          <section className="panel" aria-labelledby={headingId}>
            <h2 id={headingId}>What you are paying for</h2>
            <OrderLines lines={order.lines} currency={order.currency} />
            <OrderAmounts {...paymentLinkAmounts(order)} />
          </section>
          {due ? (
            <PaymentStep
              payable={{ paymentCode: code }}
              balance={order.balance}
              currency={order.currency}
              returnPath={`/checkout/${code}`}
              onPaid={(answer) => {
                applyPayment(client, answer, code)
                setPaidHere(true)
              }}
            />
          ) : (
            <p
              role="status"
              className="orders-done"
              data-testid="nothing-due"
              tabIndex={-1}
              ref={result}
            >
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
