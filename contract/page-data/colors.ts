/* The data file of `/colors`: the fabric palette, grouped by type in the owner's order. */

export type ColorType = 'standard' | 'fluoro' | 'metallic'

export interface ColorSwatch {
  /** The palette id products and orders carry, e.g. `n4D`. */
  id: string
  name: string
  /** `#rrggbb`. */
  hex: string
  type: ColorType
}

export interface ColorsPageData {
  groups: { type: ColorType; title: string; colors: ColorSwatch[] }[]
}
