import { asc, eq } from 'drizzle-orm'
import { FamilyKey } from '../../contract/catalog.ts'
import { families } from '../../contract/families.ts'
import type {
  ProductionTime,
  ProductionTimeCategory,
  ProductionTimeForCategory,
} from '../../contract/production-time.ts'
import type { Database } from '../db/index.ts'
import { productionTimes } from '../db/schema.ts'

type ProductionTimeRow = typeof productionTimes.$inferSelect

function toCategory(row: ProductionTimeRow): ProductionTimeCategory {
  const category = FamilyKey.parse(row.category)
  return {
    category,
    title: families[category].title,
    weeks_min: row.weeksMin,
    weeks_max: row.weeksMax,
    note: row.note,
  }
}

/** Every category in the page's order, with the day the figures were last revised. */
export async function currentProductionTime(db: Database): Promise<ProductionTime> {
  const rows = await db.select().from(productionTimes).orderBy(asc(productionTimes.position))
  // The content file must list a category (contract/production-time.ts) and seeding runs at start.
  if (rows.length === 0) throw new Error('production_times is empty: the database is not seeded')
  return {
    updated_at: rows.map((row) => row.updatedAt).reduce((a, b) => (a > b ? a : b)),
    categories: rows.map(toCategory),
  }
}

/** One category, or undefined when it is not a family key or has no published figures. */
export async function productionTimeFor(
  db: Database,
  category: string,
): Promise<ProductionTimeForCategory | undefined> {
  const family = FamilyKey.safeParse(category)
  if (!family.success) return undefined
  const [row] = await db
    .select()
    .from(productionTimes)
    .where(eq(productionTimes.category, family.data))
  return row && { ...toCategory(row), updated_at: row.updatedAt }
}
