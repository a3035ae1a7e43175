import type { MarketingPageData } from '../../../contract/page-data/pages.ts'
import { productLinks } from './product-links.ts'
import type { PageDataSource } from './types.ts'

/** `/<slug>` for every marketing page under content/pages/. */
export const marketingPages: PageDataSource = (content) =>
  content.pages.map((page) => {
    const data: MarketingPageData = {
      slug: page.slug,
      title: page.title,
      description: page.description,
      hero: page.hero ?? null,
      html: page.html,
      products: productLinks(content, page.products),
    }
    return { path: `/${page.slug}`, component: 'marketing-page', data }
  })
