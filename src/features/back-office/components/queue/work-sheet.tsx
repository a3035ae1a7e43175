import { useCallback, useContext, useEffect, useRef, useState } from 'react'
import { formatDate } from '../../../../lib/format-date.ts'
import type { QueueLine, QueueOrder } from '../../api/queue.ts'
import { Fact } from '../fact.tsx'
import { QueueDrawingContext } from './drawing-slot.ts'
import { LineDrawing } from './line-drawing.tsx'
import { LineFacts, LineOptions, MeasurementTable } from './line-details.tsx'
import { BackToQueue, CustomerFact, LastNote } from './order-facts.tsx'
import { dueOf, isDesignedLine, lineTitle, stateLabel } from './queue-model.ts'

/** The longest the sheet waits for its drawings before it prints without them. */
export const PRINT_WAIT_MS = 5000

/**
 * Prints once, when every drawing is on the page (or known not to come), or after PRINT_WAIT_MS
 * at the latest: a sheet opened offline whose drawing cannot load still prints its words.
 */
function usePrintWhenDrawn(expected: number): (lineId: string) => void {
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set())
  const printed = useRef(false)
  const print = useCallback(() => {
    if (printed.current) return
    printed.current = true
    window.print()
  }, [])
  useEffect(() => {
    if (settled.size >= expected) print()
  }, [settled, expected, print])
  useEffect(() => {
    const timer = setTimeout(print, PRINT_WAIT_MS)
    return () => clearTimeout(timer)
  }, [print])
  return useCallback(
    (lineId: string) =>
      setSettled((lines) => (lines.has(lineId) ? lines : new Set(lines).add(lineId))),
    [],
  )
}

function SheetLine({ line, onSettled }: { line: QueueLine; onSettled: (lineId: string) => void }) {
  const settle = useCallback(() => onSettled(line.id), [onSettled, line.id])
  return (
    <section className="work-sheet-line" aria-labelledby={`sheet-line-${line.id}`}>
      <h2 id={`sheet-line-${line.id}`}>
        {lineTitle(line)}
        {line.qty > 1 && <span> × {line.qty}</span>}
      </h2>
      {isDesignedLine(line) && (
        <LineDrawing line={line} size="sheet" drawn={true} onSettled={settle} />
      )}
      <div className="work-sheet-words">
        <LineFacts line={line} />
        <MeasurementTable line={line} />
        <LineOptions line={line} headingLevel={3} />
      </div>
    </section>
  )
}

/**
 * One order's work sheet (`/admin/queue?sheet=<id>`), the page the workshop pins beside the
 * table: the suit drawn large, its measurements as a table, its options, quantity, customer,
 * order number and ship-by day, black on white (queue.css `@media print`). It prints as it
 * opens; the buttons above it are not printed.
 */
export function WorkSheet({ order }: { order: QueueOrder }) {
  const slot = useContext(QueueDrawingContext)
  const expected = slot ? order.lines.filter(isDesignedLine).length : 0
  const settle = usePrintWhenDrawn(expected)
  const due = dueOf(order)
  return (
    <article className="work-sheet" aria-labelledby="work-sheet-title">
      <div className="work-sheet-tools admin-no-print">
        <BackToQueue />
        <button type="button" className="button" onClick={() => window.print()}>
          Print again
        </button>
      </div>
      <h1 id="work-sheet-title">Work sheet: order {order.number}</h1>
      <dl className="work-sheet-facts">
        <Fact term="Order">{order.number}</Fact>
        <CustomerFact order={order} />
        <Fact term="Ship by">
          {order.shipBy ? formatDate(order.shipBy) : 'Not known'}
          {due.state !== 'none' && ` (${due.words})`}
        </Fact>
        <Fact term="State">{stateLabel(order.status)}</Fact>
        <Fact term="Suits">{order.lines.reduce((sum, line) => sum + line.qty, 0)}</Fact>
      </dl>
      {order.lines.map((line) => (
        <SheetLine key={line.id} line={line} onSettled={settle} />
      ))}
      <LastNote note={order.lastNote} />
    </article>
  )
}
