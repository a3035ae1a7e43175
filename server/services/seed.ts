import { hash } from '@node-rs/argon2'
import { and, getTableColumns, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ArchiveContent } from '../../contract/archive.ts'
import type { ProductContent } from '../../contract/catalog.ts'
import type { ProductionTimeContent } from '../../contract/production-time.ts'
import type { ShippingRateTable } from '../../contract/shipping.ts'
import type { Role } from '../../contract/user.ts'
import type { Waiver } from '../../contract/waiver.ts'
import { ContentError, loadContent, type Content } from '../content/load.ts'
import type { Logger } from '../log.ts'
import type { Database } from '../db/index.ts'
import { seedDealerDirectory, seedDemoDealer } from './dealers.ts'
import type { Coach, PaletteColor } from '../../contract/content.ts'
import {
  addresses,
  archiveImages,
  coaches,
  discountCodes,
  paletteColors,
  productionTimes,
  products,
  shippingRates,
  users,
  variants,
  waivers,
} from '../db/schema.ts'

/*
 * The database writes that bring the catalogue, the archive and the production times in line
 * with content/. Reading and checking the files is the content loader's (server/content/load.ts);
 * what reaches these functions has passed its check.
 */

/** The password of every demo account: published in the README, so only for demos and tests. */
export const demoPassword = 'flyfast-demo'

/**
 * The accounts `DEMO_ACCOUNTS=true` creates, one per role, so the store can be tried (and tested
 * end to end) without a sign-up. Created once; later changes to them are left alone.
 */
export const demoAccounts = [
  { email: 'customer@example.com', name: 'Casey Customer', role: 'customer' },
  { email: 'dealer@example.com', name: 'Dana Dealer', role: 'dealer' },
  { email: 'admin@example.com', name: 'Alex Admin', role: 'admin' },
] as const satisfies readonly { email: string; name: string; role: Role }[]

/** Said at every start while DEMO_ACCOUNTS is on, so a deployment cannot miss it. */
export function warnAboutDemoAccounts(logger: Logger) {
  logger.warn(
    { accounts: demoAccounts.map((account) => account.email) },
    'DEMO_ACCOUNTS is on: demo accounts with a published password are active',
  )
}

/** The demo customer's saved address. */
const demoAddress = {
  name: 'Casey Customer',
  line1: '1 Drop Zone Road',
  city: 'Eloy',
  region: 'AZ',
  postalCode: '85131',
  country: 'US',
  phone: '+1 520 555 0100',
  isDefault: true,
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

interface SyncOptions<T extends PgTable> {
  /** Only rows that match count as missing (the variants of the products being written). */
  among?: SQL
  /**
   * Missing rows are given these values instead of being deleted (products are retired: orders
   * may name them). Rows that already have them are left alone.
   */
  retire?: Partial<T['$inferInsert']>
}

/**
 * Makes `table` hold `rows`: each is inserted, or updated where it differs (`key` tells which
 * row is which; unchanged rows are not rewritten, so no new row versions on every start), and
 * rows whose key is not among them are deleted or retired. Running it again changes nothing.
 */
async function upsertAndRemoveMissing<T extends PgTable>(
  tx: Transaction,
  table: T,
  key: PgColumn,
  rows: T['$inferInsert'][],
  options: SyncOptions<T> = {},
): Promise<void> {
  const columns = Object.entries(getTableColumns(table))
  const keyField = columns.find(([, column]) => column === key)?.[0]
  if (!keyField) throw new Error(`${key.name} is not a column of this table`)
  if (rows.length > 0) {
    const set: Record<string, SQL> = Object.fromEntries(
      columns
        .filter(([, column]) => column !== key)
        .map(([field, column]) => [field, sql.raw(`excluded."${column.name}"`)]),
    )
    await tx
      .insert(table)
      .values(rows)
      .onConflictDoUpdate({ target: key, set, setWhere: sql`${table} is distinct from excluded` })
  }
  const keys = rows.map((row) => (row as Record<string, unknown>)[keyField])
  const missing = and(keys.length > 0 ? notInArray(key, keys) : undefined, options.among)
  if (!options.retire) {
    await tx.delete(table).where(missing)
    return
  }
  const columnOf = new Map(columns)
  const differs = Object.entries(options.retire).map(
    ([field, value]) => sql`${columnOf.get(field)} is distinct from ${value}`,
  )
  await tx
    .update(table)
    .set(options.retire)
    .where(and(missing, or(...differs)))
}

/**
 * The catalogue, in one transaction: products and variants are inserted or updated, variants
 * dropped from a file are deleted, and products whose file is gone become inactive (kept,
 * because orders may refer to them).
 */
export async function seedCatalog(db: Database, catalog: ProductContent[]): Promise<void> {
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
        weight_grams: product.weight_grams,
        requires_waiver: product.requires_waiver,
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

  await db.transaction(async (tx) => {
    // A product whose file is gone keeps its row, and with it its SKU: the content cannot
    // know that, the database can.
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
      throw new ContentError(
        clashes.map((row) => {
          const product = catalog.find((p) => p.sku === row.sku)!
          return {
            file: `content/products/${product.family}/${product.slug}.json`,
            field: 'sku',
            message: `"${row.sku}" belongs to the retired product "${row.slug}" in the database`,
          }
        }),
      )
    }
    await upsertAndRemoveMissing(tx, products, products.slug, productRows, {
      retire: { active: false },
    })
    await upsertAndRemoveMissing(tx, variants, variants.sku, variantRows, {
      among: inArray(variants.productSlug, slugs),
    })
  })
}

