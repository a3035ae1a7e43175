import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { waiverQuery } from '../api.ts'
import { addressLine, type CheckoutCart } from '../model.ts'
import { OrderLines, OrderTotals, orderTotal, type AvailableLine } from './order-summary.tsx'

type ReviewCart = Omit<CheckoutCart, 'items'> & { items: AvailableLine[] }

/**
 * What the customer confirms, right above the final button (WCAG 3.3.4): the lines with when each
 * ships (the product page's words, contract/availability.ts; the confirmation adds the dates), the
 * shipping, the amount, where it goes and the waiver's version they signed, from what the
 * checkout already holds (the cart answer; the waiver as read at its step). `commitId` is the
 * sentence the final button is described by: what pressing it commits to.
 */
export function OrderReview({
  cart,
  payNow,
  commitId,
}: {
  cart: ReviewCart
  payNow: boolean
  commitId: string
}) {
  const uid = useId()
  const amount = formatMoney(orderTotal(cart), cart.currency)
  return (
    <section className="checkout-review" aria-labelledby={`${uid}-review`}>
      <h3 id={`${uid}-review`}>Check your order</h3>
      <OrderLines cart={cart} availabilityTestId="checkout-review-availability" />
      <OrderTotals cart={cart} totalLabel={payNow ? 'To pay now' : 'Order total'} />
      {cart.shippingAddress ? (
        <p>
          <strong>Ships to:</strong> {addressLine(cart.shippingAddress)}
        </p>
      ) : null}
      {cart.requireSignature && <SignedWaiver />}
      <p id={commitId} className="checkout-review-commit">
        {payNow
          ? `You pay ${amount} on the next screen.`
          : `Nothing is due today (order total ${amount}).`}
      </p>
    </section>
  )
}

/** The waiver the customer signed: its title and version, as read at the waiver step. */
function SignedWaiver() {
  // Read at the waiver step, so usually at hand offline too; without it the version is unsaid.
  const waiver = useQuery(waiverQuery())
  return (
    <p data-testid="checkout-review-waiver">
      <strong>Waiver signed:</strong>{' '}
      {waiver.data
        ? `${waiver.data.title}, version ${waiver.data.version}`
        : 'the current version of the waiver'}
    </p>
  )
}
