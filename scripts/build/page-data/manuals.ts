import { families, familyKeys } from '../../../contract/families.ts'
import type { ManualData, ManualsIndexData } from '../../../contract/page-data/manuals.ts'
import { productLinks } from './product-links.ts'
import type { PageDataSource } from './types.ts'

/**
 * `/manuals`: every manual under the family of the first product it covers, families in the
 * store's order (a manual covering several families is listed once, where it mainly belongs).
 */
export const manualsIndexPage: PageDataSource = (content) => {
  const familyOf = (slug: string | undefined) =>
    content.products.find((p) => p.slug === slug)?.family
  const data: ManualsIndexData = {
    groups: familyKeys
      .map((family) => ({
        family,
        title: families[family].title,
        manuals: content.manuals
          .filter((manual) => familyOf(manual.products[0]) === family)
          .map(({ slug, title, summary }) => ({ slug, title, summary })),
      }))
      .filter((group) => group.manuals.length > 0),
  }
  return [{ path: '/manuals', component: 'manuals-index', data }]
}

/** `/manuals/{slug}`: every manual, its table of contents taken from its `##` headings. */
export const manualPages: PageDataSource = (content) =>
  content.manuals.map((manual) => {
    const data: ManualData = {
      slug: manual.slug,
      title: manual.title,
      summary: manual.summary,
      updated: manual.updated,
      products: productLinks(content, manual.products),
      sections: manual.sections,
      html: manual.html,
    }
    return { path: `/manuals/${manual.slug}`, component: 'manual', data }
  })
