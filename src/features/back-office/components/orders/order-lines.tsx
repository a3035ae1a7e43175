import { lineAvailabilityText } from '../../../../../contract/availability.ts'
import { formatMoney } from '../../../../../contract/money.ts'
import type { AdminOrderDetail } from '../../api/orders.ts'
import { measurementsOf } from './order-model.ts'

type Order = AdminOrderDetail

/**
 * The order's items as the customer chose them: quantity and name, variant, the choices in words
 * (`summary`), the measurements (from `meta`), upgrades, and each item's production time. With
 * `prices`, each line's amount too (the order's page, the invoice; not the packing slip).
 */
export function OrderLines({ order, prices }: { order: Order; prices: boolean }) {
  const money = (amount: number) => formatMoney(amount, order.currency)
  return (
    <ul className="admin-order-lines" aria-label="Items">
      {order.lines.map((line) => {
        const measurements = measurementsOf(line)
        return (
          <li key={line.id} className="admin-order-line">
            <div className="admin-order-line-head">
              <h3 className="admin-order-line-name">
                {line.qty} × {line.name}
              </h3>
              {prices && <span className="amount">{money(line.lineAmount)}</span>}
            </div>
            <p className="admin-order-line-soft">
              {line.variantName && `${line.variantName} · `}SKU {line.sku}
              {prices && line.qty > 1 && ` · ${money(line.unitAmount)} each`}
            </p>
            {line.summary.length > 0 && (
              <ul className="admin-order-line-summary" aria-label="Chosen">
                {line.summary.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            )}
            {measurements.length > 0 && (
              <ul className="admin-order-line-summary" aria-label="Measurements">
                {measurements.map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
            )}
            {line.children.length > 0 && (
              <ul className="admin-order-line-summary" aria-label="Upgrades">
                {line.children.map((child) => (
                  <li key={child.id}>
                    {child.qty > 1 && `${child.qty} × `}
                    {child.name}
                    {prices && ` (${money(child.unitAmount)}, in the price above)`}
                  </li>
                ))}
              </ul>
            )}
            <p className="admin-order-line-production">
              {lineAvailabilityText(line.productionTime, line.inStock)}
            </p>
            {line.addedAfterSubmit && (
              <p className="admin-order-line-soft">Added after the order.</p>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Items, discounts, shipping, total; then paid, refunded and the balance; on the order's page,
 * also what a refund could still give back.
 */
export function OrderAmounts({ order, refundable }: { order: Order; refundable: boolean }) {
  const money = (amount: number) => formatMoney(amount, order.currency)
  const shipping = order.shipping.option
  return (
    <dl className="admin-order-amounts" data-testid="order-amounts">
      <div>
        <dt>Items</dt>
        <dd className="amount">{money(order.subtotal)}</dd>
      </div>
      {order.discounts.map((discount) => (
        <div key={discount.code}>
          <dt>
            Discount {discount.code}{' '}
            <span className="admin-order-line-soft">{discount.description}</span>
          </dt>
          <dd className="amount">−{money(discount.amount)}</dd>
        </div>
      ))}
      {shipping && (
        <div>
          <dt>Shipping: {shipping.serviceName}</dt>
          <dd className="amount">{money(shipping.amount)}</dd>
        </div>
      )}
      <div className="admin-order-amount-strong">
        <dt>Total</dt>
        <dd className="amount">{money(order.total)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd className="amount" data-testid="order-paid">
          {money(order.paid)}
        </dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd className="amount" data-testid="order-refunded">
          {order.refunded > 0 ? `−${money(order.refunded)}` : money(0)}
        </dd>
      </div>
      <div className="admin-order-amount-strong">
        <dt>Balance</dt>
        <dd className="amount" data-testid="order-balance">
          {money(order.balance)}
        </dd>
      </div>
      {refundable && (
        <div>
          <dt>Refundable</dt>
          <dd className="amount" data-testid="order-refundable">
            {money(order.refundable)}
          </dd>
        </div>
      )}
    </dl>
  )
}
