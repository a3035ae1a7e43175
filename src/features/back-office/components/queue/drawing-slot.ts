import { createContext, type ReactNode } from 'react'
import type { QueueLine } from '../../api/queue.ts'

export interface QueueDrawingProps {
  /** The ordered line whose design is drawn (its `meta` is what the customer chose). */
  line: QueueLine
  /** `card`: beside the line's text on the board; `sheet`: large, on the printed work sheet. */
  size: 'card' | 'sheet'
  /** What shows when the design cannot be drawn (its product gone, or read nowhere). */
  undrawn: ReactNode
  /**
   * Called once the drawing is on the page or known not to come: the work sheet prints then, not
   * with an empty frame.
   */
  onSettled?: () => void
}

/**
 * The drawing of a queued line's design. The drawing is the configurator's and its data the
 * catalog's, features the back office may not import, so the queue's route gives it here
 * (routes/admin/queue.tsx) as a lazy component's render. None given (a test of the board alone):
 * the line's words stand alone.
 */
export const QueueDrawingContext = createContext<((props: QueueDrawingProps) => ReactNode) | null>(
  null,
)
