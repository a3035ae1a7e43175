import { statusLabels } from '../../../../../contract/orders.ts'
import { useAnnounceFocus } from '../../../../lib/use-announce-focus.ts'
import type { Moved } from './move-actions.tsx'

/** What a move the shop answered did, in words. */
export function movedText(moved: Moved): string {
  const note = moved.note ? ` The note “${moved.note}” is in its history.` : ''
  if (moved.to === 'in_production') return `Order ${moved.number} is now in production.${note}`
  if (moved.to === 'shipped')
    return `Order ${moved.number} is marked shipped and has left the queue.${note}`
  return `Order ${moved.number} is now ${statusLabels[moved.to].toLowerCase()}.${note}`
}

/**
 * A move's result where the owner is looking: in its card while the order stays on the board,
 * else above the cards (a shipped order leaves it). Announced, scrolled into view and focused:
 * the button pressed may be gone.
 */
export function MoveResult({ moved }: { moved: Moved }) {
  const ref = useAnnounceFocus<HTMLParagraphElement>(moved)
  return (
    <p ref={ref} className="form-done queue-move-result" role="status" tabIndex={-1}>
      {movedText(moved)}
    </p>
  )
}
