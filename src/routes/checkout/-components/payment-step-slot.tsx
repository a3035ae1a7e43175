import { Link } from '@tanstack/react-router'
import type { SubmittedOrder } from '../../../features/checkout/components/checkout-screen.tsx'

/**
 * Where the payment step mounts, for an order submitted with a payment due today. The payment
 * step (src/features/payment/) renders here once it ships: the route composes the two features,
 * which may not import each other. Until then this says only what is true: the order is
 * submitted, with its balance due, and where it can be seen.
 */
export function PaymentStepSlot({ order }: { order: SubmittedOrder }) {
  return (
    <div className="checkout-payment-slot" data-testid="payment-step-slot">
      <p>Paying online is not available here yet: the order waits for its payment.</p>
      <p>
        <Link
          to="/$"
          params={{ _splat: `orders/confirmation/${order.id}` }}
          className="button button-secondary"
        >
          See your order
        </Link>
      </p>
    </div>
  )
}
