import type { ProductLink } from './product-link.ts'

/* The data file of each marketing page, `/<slug>` for every content/pages/<slug>.md. */

export interface MarketingPageData {
  slug: string
  title: string
  /** The meta description, also shown as the page's lead. */
  description: string
  hero: { src: string; alt: string } | null
  /** The rendered markdown body. */
  html: string
  products: ProductLink[]
}
