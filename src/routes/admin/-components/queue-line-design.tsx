import { useEffect, useMemo } from 'react'
import type { QueueLine } from '../../../features/back-office/api/queue.ts'
import type { QueueDrawingProps } from '../../../features/back-office/components/queue/drawing-slot.ts'
import { PaintedSuit } from '../../../features/configurator/components/painted-suit.tsx'
import type { OrderedDesign } from '../../../features/configurator/payload.ts'
import { useOrderedDesign } from '../../-components/use-ordered-design.ts'

/** The product's slug: the last part of the line's product page (`/wingsuits/corvid-2`). */
function slugOfProductPath(path: string): string {
  return path.split('/').filter(Boolean).at(-1) ?? ''
}

/** The design as the cart holds it: the line's choices and its upgrades' (a super custom pattern). */
function orderedDesignOf(line: QueueLine): OrderedDesign {
  return {
    sku: line.sku,
    qty: line.qty,
    meta: line.meta,
    child: line.children.map((child) => ({ sku: child.sku, meta: child.meta })),
  }
}

/**
 * A queued line's design, as the configurator draws it (use-ordered-design.ts, as the cart's
 * lines are drawn). Nothing shows while the product and palette load; a line whose product cannot
 * draw it shows `undrawn`. Decorative: the card's words describe the design.
 */
export default function QueueLineDesign({ line, size, undrawn, onSettled }: QueueDrawingProps) {
  const design = useMemo(() => orderedDesignOf(line), [line])
  const { context, draft, unreadable } = useOrderedDesign(
    slugOfProductPath(line.productPath),
    design,
  )
  const settled = draft !== null || unreadable
  useEffect(() => {
    if (settled) onSettled?.()
  }, [settled, onSettled])

  if (!context || !draft) return unreadable ? undrawn : null
  return (
    <span aria-hidden="true" data-testid="queue-line-design">
      <PaintedSuit
        draft={draft}
        context={context}
        title={`${line.name} as ordered`}
        className={`queue-drawing-svg queue-drawing-svg-${size}`}
      />
    </span>
  )
}
