import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hash } from '@node-rs/argon2'
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { ProductContent } from '../../contract/catalog.ts'
import { families } from '../../contract/families.ts'
import type { Database } from './index.ts'
import { products, users, variants } from './schema.ts'

export const defaultContentDir = fileURLToPath(new URL('../../content/products', import.meta.url))

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

function parseProductFile(file: string, relative: string, text: string): ProductContent {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON (${(error as Error).message})`)
  }
  const result = ProductContent.safeParse(json)
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    )
    throw new ContentError(`${file}: ${problems.join('; ')}`)
  }
  const content = result.data
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
  contentDir?: string
  /** The demo customer has a published password: only for local demos and tests. */
  demoAccounts?: boolean
}

export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await seedCatalog(db, options.contentDir ?? defaultContentDir)
  if (options.demoAccounts) await seedDemoCustomer(db)
}
