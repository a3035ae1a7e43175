/**
 * The data file of `/store` (scripts/build/page-data/catalog.ts): what the catalog pages need from
 * content/ that the API does not serve. The palette names and paints the colour ids that
 * products and archive suits carry.
 */
export interface PaletteSwatch {
  /** The palette id products list in `colors`, e.g. `n4D`. */
  id: string
  name: string
  /** `#rrggbb`. */
  hex: string
  /** standard, fluoro or metallic: the configurator adds a surcharge for some types. */
  type: string
}

export interface StorePageData {
  palette: PaletteSwatch[]
}
