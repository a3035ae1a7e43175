import { useState } from 'react'
import { shareUrl } from '../share-link.ts'
import type { OrderDraft } from '../model.ts'
import type { Warning } from './overlays.tsx'

interface ConfiguratorActionsProps {
  draft: OrderDraft
  /** Asks before something the customer cannot undo (the warning overlay). */
  ask: (warning: Warning) => void
  /** Starts the design again (once the customer has confirmed). */
  onReset: () => void
}

/**
 * What else the customer does with the design ("Add to order" is the order bar's): copy its link
 * (the share box), or start again.
 */
export function ConfiguratorActions({ draft, ask, onReset }: ConfiguratorActionsProps) {
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null)

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
    </>
  )
}
