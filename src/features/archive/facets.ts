import type { FamilyKey } from '../../../contract/families.ts'

interface Tagged {
  category: FamilyKey
  productSlug: string
  productName: string
}

export interface ArchiveProductFacet {
  slug: string
  name: string
  count: number
}

export interface ArchiveCategoryFacet {
  category: FamilyKey
  count: number
  products: ArchiveProductFacet[]
}

/**
 * The choices of the archive's filter: each category with its suits' products, with how many
 * pictures each holds, in the order the archive first shows them.
 */
export function archiveFacets(images: readonly Tagged[]): ArchiveCategoryFacet[] {
  const categories = new Map<FamilyKey, ArchiveCategoryFacet>()
  for (const image of images) {
    let category = categories.get(image.category)
    if (!category) {
      category = { category: image.category, count: 0, products: [] }
      categories.set(image.category, category)
    }
    category.count++
    const product = category.products.find((p) => p.slug === image.productSlug)
    if (product) product.count++
    else category.products.push({ slug: image.productSlug, name: image.productName, count: 1 })
  }
  return [...categories.values()]
}
