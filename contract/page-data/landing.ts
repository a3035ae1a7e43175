import type { ProductLink } from './product-link.ts'

/* The data file of each landing page, `/landing/<slug>` for every content/landing/<slug>.md. */

/** A call to action: a button that leads to a page of the store. */
export interface CallToAction {
  label: string
  href: string
}

/** A product a landing page features, with what its card shows. */
export interface LandingProduct extends ProductLink {
  summary: string
  image: { src: string; alt: string } | null
}

export interface LandingPageData {
  slug: string
  title: string
  /** The meta description. */
  description: string
  hero: {
    /** The line under the title. */
    lead: string
    image: { src: string; alt: string }
    cta: CallToAction
  }
  /** The rendered markdown body: the page's sections, each under a `##` heading. */
  html: string
  products: LandingProduct[]
  /** The closing call to action, after the products. */
  cta: CallToAction
}
