import type { PaymentState } from '../../../../../contract/admin.ts'
import { placeLine } from '../../../../../contract/address-lines.ts'
import type { OrderStatus } from '../../../../../contract/order-status.ts'
import { countryName } from '../../../../components/address-form.ts'
import type { AdminOrderDetail } from '../../api/orders.ts'
import { paymentLabels, statusText } from './order-model.ts'

/*
 * The marks the order list and an order's page share. Each says its meaning in words; the colour
 * only repeats it.
 */

export function StateBadge({ status }: { status: OrderStatus }) {
  return <span className="admin-order-state">{statusText(status)}</span>
}

export function PaymentBadge({ payment }: { payment: PaymentState }) {
  return (
    <span className={`admin-order-payment admin-order-payment-${payment}`}>
      {paymentLabels[payment]}
    </span>
  )
}

export function MadeToOrderMark() {
  return <span className="admin-order-mark">Made to order</span>
}

export function LateMark() {
  return <span className="admin-order-late">Late</span>
}

type Address = NonNullable<AdminOrderDetail['shipping']['address']>

/** A shipping address as the post writes it, a line each. */
export function AddressLines({ address }: { address: Address }) {
  const lines = [
    address.name,
    address.line1,
    address.line2 ?? '',
    placeLine(address),
    countryName(address.country),
  ].filter(Boolean)
  return (
    <address className="admin-order-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      {address.phone && <span>Phone: {address.phone}</span>}
    </address>
  )
}
