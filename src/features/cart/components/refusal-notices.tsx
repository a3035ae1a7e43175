import type { CartRefusalRecord } from '../../../../store-db/store-db.ts'
import { useEffect } from 'react'
import { dismissRefusal, loadRefusals, useCartRefusals } from '../refusals.ts'

function sentence(refusal: CartRefusalRecord): string {
  switch (refusal.action) {
    case 'add':
      return `${refusal.name} could not be added: ${refusal.message}`
    case 'update-qty':
      return `The quantity of ${refusal.name} could not be changed: ${refusal.message}`
    case 'add-discount':
      return `The code ${refusal.name} could not be applied: ${refusal.message}`
    case 'set-merged-notified':
      return `Your cart could not be updated: ${refusal.message}`
  }
}

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
          <p>{sentence(refusal)}</p>
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
