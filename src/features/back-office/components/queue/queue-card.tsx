import { Link } from '@tanstack/react-router'
import { memo, useRef } from 'react'
import { formatDate } from '../../../../lib/format-date.ts'
import type { QueueOrder } from '../../api/queue.ts'
import { Fact } from '../fact.tsx'
import { DueMark } from './due-mark.tsx'
import { useDrawingTurn } from './drawing-turns.ts'
import { LineDrawing } from './line-drawing.tsx'
import { LineFacts, LineOptions, MeasurementTable } from './line-details.tsx'
import { MoveActions, type Moved } from './move-actions.tsx'
import { MoveResult } from './move-result.tsx'
import { CustomerFact, LastNote } from './order-facts.tsx'
import { dueOf, isDesignedLine, lineTitle, paymentText, stateLabel } from './queue-model.ts'

/**
 * One order on the board: who it is for, when it must ship and how it was paid, then each suit
 * to sew (its design drawn when the card's turn comes, its measurements and options in words
 * from the start, so find-in-page and a screen reader have every card), and its moves. Memoised:
 * a board read again redraws only the cards that changed.
 */
export const QueueCard = memo(function QueueCard({
  order,
  online,
  moved,
  onMoved,
}: {
  order: QueueOrder
  online: boolean
  /** This order's last move, shown in the card while it stays on the board. */
  moved: Moved | null
  onMoved: (moved: Moved) => void
}) {
  const card = useRef<HTMLElement>(null)
  const designed = order.lines.filter(isDesignedLine).length
  const drawn = useDrawingTurn(card, designed)
  const due = dueOf(order)
  const headingId = `queue-order-${order.id}`
  return (
    <article
      ref={card}
      className="queue-card"
      data-due={due.state}
      data-testid="queue-card"
      aria-labelledby={headingId}
    >
      <header className="queue-card-header">
        <h2 id={headingId} className="queue-card-title">
          <Link to="/admin/$" params={{ _splat: `orders/${order.id}` }}>
            Order {order.number}
          </Link>
        </h2>
        <DueMark due={due} />
      </header>
      <dl className="queue-facts">
        <CustomerFact order={order} />
        <Fact term="Ship by">{order.shipBy ? formatDate(order.shipBy) : 'Not known'}</Fact>
        <Fact term="State">{stateLabel(order.status)}</Fact>
        <Fact term="Payment">{paymentText(order)}</Fact>
      </dl>
      <ul className="queue-lines">
        {order.lines.map((line) => (
          <li key={line.id} className="queue-line">
            <h3 className="queue-line-title">
              {lineTitle(line)}
              {line.qty > 1 && <span> × {line.qty}</span>}
            </h3>
            {isDesignedLine(line) && <LineDrawing line={line} size="card" drawn={drawn} />}
            <div className="queue-line-words">
              <LineFacts line={line} />
              <MeasurementTable line={line} />
              <LineOptions line={line} headingLevel={4} />
            </div>
          </li>
        ))}
      </ul>
      <LastNote note={order.lastNote} />
      {moved && <MoveResult moved={moved} />}
      <div className="queue-card-actions admin-no-print">
        <MoveActions order={order} online={online} onMoved={onMoved} />
        <Link
          to="/admin/$"
          params={{ _splat: 'queue' }}
          search={(previous) => ({ ...previous, sheet: order.id })}
          className="button button-secondary"
          aria-label={`Print work sheet for order ${order.number}`}
        >
          Print work sheet
        </Link>
      </div>
    </article>
  )
})
