import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { ArchiveImage, ArchiveImagePage, ArchiveType } from '../../contract/archive.ts'
import { FamilyKey } from '../../contract/catalog.ts'
import type { Database } from '../db/index.ts'
import { archiveImages, products } from '../db/schema.ts'

export interface ArchiveQuery {
  /** A family key (`wingsuits`) or a product slug (`corvid-2`). */
  category?: string | undefined
  type?: ArchiveType | undefined
  page: number
  perPage: number
}

function categoryFilter(category: string | undefined): SQL | undefined {
  if (category === undefined) return undefined
  const family = FamilyKey.safeParse(category)
  return family.success ? eq(products.family, family.data) : eq(archiveImages.productSlug, category)
}

/**
 * One page of the archive, newest year first and in the owner's order within a year. A category
 * that is neither a family key nor a product slug simply matches nothing.
 */
export async function listArchiveImages(
  db: Database,
  query: ArchiveQuery,
): Promise<ArchiveImagePage> {
  const where = and(
    categoryFilter(query.category),
    query.type && eq(archiveImages.type, query.type),
  )
  const [counted] = await db
    .select({ total: count() })
    .from(archiveImages)
    .innerJoin(products, eq(products.slug, archiveImages.productSlug))
    .where(where)
  const total = counted?.total ?? 0
  const rows = await db
    .select({
      image: archiveImages,
      family: products.family,
      productName: products.name,
    })
    .from(archiveImages)
    .innerJoin(products, eq(products.slug, archiveImages.productSlug))
    .where(where)
    .orderBy(desc(archiveImages.year), asc(archiveImages.position), asc(archiveImages.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  return {
    data: rows.map(({ image, family, productName }): ArchiveImage => ({
      id: image.id,
      src: image.src,
      title: image.title,
      alt: image.alt,
      type: image.type,
      category: FamilyKey.parse(family),
      product_slug: image.productSlug,
      product_name: productName,
      year: image.year,
      pilot: image.pilot,
      colors: image.colors,
    })),
    meta: {
      page: query.page,
      per_page: query.perPage,
      total,
      total_pages: Math.ceil(total / query.perPage),
    },
  }
}
