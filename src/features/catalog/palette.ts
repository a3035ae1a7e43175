import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'

export type PaletteIndex = ReadonlyMap<string, PaletteSwatch>

export function indexPalette(palette: readonly PaletteSwatch[]): PaletteIndex {
  return new Map(palette.map((swatch) => [swatch.id, swatch]))
}

/** A colour the palette does not know (yet) still shows, by its id, in neutral grey. */
export function swatchOf(index: PaletteIndex, id: string): PaletteSwatch {
  return index.get(id) ?? { id, name: id, hex: '#9ca3af', type: 'standard' }
}
