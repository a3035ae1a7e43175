import { useRef, useState, type ReactNode } from 'react'
import { Sheet } from '../../../components/sheet.tsx'
import { StickyBar } from '../../../components/sticky-bar.tsx'
import { formatPrice } from '../../../lib/format-price.ts'
import { TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { OrderPreview } from './order-preview.tsx'
import { Overlay } from './overlays.tsx'

interface OrderBarProps {
  draft: OrderDraft
  context: DraftContext
  /** The price line by line and the lead time, shown in a sheet on a phone. */
  priceDetails: ReactNode
  /** Whether every field's message is already shown. */
  allMessagesShown: boolean
  onShowAllMessages: () => void
}

/**
 * The design's one main action, "Add to order" (while nothing stops it; else what stops it, and
 * "Show what"). On a phone it is a bar at the bottom of the screen with the total and the price
 * details, in view while the customer chooses (configurator.css); on a wide screen the button
 * closes the form, the price being beside it.
 */
export function OrderBar({
  draft,
  context,
  priceDetails,
  allMessagesShown,
  onShowAllMessages,
}: OrderBarProps) {
  const [orderOpen, setOrderOpen] = useState(false)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const detailsButton = useRef<HTMLButtonElement>(null)
  const problems = Object.keys(draft.checkOrderValidationError).length
  const total = formatPrice(Number(draft.order[TOTAL_PRICE] ?? 0), context.product.currency)

  return (
    <StickyBar label="Your order">
      <p className="order-bar-total" aria-live="polite">
        <span>Total{draft.qty > 1 ? ` for ${draft.qty}` : ''}</span>{' '}
        <strong data-testid="order-bar-total">{total}</strong>
      </p>
      <button
        type="button"
        className="link-button order-bar-details"
        ref={detailsButton}
        onClick={() => setDetailsOpen(true)}
      >
        Price details
      </button>
      <button
        type="button"
        className="button order-bar-add"
        aria-disabled={draft.disabledAddToCart}
        disabled={draft.disabledAddToCart}
        onClick={() => setOrderOpen(true)}
      >
        Add to order
      </button>
      {draft.disabledAddToCart && (
        <p className="configurator-blocked" role="status">
          {problems === 1
            ? 'One thing needs your attention before this can be ordered.'
            : `${problems} things need your attention before this can be ordered.`}{' '}
          {!allMessagesShown && (
            <button
              type="button"
              className="link-button"
              onClick={(event) => {
                const form = event.currentTarget.closest('form')
                onShowAllMessages()
                // Once the messages are drawn, the first comes into view (on a phone it may be
                // screens away), its field focused when it has one.
                requestAnimationFrame(() => {
                  const first = form?.querySelector<HTMLElement>(
                    '[aria-invalid="true"], .field-error',
                  )
                  if (first instanceof HTMLInputElement || first instanceof HTMLSelectElement)
                    first.focus()
                  else first?.scrollIntoView({ block: 'center' })
                })
              }}
            >
              Show what
            </button>
          )}
        </p>
      )}
      <Sheet
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        title="Price of your design"
        returnFocus={detailsButton}
      >
        {priceDetails}
      </Sheet>
      <Overlay
        open={orderOpen}
        onOpenChange={setOrderOpen}
        title="What will be added to your order"
        description="Ordering opens with the cart. Your design stays saved on this device until then."
        wide
      >
        {orderOpen &&
          (draft.disabledAddToCart ? (
            // Changed meanwhile in another tab: the payload cannot be built.
            <p>This design has changed and cannot be ordered as it is. Close this to see why.</p>
          ) : (
            <OrderPreview draft={draft} context={context} />
          ))}
      </Overlay>
    </StickyBar>
  )
}
