import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import { Discipline, FamilyKey, type Product } from '../../contract/catalog.ts'
import { productPath, type FamilyKey as Family } from '../../contract/families.ts'
import type { Database } from '../db/index.ts'
import { catalogVersion, products, variants } from '../db/schema.ts'

type ProductRow = typeof products.$inferSelect
type VariantRow = typeof variants.$inferSelect

export interface CatalogFilter {
  /** Also return retired products (`active=0`). */
  includeInactive: boolean
}

/** Family and discipline as the contract types them, and the page path they give. */
function placeOf(row: Pick<ProductRow, 'slug' | 'family' | 'discipline'>) {
  const family = FamilyKey.parse(row.family)
  const discipline = row.discipline === null ? null : Discipline.parse(row.discipline)
  return { family, discipline, path: productPath({ slug: row.slug, family, discipline }) }
}

function toProduct(row: ProductRow, variantRows: VariantRow[]): Product {
  const { family, discipline, path } = placeOf(row)
  // A retired product's row may predate configurators: with none, it cannot be configured.
  const configurator = row.data.configurator ?? null
  return {
    slug: row.slug,
    family,
    discipline,
    sku: row.sku,
    name: row.name,
    summary: row.data.summary,
    description: row.data.description,
    price: row.price,
    currency: row.currency,
    lead_time_weeks: row.data.lead_time_weeks,
    // A retired product's row may predate weights: 0, it adds nothing to a parcel.
    weight_grams: row.data.weight_grams ?? 0,
    // Likewise the waiver: such a product is no longer sold, so nothing asks it.
    requires_waiver: row.data.requires_waiver ?? false,
    active: row.active,
    configurable: row.data.configurable && configurator !== null,
    configurator,
    sizes: row.data.sizes,
    colors: row.data.colors,
    specifications: row.data.specifications,
    images: row.data.images,
    manual: row.data.manual,
    variants: variantRows.map((variant) => ({
      sku: variant.sku,
      name: variant.name,
      price: variant.price,
      in_stock: variant.inStock,
    })),
    path,
  }
}

async function findProducts(db: Database, where: SQL | undefined): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.position), asc(products.slug))
  if (rows.length === 0) return []
  const variantRows = await db
    .select()
    .from(variants)
    .where(
      inArray(
        variants.productSlug,
        rows.map((row) => row.slug),
      ),
    )
    .orderBy(asc(variants.position))
  return rows.map((row) =>
    toProduct(
      row,
      variantRows.filter((variant) => variant.productSlug === row.slug),
    ),
  )
}

function activeOnly(filter: CatalogFilter): SQL | undefined {
  return filter.includeInactive ? undefined : eq(products.active, true)
}

export function listFamily(db: Database, family: Family, filter: CatalogFilter) {
  return findProducts(db, and(eq(products.family, family), activeOnly(filter)))
}

/** The whole catalog, retired products included, in listing order (position, then slug). */
export function loadCatalog(db: Database): Promise<Product[]> {
  return findProducts(db, undefined)
}

/** The catalog version the trigger of migration 0003 raises on every catalog write. */
export async function catalogVersionOf(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion)
  return row?.version ?? 0
}
