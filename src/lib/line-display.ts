/**
 * What the page knows of a product when it adds it to the cart, to show the line before the
 * server has priced it: the configurator composes it, the cart shows it.
 */
export interface LineDisplay {
  name: string
  productSlug: string
  productPath: string
  variantName: string | null
  image: string | null
  /** One item, every addition of its configuration included (the configurator's own pricing). */
  unitPrice: number
  currency: string
  summary: string[]
}
