import { useEffect, useRef } from 'react'
import { revealAndFocus } from '../../../lib/use-announce-focus.ts'
import type { PayoutResult } from '../model.ts'

/**
 * What became of a payout request or change (sent, refused, or no answer), where the dealer is
 * looking: under the button pressed, scrolled into view and focused. The button was disabled
 * while the request was out, so focus would otherwise be left on nothing; a screen reader reads
 * the message it lands on. A status when sent, an alert otherwise. Each new result moves focus
 * again, the same refusal twice included.
 */
export function PayoutResultMessage({ result }: { result: PayoutResult | undefined }) {
  const element = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    // `nearest` moves nothing when the message is already on screen.
    if (result) revealAndFocus(element.current)
  }, [result])
  if (!result) return null
  return (
    <p
      ref={element}
      role={result.tone === 'sent' ? 'status' : 'alert'}
      tabIndex={-1}
      className={`dealer-result ${result.tone === 'sent' ? 'form-done' : 'form-problem'}`}
      data-testid="payout-result"
    >
      {result.text}
    </p>
  )
}
