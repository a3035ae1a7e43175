import { Link } from '@tanstack/react-router'
import { ApiError, NetworkError } from '../../../lib/api-client.ts'
import { customerLabel } from '../../../lib/customer-label.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { NotKeptError, type OrderView, type PaymentLinkOrder } from '../api.ts'
import { productionText } from '../model.ts'
// The pieces bring their own look: the payment link's page (a checkout route) shows them too.
import './orders.css'

/*
 * Pieces every order screen shows: when a copy kept on the device was read, the lines with each
 * item's production time, the amounts, and what to say when an order cannot be shown.
 */

/** "Saved on this device: as of …": the network gave no answer, this is the last copy read. */
export function AsOf({ savedAt, fromDevice }: { savedAt: number; fromDevice: boolean }) {
  if (!fromDevice) return null
  return (
    <p className="orders-as-of" role="status" data-testid="order-as-of">
      You are offline. This is the copy saved on this device, as of{' '}
      <time dateTime={new Date(savedAt).toISOString()}>{formatDateTime(savedAt)}</time>.
    </p>
  )
}

/** An order a dealer placed for a customer says whom for. */
export function PlacedFor({ customer }: { customer: OrderView['placedFor'] }) {
  if (!customer) return null
  return (
    <p className="order-placed-for" data-testid="order-placed-for">
      Placed by you for {customerLabel(customer)}.
    </p>
  )
}

/**
 * What to say when an order (or the list) could not be read. `link`: the order was read through
 * its payment link (no sign-in), and `link.offline` says what the screen needed the network for.
 */
export function ReadProblem({
  error,
  what,
  link,
}: {
  error: unknown
  what: string
  link?: { offline: string }
}) {
  if (error instanceof NotKeptError)
    return (
      <p className="orders-not-kept" role="status" data-testid="order-not-kept">
        You are offline, and this device has not saved {what} yet. It is saved here each time you
        open it online, so open it once with a connection to have it with you offline.
      </p>
    )
  if (link && error instanceof NetworkError)
    return (
      <p role="alert" className="orders-problem">
        {link.offline}
      </p>
    )
  if (!link && error instanceof ApiError && error.status === 401)
    return (
      <p role="alert" className="orders-problem">
        Your session has ended. <Link to="/login">Sign in</Link> to see {what}.
      </p>
    )
  if (error instanceof ApiError && error.status === 404)
    return link ? (
      <p role="alert" className="orders-problem">
        This link does not lead to an order. Check that it was copied whole.
      </p>
    ) : (
      <p role="alert" className="orders-problem">
        We found no such order among yours. If you ordered signed in, sign in with the same account
        to see it; see all your orders in <Link to="/account">your account</Link>.
      </p>
    )
  return (
    <p role="alert" className="orders-problem">
      {what[0]!.toUpperCase() + what.slice(1)} could not be loaded. Try again in a moment.
    </p>
  )
}

/**
 * A line as the payment link gives it (what is paid for); the owner's view adds each item's
 * production time and whether it was added after the order.
 */
type Line = PaymentLinkOrder['lines'][number] &
  Partial<Pick<OrderView['lines'][number], 'productionTime' | 'inStock' | 'addedAfterSubmit'>>

/**
 * The order's items at the prices charged: name, quantity, line price, variant and options, and,
 * where the view has it, each item's own production time.
 */
export function OrderLines({ lines, currency }: { lines: Line[]; currency: string }) {
  return (
    <ul className="order-lines" aria-label="Items">
      {lines.map((line) => (
        <li key={line.id} className="order-line">
          <div className="order-line-head">
            <h3 className="order-line-name">
              {line.qty} × {line.name}
            </h3>
            <span className="order-line-amount">{formatMoney(line.lineAmount, currency)}</span>
          </div>
          {line.variantName && <p className="order-line-variant">{line.variantName}</p>}
          {line.summary.length > 0 && (
            <ul className="order-line-summary">
              {line.summary.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          )}
          {line.productionTime !== undefined ? (
            <p className="order-line-production" data-testid="production-time">
              {/* The weeks already count what this design's upgrades add: the category's
               * remark about upgrades ("Super custom designs add…") would be said of every design. */}
              {/* An order kept on the device before `in_stock` was sent: null meant in stock. */}
              {productionText(line.productionTime, line.inStock ?? line.productionTime === null)}
            </p>
          ) : (
            line.madeToOrder && <p className="order-line-production">Made to order.</p>
          )}
          {line.addedAfterSubmit && <p className="order-line-added">Added after the order.</p>}
          {line.qty > 1 && (
            <p className="order-line-each">{formatMoney(line.unitAmount, currency)} each</p>
          )}
        </li>
      ))}
    </ul>
  )
}

type Amounts = Pick<
  OrderView,
  'subtotal' | 'discounts' | 'total' | 'paid' | 'balance' | 'currency' | 'paymentDue'
> & {
  shippingAmount: number | null
  /** Absent from an order kept on the device by an earlier build. */
  refunded?: number | undefined
}

/** Subtotal, discounts, shipping, total, paid, refunded and what is left. */
export function OrderAmounts(order: Amounts) {
  const money = (amount: number) => formatMoney(amount, order.currency)
  return (
    <dl className="order-amounts" data-testid="order-amounts">
      <div>
        <dt>Items</dt>
        <dd>{money(order.subtotal)}</dd>
      </div>
      {order.discounts.map((discount) => (
        <div key={discount.code}>
          <dt>
            Discount {discount.code}
            <span className="visually-hidden">: {discount.description}</span>
          </dt>
          <dd>−{money(discount.amount)}</dd>
        </div>
      ))}
      {order.shippingAmount !== null && (
        <div>
          <dt>Shipping</dt>
          <dd>{money(order.shippingAmount)}</dd>
        </div>
      )}
      <div className="order-amount-total">
        <dt>Total</dt>
        <dd>{money(order.total)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd data-testid="order-paid">{money(order.paid)}</dd>
      </div>
      {order.refunded ? (
        <div>
          <dt>Refunded</dt>
          <dd data-testid="order-refunded">−{money(order.refunded)}</dd>
        </div>
      ) : null}
      <div className="order-amount-balance">
        <dt>Balance</dt>
        <dd data-testid="order-balance">{money(order.balance)}</dd>
      </div>
    </dl>
  )
}

/** The payment link's order, for its page and the add-to-order screen. */
export function paymentLinkAmounts(order: PaymentLinkOrder): Amounts {
  return { ...order, shippingAmount: order.shippingAmount > 0 ? order.shippingAmount : null }
}
