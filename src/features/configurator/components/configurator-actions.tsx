import { useState } from 'react'
import { shareUrl } from '../share-link.ts'
import type { DraftContext, OrderDraft } from '../model.ts'
import { OrderPreview } from './order-preview.tsx'
import { Overlay, type Warning } from './overlays.tsx'

interface ConfiguratorActionsProps {
  draft: OrderDraft
  context: DraftContext
  /** Asks before something the customer cannot undo (the warning overlay). */
  ask: (warning: Warning) => void
  /** Whether every field's message is already shown. */
  allMessagesShown: boolean
  onShowAllMessages: () => void
  /** Starts the design again (once the customer has confirmed). */
  onReset: () => void
}

/**
 * What the customer does with the design: add it to the order (while nothing stops it; else
 * what stops it, and "Show what"), copy its link (the share box), or start again.
 */
export function ConfiguratorActions({
  draft,
  context,
  ask,
  allMessagesShown,
  onShowAllMessages,
  onReset,
}: ConfiguratorActionsProps) {
  const [orderOpen, setOrderOpen] = useState(false)
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null)
  const problems = Object.keys(draft.checkOrderValidationError).length

  async function copyLink() {
    const url = shareUrl(window.location.origin, draft)
    let copied = false
    try {
      await navigator.clipboard.writeText(url)
      copied = true
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy.
    }
    setLink({ url, copied })
  }

  return (
    <>
      <div className="configurator-actions">
        <button
          type="button"
          className="button"
          aria-disabled={draft.disabledAddToCart}
          disabled={draft.disabledAddToCart}
          onClick={() => setOrderOpen(true)}
        >
          Add to order
        </button>
        <button type="button" className="button button-secondary" onClick={copyLink}>
          Copy link
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            ask({
              title: 'Start again?',
              content:
                'Every choice in this design goes back to its default: colours, size, measurements, options and upgrades. Copy the link first if you may want it back.',
              confirmLabel: 'Reset the design',
              onConfirm: onReset,
            })
          }
        >
          Reset
        </button>
      </div>
      {draft.disabledAddToCart && (
        <p className="configurator-blocked" role="status">
          {problems === 1
            ? 'One thing needs your attention before this can be ordered.'
            : `${problems} things need your attention before this can be ordered.`}{' '}
          {!allMessagesShown && (
            <button type="button" className="link-button" onClick={onShowAllMessages}>
              Show what
            </button>
          )}
        </p>
      )}
      {link && (
        <div className="share-link" role="status">
          <label className="field">
            <span>
              {link.copied
                ? 'Link copied. It opens this design anywhere:'
                : 'Copy this link to share the design:'}
            </span>
            <input type="url" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          </label>
        </div>
      )}
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
    </>
  )
}
