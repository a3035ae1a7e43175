import { useId } from 'react'
import { drawingPaint, paletteHex } from '../drawing-paint.ts'
import type { DraftContext, OrderDraft } from '../model.ts'
import { PatternDefs } from './pattern-defs.tsx'
import { SuitDrawing } from './suit-drawing.tsx'

interface PaintedSuitProps {
  draft: OrderDraft
  context: DraftContext
  title: string
  className: string
  onRegionClick?: (regionId: string) => void
}

/** The product's drawing painted as the draft says (drawing-paint.ts), pattern included. */
export function PaintedSuit({ draft, context, title, className, onRegionClick }: PaintedSuitProps) {
  // Each drawing defines its own pattern: the preview and the designer are on screen together.
  const patternId = `${useId().replace(/\W/g, '')}-pattern`
  const paint = drawingPaint(draft, context, patternId)
  return (
    <SuitDrawing
      drawing={context.product.configurator.drawing}
      fills={paint.fills}
      parts={paint.parts}
      accent={paint.accent}
      defs={
        paint.pattern ? (
          <PatternDefs id={patternId} edit={paint.pattern} hexOf={paletteHex(context.palette)} />
        ) : undefined
      }
      onRegionClick={onRegionClick}
      title={title}
      className={className}
    />
  )
}
