import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hash } from '@node-rs/argon2'
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ZodType, z } from 'zod'
import { ArchiveContent } from '../../contract/archive.ts'
import { ProductContent } from '../../contract/catalog.ts'
import { families } from '../../contract/families.ts'
import { ProductionTimeContent } from '../../contract/production-time.ts'
import type { Database } from './index.ts'
import { archiveImages, productionTimes, products, users, variants } from './schema.ts'

export const defaultContentDir = fileURLToPath(new URL('../../content/products', import.meta.url))
export const defaultArchiveDir = fileURLToPath(new URL('../../content/archive', import.meta.url))
export const defaultProductionTimeFile = fileURLToPath(
  new URL('../../content/production-time.json', import.meta.url),
)

/**
 * Product slugs `GET /api/product/{slug}` can never answer for, because a route registered
 * before it owns that path (server/app.ts).
 */
const reservedProductSlugs = new Set(['archive-image', 'production-time'])

/**
 * The demo shopper every fresh install has, so the store can be tried (and tested end to end)
 * without a sign-up. Created once; changing the password later is left alone.
 */
export const demoCustomer = {
  email: 'demo@example.com',
  password: 'flight-demo-2024',
  name: 'Demo Customer',
} as const

/** A content file that cannot be loaded; the message names the file and what is wrong. */
export class ContentError extends Error {
  override name = 'ContentError'
}

interface LoadedProduct {
  file: string
  content: ProductContent
}

/** Reads and validates every `<family>/<slug>.json` under the content directory. */
export async function loadProductContent(contentDir: string): Promise<ProductContent[]> {
  const files = (await readdir(contentDir, { recursive: true }))
    .filter((name) => name.endsWith('.json'))
    .sort()
  const loaded: LoadedProduct[] = []
  for (const name of files) {
    const file = path.join(contentDir, name)
    loaded.push({ file, content: parseProductFile(file, name, await readFile(file, 'utf8')) })
  }
  checkUniqueness(loaded)
  return loaded.map((item) => item.content)
}

