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

/**
 * What is being ordered, beside every step: the lines, the discount, the shipping chosen and the
 * total. On a phone it is a disclosure under the heading with the total in view; on a wide screen
 * a column beside the steps, open.
 */
export function OrderSummary({ cart }: { cart: CheckoutCart }) {
  const shipping = shippingOf(cart.shipping)
  const total = cart.total + (shipping?.amount ?? 0)
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <details open>
        <summary>
          <h2 id="checkout-summary-heading">Your order</h2>
          <span className="checkout-summary-total" data-testid="checkout-total">
            {formatMoney(total, cart.currency)}
          </span>
        </summary>
        <ul className="checkout-lines" aria-label="Lines">
          {cart.items.map((line, index) => (
            <li key={line.id ?? index}>
              <span>
                {line.name}
                {line.variantName ? ` (${line.variantName})` : ''}
                {line.qty > 1 ? ` × ${line.qty}` : ''}
              </span>
              {line.linePrice !== undefined && (
                <span>{formatMoney(line.linePrice, cart.currency)}</span>
              )}
            </li>
          ))}
        </ul>
        <dl className="checkout-totals">
          {cart.discountTotal ? (
            <>
              <dt>Discount</dt>
              <dd>−{formatMoney(cart.discountTotal, cart.currency)}</dd>
            </>
          ) : null}
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">
            {shipping
              ? `${shipping.serviceName}: ${formatMoney(shipping.amount, cart.currency)}`
              : cart.isMto
                ? 'Arranged when your order is made'
                : 'Chosen at the next step'}
          </dd>
          <dt className="checkout-total">Total</dt>
          <dd className="checkout-total">{formatMoney(total, cart.currency)}</dd>
        </dl>
        {cart.isMto && <p className="note">Made to order: nothing is due today.</p>}
      </details>
    </aside>
  )
}
