import { Overlay } from './overlays.tsx'
import { PaintedSuit } from './painted-suit.tsx'
import { PatternEditor } from './pattern-editor.tsx'
import type { DraftSectionProps } from './section-props.ts'

interface DesignerOverlayProps extends DraftSectionProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The super custom designer: the pattern editor beside a live drawing of the suit. */
export function DesignerOverlay({
  draft,
  context,
  dispatch,
  open,
  onOpenChange,
}: DesignerOverlayProps) {
  const { product, palette } = context
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      title="Super custom designer"
      description="Lay out the pattern: it is drawn on the suit as you change it."
      wide
    >
      <div className="designer">
        <PaintedSuit
          draft={draft}
          context={context}
          title={`${product.name} with your pattern`}
          className="designer-drawing"
        />
        <PatternEditor
          value={draft.editState}
          onChange={(editState) => dispatch({ type: 'setEditState', editState })}
          regions={product.configurator.regions}
          palette={palette}
        />
      </div>
    </Overlay>
  )
}
