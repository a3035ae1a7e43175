import { cartLineAvailabilityText } from '../../../../contract/availability.ts'
import { formatMoney } from '../../../../contract/money.ts'
import type { CheckoutCart } from '../model.ts'

/** The chosen shipping as the cart answer carries it (camelCase). */
interface Shipping {
  serviceName: string
  amount: number
}

function shippingOf(value: unknown): Shipping | null {
  const record = value as Partial<Shipping> | null | undefined
  return record && typeof record.amount === 'number' && typeof record.serviceName === 'string'
    ? { serviceName: record.serviceName, amount: record.amount }
    : null
}

/** The order's total as the customer is asked for it: the lines less discounts, plus shipping. */
export function orderTotal(cart: CheckoutCart): number {
  return cart.total + (shippingOf(cart.shipping)?.amount ?? 0)
}

/**
 * What is being ordered, beside every step: the lines with when each ships, the discount, the shipping chosen and the
 * total. On a phone it is a disclosure under the heading with the total in view; on a wide screen
 * a column beside the steps, open.
 */
export function OrderSummary({
  cart,
}: {
  cart: Omit<CheckoutCart, 'items'> & { items: AvailableLine[] }
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <details open>
        <summary>
          <h2 id="checkout-summary-heading">Your order</h2>
          <span className="checkout-summary-total" data-testid="checkout-total">
            {formatMoney(orderTotal(cart), cart.currency)}
          </span>
        </summary>
        <OrderLines cart={cart} />
        <OrderTotals cart={cart} testIds />
        {cart.isMto && <p className="note">Made to order: nothing is due today.</p>}
      </details>
    </aside>
  )
}

/**
 * A line as the cart answer carries it, with when it ships (contract/cart.ts `availability`,
 * camelCase; absent where nothing is known of it).
 */
export type AvailableLine = CheckoutCart['items'][number] & {
  availability?: { inStock: boolean; weeksMin: number | null; weeksMax: number | null } | null
}

/**
 * The order's lines: name, variant, quantity, price and when each ships, in the cart's words
 * (contract/availability.ts). `availabilityTestId` marks the review's copy for its tests.
 */
export function OrderLines({
  cart,
  availabilityTestId,
}: {
  cart: Omit<CheckoutCart, 'items'> & { items: AvailableLine[] }
  availabilityTestId?: string
}) {
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
                <p className="note" data-testid={availabilityTestId}>
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

/**
 * The discount, the shipping and the total; `totalLabel` names the total where it says what the
 * customer is about to pay.
 */
export function OrderTotals({
  cart,
  totalLabel = 'Total',
  testIds = false,
}: {
  cart: CheckoutCart
  totalLabel?: string
  /** The summary's own test ids (tests/e2e), kept off the review's copy. */
  testIds?: boolean
}) {
  const shipping = shippingOf(cart.shipping)
  return (
    <dl className="checkout-totals">
      {cart.discountTotal ? (
        <>
          <dt>Discount</dt>
          <dd>−{formatMoney(cart.discountTotal, cart.currency)}</dd>
        </>
      ) : null}
      <dt>Shipping</dt>
      <dd data-testid={testIds ? 'checkout-shipping' : undefined}>
        {shipping
          ? `${shipping.serviceName}: ${formatMoney(shipping.amount, cart.currency)}`
          : cart.isMto
            ? 'Arranged when your order is made'
            : 'Chosen at the next step'}
      </dd>
      <dt className="checkout-total">{totalLabel}</dt>
      <dd className="checkout-total">{formatMoney(orderTotal(cart), cart.currency)}</dd>
    </dl>
  )
}