/** A content file's JSON checked against its schema; the error names the file and each field. */
function parseContentFile<T extends ZodType>(file: string, text: string, schema: T): z.output<T> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON (${(error as Error).message})`)
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    )
    throw new ContentError(`${file}: ${problems.join('; ')}`)
  }
  return result.data
}

function parseProductFile(file: string, relative: string, text: string): ProductContent {
  const content = parseContentFile(file, text, ProductContent)
  const expected = path.join(content.family, `${content.slug}.json`)
  if (relative !== expected) {
    throw new ContentError(
      `${file}: slug and family say this product belongs in ${expected} (family folder, slug file name)`,
    )
  }
  return content
}

/**
 * `GET /api/product/{slug}` takes a product slug or a family key, so slugs must be unique across
 * families and differ from every family key; SKUs identify what is ordered, so they are unique.
 */
function checkUniqueness(loaded: LoadedProduct[]): void {
  const slugs = new Map<string, string>()
  const productSkus = new Map<string, string>()
  const variantSkus = new Map<string, string>()
  const claim = (owners: Map<string, string>, key: string, file: string, what: string) => {
    const owner = owners.get(key)
    if (owner) throw new ContentError(`${file}: ${what} "${key}" is already used by ${owner}`)
    owners.set(key, file)
  }
  for (const { file, content } of loaded) {
    if (Object.hasOwn(families, content.slug)) {
      throw new ContentError(`${file}: slug: "${content.slug}" is a family key`)
    }
    if (reservedProductSlugs.has(content.slug)) {
      throw new ContentError(`${file}: slug: "${content.slug}" is an API path of its own`)
    }
    claim(slugs, content.slug, file, 'slug')
    claim(productSkus, content.sku, file, 'sku')
    content.variants.forEach((variant, index) =>
      claim(variantSkus, variant.sku, file, `variants.${index}.sku`),
    )
  }
}

/**
 * An upsert's `DO UPDATE`: every column but the conflict target takes the incoming value, and
 * rows that would not change are not rewritten at all (no new row versions on every start).
 */
function updateFromExcluded<T extends PgTable>(table: T, target: PgColumn) {
  const set: Record<string, SQL> = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => column.name !== target.name)
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  )
  return { target, set, setWhere: sql`${table} is distinct from excluded` }
}

/**
 * Brings the catalogue in line with the content files, in one transaction: products and
 * variants are inserted or updated, variants dropped from a file are deleted, and products
 * whose file is gone become inactive (kept, because orders may refer to them). Running it
 * again with the same files changes nothing.
 */
export async function seedCatalog(db: Database, contentDir = defaultContentDir): Promise<void> {
  const catalog = await loadProductContent(contentDir)
  if (catalog.length === 0) throw new ContentError(`${contentDir}: no product files found`)

  const positions = new Map<string, number>()
  const productRows = catalog.map((product) => {
    const position = positions.get(product.family) ?? 0
    positions.set(product.family, position + 1)
    return {
      slug: product.slug,
      family: product.family,
      discipline: product.discipline ?? null,
      sku: product.sku,
      name: product.name,
      price: product.price,
      currency: product.currency,
      active: product.active,
      position,
      data: {
        summary: product.summary,
        description: product.description,
        lead_time_weeks: product.lead_time_weeks,
        configurable: product.configurable,
        configurator: product.configurator,
        sizes: product.sizes,
        colors: product.colors,
        specifications: product.specifications,
        images: product.images,
        manual: product.manual,
      },
    }
  })
  const variantRows = catalog.flatMap((product) =>
    product.variants.map((variant, position) => ({
      sku: variant.sku,
      productSlug: product.slug,
      name: variant.name,
      price: variant.price,
      inStock: variant.in_stock,
      position,
    })),
  )
  const slugs = productRows.map((row) => row.slug)
  const skus = variantRows.map((row) => row.sku)

  await db.transaction(async (tx) => {
    const clashes = await tx
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(
        and(
          inArray(
            products.sku,
            productRows.map((row) => row.sku),
          ),
          notInArray(products.slug, slugs),
        ),
      )
    if (clashes.length > 0) {
      const list = clashes.map((row) => `${row.sku} (product "${row.slug}")`).join(', ')
      throw new ContentError(`${contentDir}: SKUs already belong to retired products: ${list}`)
    }
    await tx
      .insert(products)
      .values(productRows)
      .onConflictDoUpdate(updateFromExcluded(products, products.slug))
    await tx
      .update(products)
      .set({ active: false })
      .where(and(notInArray(products.slug, slugs), eq(products.active, true)))
    await tx
      .insert(variants)
      .values(variantRows)
      .onConflictDoUpdate(updateFromExcluded(variants, variants.sku))
    await tx
      .delete(variants)
      .where(and(inArray(variants.productSlug, slugs), notInArray(variants.sku, skus)))
  })
}

/** An archive entry with the file it came from and its place there. */
export interface LoadedArchiveEntry {
  file: string
  index: number
  type: ArchiveContent['type']
  entry: ArchiveContent['entries'][number]
}

/** Reads and validates every `<type>.json` in the archive directory; ids are unique across them. */
export async function loadArchiveContent(archiveDir: string): Promise<LoadedArchiveEntry[]> {
  const files = (await readdir(archiveDir)).filter((name) => name.endsWith('.json')).sort()
  const loaded: LoadedArchiveEntry[] = []
  const ids = new Map<string, string>()
  for (const name of files) {
    const file = path.join(archiveDir, name)
    const content = parseContentFile(file, await readFile(file, 'utf8'), ArchiveContent)
    if (name !== `${content.type}.json`) {
      throw new ContentError(`${file}: type says these entries belong in ${content.type}.json`)
    }
    content.entries.forEach((entry, index) => {
      const owner = ids.get(entry.id)
      if (owner) {
        throw new ContentError(
          `${file}: entries.${index}.id "${entry.id}" is already used by ${owner}`,
        )
      }
      ids.set(entry.id, file)
      loaded.push({ file, index, type: content.type, entry })
    })
  }
  return loaded
}

/**
 * Brings the archive in line with its content files, in one transaction: entries are inserted
 * or updated and entries no longer in a file are deleted (nothing refers to them). Every entry
 * must name a product the catalogue has, retired ones included. Running it again changes nothing.
 */
export async function seedArchive(db: Database, archiveDir = defaultArchiveDir): Promise<void> {
  const loaded = await loadArchiveContent(archiveDir)
  const rows = loaded.map(({ type, index, entry }) => ({
    id: entry.id,
    type,
    productSlug: entry.product,
    src: entry.src,
    title: entry.title,
    alt: entry.alt,
    year: entry.year,
    pilot: entry.pilot,
    colors: entry.colors,
    position: index,
  }))

  await db.transaction(async (tx) => {
    const named = [...new Set(rows.map((row) => row.productSlug))]
    const found = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, named))
    const known = new Set(found.map((row) => row.slug))
    const unknown = loaded.filter(({ entry }) => !known.has(entry.product))
    if (unknown.length > 0) {
      const list = unknown
        .map(({ file, index, entry }) => `${file}: entries.${index}.product: "${entry.product}"`)
        .join('; ')
      throw new ContentError(`no product has this slug: ${list}`)
    }
    if (rows.length > 0) {
      await tx
        .insert(archiveImages)
        .values(rows)
        .onConflictDoUpdate(updateFromExcluded(archiveImages, archiveImages.id))
    }
    await tx.delete(archiveImages).where(
      notInArray(
        archiveImages.id,
        rows.map((row) => row.id),
      ),
    )
  })
}

/** Reads and validates the production time file; each category may appear once. */
export async function loadProductionTime(file: string): Promise<ProductionTimeContent> {
  const content = parseContentFile(file, await readFile(file, 'utf8'), ProductionTimeContent)
  const seen = new Set<string>()
  content.categories.forEach(({ category }, index) => {
    if (seen.has(category)) {
      throw new ContentError(`${file}: categories.${index}.category: "${category}" is listed twice`)
    }
    seen.add(category)
  })
  return content
}

/**
 * Brings the production times in line with their file, in one transaction: categories are
 * inserted or updated, categories no longer listed are deleted. Running it again changes nothing.
 */
export async function seedProductionTime(
  db: Database,
  file = defaultProductionTimeFile,
): Promise<void> {
  const content = await loadProductionTime(file)
  const rows = content.categories.map((entry, position) => ({
    category: entry.category,
    weeksMin: entry.weeks_min,
    weeksMax: entry.weeks_max,
    note: entry.note,
    updatedAt: content.updated_at,
    position,
  }))
  await db.transaction(async (tx) => {
    await tx
      .insert(productionTimes)
      .values(rows)
      .onConflictDoUpdate(updateFromExcluded(productionTimes, productionTimes.category))
    await tx.delete(productionTimes).where(
      notInArray(
        productionTimes.category,
        rows.map((row) => row.category),
      ),
    )
  })
}

/** Creates the demo customer unless that e-mail address is already taken. */
export async function seedDemoCustomer(db: Database): Promise<void> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoCustomer.email))
  if (existing.length > 0) return
  await db
    .insert(users)
    .values({
      email: demoCustomer.email,
      passwordHash: await hash(demoCustomer.password),
      name: demoCustomer.name,
      role: 'customer',
    })
    .onConflictDoNothing({ target: users.email })
}

export interface SeedOptions {
  /** The product files (content/products). */
  contentDir?: string
  /** The archive files (content/archive). */
  archiveDir?: string
  /** The production time file (content/production-time.json). */
  productionTimeFile?: string
  /** The demo customer has a published password: only for local demos and tests. */
  demoAccounts?: boolean
}

export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await seedCatalog(db, options.contentDir ?? defaultContentDir)
  // After the catalogue: archive entries name its products.
  await seedArchive(db, options.archiveDir ?? defaultArchiveDir)
  await seedProductionTime(db, options.productionTimeFile ?? defaultProductionTimeFile)
  if (options.demoAccounts) await seedDemoCustomer(db)
}
