import { memo, Suspense, useContext } from 'react'
import type { QueueLine } from '../../api/queue.ts'
import { QueueDrawingContext, type QueueDrawingProps } from './drawing-slot.ts'

const undrawn = (
  <span className="queue-undrawn">
    No drawing: this design&rsquo;s product could not be read. Sew from the options and
    measurements.
  </span>
)

/**
 * A line's design as the configurator draws it (the route's slot), in a frame that keeps its
 * place while the drawing waits for its turn (drawing-turns.ts) or loads: nothing moves when it
 * arrives. Memoised per line: a board read again with the same line draws nothing again.
 */
export const LineDrawing = memo(function LineDrawing({
  line,
  size,
  drawn,
  onSettled,
}: {
  line: QueueLine
  size: QueueDrawingProps['size']
  /** Its turn has come (always, on the work sheet). */
  drawn: boolean
  onSettled?: () => void
}) {
  const slot = useContext(QueueDrawingContext)
  return (
    <div className={`queue-drawing queue-drawing-${size}`} data-drawn={drawn || undefined}>
      {drawn && slot && (
        // Its own boundary: the slot's code loads on first use, and one card waiting for it
        // must not blank the board.
        <Suspense fallback={null}>{slot({ line, size, undrawn, onSettled })}</Suspense>
      )}
    </div>
  )
})
