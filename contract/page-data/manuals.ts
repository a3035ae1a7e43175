import type { ProductLink } from './product-link.ts'

/* The data files of `/manuals` (every manual by product family) and `/manuals/{slug}`. */

export interface ManualListItem {
  slug: string
  title: string
  summary: string
}

export interface ManualsIndexData {
  /** Families in the store's order, each with the manuals whose first product it holds. */
  groups: { family: string; title: string; manuals: ManualListItem[] }[]
}

export interface ManualData {
  slug: string
  title: string
  summary: string
  /** `YYYY-MM-DD`. */
  updated: string
  products: ProductLink[]
  /** The `##` headings; each id is the id of that heading in `html`. */
  sections: { id: string; title: string }[]
  html: string
}
