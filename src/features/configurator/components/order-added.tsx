import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import type { DraftContext, OrderDraft } from '../model.ts'
import { OrderPreview } from './order-preview.tsx'

/** What became of a press of "Add to order". */
export type AddResult =
  | { step: 'adding' }
  /** `draft`: the design as it was added (the customer may change it since). */
  | { step: 'saved' | 'queued'; draft: OrderDraft }
  | { step: 'failed'; message: string }

/**
 * The answer to "Add to order", under the order bar: what went into the cart, in the cart's
 * words, and that the design is still here, ready for another suit (nothing is reset: a second
 * suit, or one with a change, is a press or two away, and "Reset" starts afresh). `ref`: the
 * order bar brings the answer into view and focuses it (tabIndex -1), so a phone shows it above
 * the bar and a screen reader reads it. While adding, a polite line only.
 */
export function OrderAdded({
  result,
  context,
  ref,
}: {
  result: AddResult
  context: DraftContext
  ref?: Ref<HTMLDivElement>
}) {
  if (result.step === 'adding')
    return (
      <div role="status" className="order-added order-added-pending">
        <p>Adding to your order…</p>
      </div>
    )
  if (result.step === 'failed')
    return (
      <div ref={ref} role="alert" className="configurator-alert order-added" tabIndex={-1}>
        <p>Not added: {result.message} Your design is unchanged here: try again in a moment.</p>
      </div>
    )
  return (
    <div ref={ref} role="status" className="order-added" tabIndex={-1}>
      <p className="order-added-title">
        {result.step === 'saved' ? 'Added to your order' : 'Added — will sync when online'}
      </p>
      {result.step === 'queued' && (
        <p>
          You are offline: the line is in your cart on this device and reaches the shop when the
          network returns.
        </p>
      )}
      <OrderPreview draft={result.draft} context={context} />
      <p>
        The designer is ready for your next suit and still holds this design: add it again as it is,
        change what you like first, or press Reset to start from the defaults.
      </p>
      <p>
        <Link to="/cart" className="button">
          View your cart
        </Link>
      </p>
    </div>
  )
}
