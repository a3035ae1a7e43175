import { Link } from '@tanstack/react-router'
import type { QueueOrder } from '../../api/queue.ts'

import { Fact } from '../fact.tsx'
/* What the board's card and the order's work sheet both say of an order, in the same words. */

/** Who the order is for: a `<dl>`'s entry. */
export function CustomerFact({ order }: { order: Pick<QueueOrder, 'name' | 'email'> }) {
  return (
    <Fact term="Customer">
      {order.name ?? 'No name given'}
      {order.email && <span className="queue-email">{order.email}</span>}
    </Fact>
  )
}

/** The last note in the order's history, when there is one. */
export function LastNote({ note }: { note: QueueOrder['lastNote'] }) {
  return note ? (
    <p className="queue-note">
      <strong>Last note:</strong> {note}
    </p>
  ) : null
}

/** From a work sheet (or one not found) back to the board, its filter kept. */
export function BackToQueue() {
  return (
    <Link
      to="/admin/$"
      params={{ _splat: 'queue' }}
      search={(previous) => ({ ...previous, sheet: undefined })}
    >
      Back to the queue
    </Link>
  )
}
