import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Sheet } from '../../../components/sheet.tsx'
import { StickyBar } from '../../../components/sticky-bar.tsx'
import { formatMoney } from '../../../../contract/money.ts'
import { useAnnounceFocus } from '../../../lib/use-announce-focus.ts'
import { TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { designOrder, type AddDesignToOrder } from '../payload.ts'
import { OrderAdded, type AddResult } from './order-added.tsx'

interface OrderBarProps {
  draft: OrderDraft
  context: DraftContext
  /** The price line by line and the lead time, shown in a sheet on a phone. */
  priceDetails: ReactNode
  /** The design, small: on a phone the bar shows it while the drawing is scrolled away. */
  thumbnail?: ReactNode
  /** Whether every field's message is already shown. */
  allMessagesShown: boolean
  onShowAllMessages: () => void
  /** Adds the design to the cart (the cart's, composed by the route). */
  onAddToOrder: AddDesignToOrder
}

/** Why an add failed, as a sentence (the server's own field message when it has one). */
function errorText(error: unknown): string {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors
  const first = errors ? Object.values(errors)[0]?.[0] : undefined
  const text = (first ?? (error instanceof Error ? error.message : '')).trim()
  if (text === '') return 'Something went wrong.'
  return /[.!?]$/.test(text) ? text : `${text}.`
}

/**
 * The bar's height as it is drawn (wrapped lines, larger text, the home indicator's inset
 * included), in `--order-bar-height` on <html>: the page's scroll-padding keeps what is focused
 * or scrolled to clear of the bar with it (configurator.css, WCAG 2.4.11). Until it is measured,
 * and with no ResizeObserver, the stylesheet's estimate stands. `inside`: an element in the bar.
 */
function useBarHeight(inside: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = inside.current?.closest<HTMLElement>('.sticky-bar')
    if (!bar || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const height = bar.offsetHeight
      if (height > 0) root.style.setProperty('--order-bar-height', `${height}px`)
    })
    observer.observe(bar)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--order-bar-height')
    }
  }, [inside])
}

/**
 * The design's one main action, "Add to order" (while nothing stops it; else what stops it, and
 * "Show what"). What became of an add is said under the bar, truthfully (order-added.tsx):
 * added, or kept on this device to sync when online, or not added and why; the answer comes
 * into view and takes focus. The design stays as it is. On a phone the bar stays at the bottom
 * of the screen, the page's one sticky part, with a small drawing of the design, the total and
 * the price details (configurator.css); on a wide screen the button closes the form, the drawing
 * and the price being beside it.
 */
export function OrderBar({
  draft,
  context,
  priceDetails,
  thumbnail,
  allMessagesShown,
  onShowAllMessages,
  onAddToOrder,
}: OrderBarProps) {
  const [added, setAdded] = useState<AddResult | null>(null)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const detailsButton = useRef<HTMLButtonElement>(null)
  useBarHeight(detailsButton)
  // Each answer (a new object per press) is brought into view and focused; "adding" is not.
  const answer = useAnnounceFocus<HTMLDivElement>(added?.step === 'adding' ? null : added)
  const problems = Object.keys(draft.checkOrderValidationError).length
  const total = formatMoney(Number(draft.order[TOTAL_PRICE] ?? 0), context.product.currency)

  function add() {
    // One line per press: a second press while the first is on its way is not another line.
    if (added?.step === 'adding') return
    // The payload is the design as it is now: later changes make another line.
    const snapshot = draft
    setAdded({ step: 'adding' })
    onAddToOrder(designOrder(snapshot, context)).then(
      (outcome) => setAdded({ step: outcome, draft: snapshot }),
      (error: unknown) => setAdded({ step: 'failed', message: errorText(error) }),
    )
  }

  return (
    <>
      <StickyBar label="Your order">
        {thumbnail && (
          <div className="order-bar-thumb" aria-hidden="true">
            {thumbnail}
          </div>
        )}
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
          aria-disabled={draft.disabledAddToCart || added?.step === 'adding'}
          disabled={draft.disabledAddToCart}
          onClick={add}
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
      </StickyBar>
      {added && <OrderAdded ref={answer} result={added} context={context} />}
    </>
  )
}
