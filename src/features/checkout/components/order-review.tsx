import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { cartLineAvailabilityText } from '../../../../contract/availability.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { waiverQuery } from '../api.ts'
import { addressLine, type CheckoutCart } from '../model.ts'
import { OrderTotals, orderTotal } from './order-summary.tsx'

/**
 * A line as the cart answer carries it, with when it ships (contract/cart.ts `availability`,
 * camelCase; absent where nothing is known of it).
 */
type ReviewLine = CheckoutCart['items'][number] & {
  availability?: { inStock: boolean; weeksMin: number | null; weeksMax: number | null } | null
}
type ReviewCart = Omit<CheckoutCart, 'items'> & { items: ReviewLine[] }

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
      <ReviewLines cart={cart} />
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

/** The lines as the summary lists them, each with when it ships. */
function ReviewLines({ cart }: { cart: ReviewCart }) {
  return (
    <ul className="checkout-lines" aria-label="Lines">
      {cart.items.map((line, index) => {
        const availability = cartLineAvailabilityText(line.availability)
        return (
          <li key={line.id ?? index}>
            <div>
              {line.name}
              {line.variantName ? ` (${line.variantName})` : ''}
              {line.qty > 1 ? ` × ${line.qty}` : ''}
              {availability && (
                <p className="note" data-testid="checkout-review-availability">
                  {availability}
                </p>
              )}
            </div>
            {line.linePrice !== undefined && (
              <span>{formatMoney(line.linePrice, cart.currency)}</span>
            )}
          </li>
        )
      })}
    </ul>
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
