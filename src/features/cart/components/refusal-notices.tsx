import { useEffect } from 'react'
import { refusalSentence } from '../refusal-text.ts'
import { dismissRefusal, loadRefusals, useCartRefusals } from '../refusals.ts'

/** What the server refused when the queued changes reached it, until the customer dismisses it. */
export function RefusalNotices() {
  const refusals = useCartRefusals()
  useEffect(() => {
    void loadRefusals().catch(() => undefined)
  }, [])
  if (refusals.length === 0) return null
  return (
    <section aria-label="Changes the shop refused">
      {refusals.map((refusal) => (
        <div className="cart-refusal" role="alert" key={refusal.key}>
          <p>{refusalSentence(refusal)}</p>
          <button
            type="button"
            className="link-button cart-dismiss"
            onClick={() => void dismissRefusal(refusal.key)}
          >
            Dismiss
          </button>
        </div>
      ))}
    </section>
  )
}