/**
 * The archive, in one transaction: entries are inserted or updated and entries no longer in a
 * file are deleted (nothing refers to them). Every entry names a product of the catalogue, so the
 * catalogue is written first.
 */
export async function seedArchive(db: Database, archive: ArchiveContent[]): Promise<void> {
  const rows = archive.flatMap(({ type, entries }) =>
    entries.map((entry, position) => ({
      id: entry.id,
      type,
      productSlug: entry.product,
      src: entry.src,
      title: entry.title,
      alt: entry.alt,
      year: entry.year,
      pilot: entry.pilot,
      colors: entry.colors,
      position,
    })),
  )
  await db.transaction((tx) => upsertAndRemoveMissing(tx, archiveImages, archiveImages.id, rows))
}

/** The production times, in one transaction: categories no longer listed are deleted. */
export async function seedProductionTime(
  db: Database,
  content: ProductionTimeContent,
): Promise<void> {
  const rows = content.categories.map((entry, position) => ({
    category: entry.category,
    weeksMin: entry.weeks_min,
    weeksMax: entry.weeks_max,
    note: entry.note,
    updatedAt: content.updated_at,
    position,
  }))
  await db.transaction((tx) =>
    upsertAndRemoveMissing(tx, productionTimes, productionTimes.category, rows),
  )
}

/** The palette, in one transaction: colours no longer listed are deleted. */
export async function seedPalette(db: Database, palette: PaletteColor[]): Promise<void> {
  const rows = palette.map(({ id, name, hex, type }) => ({ id, name, hex, type }))
  await db.transaction((tx) => upsertAndRemoveMissing(tx, paletteColors, paletteColors.id, rows))
}

/** The rate table (content/shipping-rates.json), the one row every API process quotes from. */
export async function seedShippingRates(db: Database, rates: ShippingRateTable): Promise<void> {
  await db
    .insert(shippingRates)
    .values({ id: true, rates })
    .onConflictDoUpdate({ target: shippingRates.id, set: { rates, updatedAt: sql`now()` } })
}

/**
 * The waiver's versions, in one transaction: each is inserted or updated (a typo mended in place
 * keeps its signatures; a change that needs new ones is a new version), and a version whose file
 * is gone is kept inactive, because signatures name it.
 */
