import { productPath } from '../../../contract/families.ts'
import type { LandingPageData, LandingProduct } from '../../../contract/page-data/landing.ts'
import type { Content } from '../../../server/content/load.ts'
import type { PageDataSource } from './types.ts'

/** The products a landing page features, in the order written, each with what its card shows. */
function landingProducts(content: Content, slugs: string[]): LandingProduct[] {
  return slugs.flatMap((slug) => {
    const product = content.products.find((p) => p.slug === slug)
    // The loader refuses a retired product here; this keeps its page from linking to a 404.
    if (!product?.active) return []
    return [
      {
        name: product.name,
        path: productPath(product),
        summary: product.summary,
        image: product.images[0] ?? null,
      },
    ]
  })
}

/** `/landing/<slug>` for every campaign under content/landing/. */
export const landingPages: PageDataSource = (content) =>
  content.landing.map((page) => {
    const data: LandingPageData = {
      slug: page.slug,
      title: page.title,
      description: page.description,
      hero: page.hero,
      html: page.html,
      products: landingProducts(content, page.products),
      cta: page.cta,
    }
    return { path: `/landing/${page.slug}`, component: 'landing-page', data }
  })
