/**
 * How a draft is painted on its drawing: the paint of every region half, the parts drawn, the
 * accent's trim and the custom pattern. Pure (no React), so the preview and the designer paint
 * alike and every rule is unit-tested; components/painted-suit.tsx turns it into SVG.
 */
import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import { decodeEditState, type PatternEdit } from './edit-state.ts'
import { regionColor, type DraftContext, type OrderDraft } from './model.ts'

/** The paint of a palette id the palette does not have (a colour since retired). */
export const unknownColorHex = '#9ca3af'

/** The hex colour of each palette id, looked up in one map. */
export function paletteHex(palette: readonly PaletteSwatch[]): (colorId: string) => string {
  const hex = new Map(palette.map((swatch) => [swatch.id, swatch.hex]))
  return (colorId) => hex.get(colorId) ?? unknownColorHex
}

export interface DrawingPaint {
  /**
   * Paint per region half, keyed `${regionId}-l` and `${regionId}-r` as the drawing names them:
   * a hex colour, or `url(#patternId)` on the regions a custom pattern covers.
   */
  fills: Record<string, string>
  /** Drawing parts shown: the product's standard parts with the chosen options' changes. */
  parts: ReadonlySet<string>
  /** The chosen accent's trim colour; null for no accent (the trim wears its region's paint). */
  accent: string | null
  /** The pattern to define as `patternId`, while a custom design draws one. */
  pattern: PatternEdit | null
}

/**
 * The drawing of a draft. Each half gets its region's colour (the customer's, else the
 * region's default; halves apart only on an asymmetric design). A custom design (super custom or
 * super duper custom) with a readable pattern other than 'none' fills the regions it covers with
 * `url(#patternId)`. Cloud lite is a fabric, not a colour: it paints nothing.
 */
export function drawingPaint(
  draft: OrderDraft,
  context: DraftContext,
  patternId: string,
): DrawingPaint {
  const { configurator } = context.product
  const hexOf = paletteHex(context.palette)
  const edit =
    draft.isSuperCustom || draft.isSuperDuperCustom ? decodeEditState(draft.editState) : null
  const pattern = edit && edit.pattern !== 'none' ? edit : null
  const fills: Record<string, string> = {}
  for (const region of configurator.regions) {
    const patterned = pattern?.targets.includes(region.id) ?? false
    for (const side of ['l', 'r'] as const)
      fills[`${region.id}-${side}`] = patterned
        ? `url(#${patternId})`
        : hexOf(regionColor(draft, region, side))
  }
  const accent = configurator.accents.find((a) => a.key === draft.orderAccent)
  return {
    fills,
    parts: new Set(draft.svgIdsToShow),
    accent: accent ? hexOf(accent.color) : null,
    pattern,
  }
}
