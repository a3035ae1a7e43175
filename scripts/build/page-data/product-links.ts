import { productPath } from '../../../contract/families.ts'
import type { ProductLink } from '../../../contract/page-data/product-link.ts'
import type { Content } from '../../../server/content/load.ts'

/**
 * The products behind the slugs an article or manual mentions, in the order written. Products
 * taken off sale are left out: their pages are not published, so a link would lead to a 404.
 */
export function productLinks(content: Content, slugs: string[]): ProductLink[] {
  return slugs.flatMap((slug) => {
    const product = content.products.find((p) => p.slug === slug)
    return product?.active ? [{ name: product.name, path: productPath(product) }] : []
  })
}