export async function seedWaivers(db: Database, list: Waiver[]): Promise<void> {
  const rows = list.map(({ version, date, title, html, text }) => ({
    version,
    date,
    title,
    html,
    text,
    active: true,
  }))
  await db.transaction((tx) =>
    upsertAndRemoveMissing(tx, waivers, waivers.version, rows, { retire: { active: false } }),
  )
}

/**
 * The coaches a visitor can write to, with the address their contact form is mailed to. A coach
 * whose file is gone is kept inactive: the form answers 404 for them.
 */
export async function seedCoaches(db: Database, list: Coach[]): Promise<void> {
  const rows = list.map(({ slug, name, email }) => ({ slug, name, email, active: true }))
  await db.transaction((tx) =>
    upsertAndRemoveMissing(tx, coaches, coaches.slug, rows, { retire: { active: false } }),
  )
}

/**
 * The discount codes the store's own pages announce. SPRING is the spring wingsuit sale
 * (content/landing/spring-wingsuit-sale.md): ten percent off every wingsuit "before the end of
 * May", off the suit itself and not its upgrades, not combined with other offers. The page names
 * no year; the next end of May from this release is 2027's.
 */
export const announcedDiscountCodes = [
  {
    code: 'SPRING',
    description: 'Spring wingsuit sale: 10 % off wingsuits',
    kind: 'percent' as const,
    value: 10,
    expiresAt: new Date('2027-06-01T00:00:00Z'),
    usageLimit: null,
    productFamilies: ['wingsuits'],
    productSlugs: [],
    excludesUpgrades: true,
    combinable: false,
  },
]

/** Inserts or updates the announced codes; their use count is the orders', left alone. */
export async function seedDiscountCodes(db: Database): Promise<void> {
  for (const code of announcedDiscountCodes) {
    const terms = { ...code, code: undefined }
    await db
      .insert(discountCodes)
      .values(code)
      .onConflictDoUpdate({
        target: discountCodes.code,
        set: terms,
        setWhere: sql`(${discountCodes.description}, ${discountCodes.kind}, ${discountCodes.value}, ${discountCodes.expiresAt}, ${discountCodes.usageLimit}, ${discountCodes.productFamilies}, ${discountCodes.productSlugs}, ${discountCodes.excludesUpgrades}, ${discountCodes.combinable}) is distinct from (excluded.description, excluded.kind, excluded.value, excluded.expires_at, excluded.usage_limit, excluded.product_families, excluded.product_slugs, excluded.excludes_upgrades, excluded.combinable)`,
      })
  }
}

/** Creates each demo account whose e-mail address is not taken yet (the customer with an address). */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const passwordHash = await hash(demoPassword)
  for (const account of demoAccounts) {
    const [created] = await db
      .insert(users)
      .values({ ...account, passwordHash, emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (created && account.role === 'customer') {
      await db.insert(addresses).values({ ...demoAddress, userId: created.id })
    }
  }
}

export interface SeedOptions {
  /** Content already loaded (the prerender has it); by default content/ is loaded and checked. */
  content?: Content
  /** The demo accounts have a published password: only for local demos and tests. */
  demoAccounts?: boolean
}

/** Brings the database in line with content/; a content problem throws a ContentError first. */
export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  const content = options.content ?? (await loadContent())
  await seedCatalog(db, content.products)
  // After the catalogue: archive entries name its products.
  await seedArchive(db, content.archive)
  await seedProductionTime(db, content.productionTime)
  await seedPalette(db, content.palette)
  await seedShippingRates(db, content.shippingRates)
  await seedWaivers(db, content.waivers)
  await seedCoaches(db, content.coaches)
  await seedDiscountCodes(db)
  await seedDealerDirectory(db, content.dealers)
  if (options.demoAccounts) {
    await seedDemoAccounts(db)
    // After the accounts and the directory: the demo dealer, its customers, orders and balance.
    await seedDemoDealer(db)
  }
}
