import { Link } from '@tanstack/react-router'
import { useRef, useState, type ReactNode } from 'react'
import { Sheet } from '../../../components/sheet.tsx'
import { StickyBar } from '../../../components/sticky-bar.tsx'
import { formatMoney } from '../../../../contract/money.ts'
import { TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { designOrder, type AddDesignToOrder } from '../payload.ts'
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
  /** Adds the design to the cart (the cart's, composed by the route). */
  onAddToOrder: AddDesignToOrder
}

type AddState =
  | { step: 'adding' }
  | { step: 'saved' | 'queued'; draft: OrderDraft }
  | { step: 'failed'; message: string }

const addTitles: Record<AddState['step'], string> = {
  adding: 'Adding to your order…',
  saved: 'Added to your order',
  queued: 'Added — will sync when online',
  failed: 'Not added',
}

function errorText(error: unknown): string {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors
  const first = errors ? Object.values(errors)[0]?.[0] : undefined
  return first ?? (error instanceof Error ? error.message : 'Something went wrong.')
}

/**
 * The design's one main action, "Add to order" (while nothing stops it; else what stops it, and
 * "Show what"). Adding opens an overlay that says what became of it, truthfully: added, or kept
 * on this device to sync when online, or not added and why, with what was added. On a phone it is a bar at the bottom of the screen with the total and the price
 * details, in view while the customer chooses (configurator.css); on a wide screen the button
 * closes the form, the price being beside it.
 */
export function OrderBar({
  draft,
  context,
  priceDetails,
  allMessagesShown,
  onShowAllMessages,
  onAddToOrder,
}: OrderBarProps) {
  const [orderOpen, setOrderOpen] = useState(false)
  const [added, setAdded] = useState<AddState>({ step: 'adding' })
  const [detailsOpen, setDetailsOpen] = useState(false)
  const detailsButton = useRef<HTMLButtonElement>(null)
  const problems = Object.keys(draft.checkOrderValidationError).length
  const total = formatMoney(Number(draft.order[TOTAL_PRICE] ?? 0), context.product.currency)

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
        onClick={() => {
          // The payload is the draft as it is now: later changes make another line.
          const snapshot = draft
          setAdded({ step: 'adding' })
          setOrderOpen(true)
          onAddToOrder(designOrder(snapshot, context)).then(
            (outcome) => setAdded({ step: outcome, draft: snapshot }),
            (error: unknown) => setAdded({ step: 'failed', message: errorText(error) }),
          )
        }}
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
        title={addTitles[added.step]}
        description={
          added.step === 'queued'
            ? 'You are offline: the line is in your cart on this device and reaches the shop when the network returns.'
            : added.step === 'failed'
              ? added.message
              : undefined
        }
        actions={
          added.step === 'saved' || added.step === 'queued' ? (
            <Link to="/cart" className="button">
              View your cart
            </Link>
          ) : undefined
        }
        wide
      >
        {(added.step === 'saved' || added.step === 'queued') && (
          <OrderPreview draft={added.draft} context={context} />
        )}
      </Overlay>
    </StickyBar>
  )
}
