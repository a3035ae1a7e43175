import { verify } from '@node-rs/argon2'
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reservedProductSlugs } from '../../contract/families.ts'
import { type Content, ContentError, loadContent } from '../content/load.ts'
import { createTestApp, openTestDatabase } from '../testing/test-helpers.ts'
import type { Database, OpenDatabase } from '../db/index.ts'
import {
  addresses,
  archiveImages,
  productionTimes,
  products,
  users,
  variants,
} from '../db/schema.ts'
import { createLogger } from '../log.ts'
import {
  seed,
  seedArchive,
  seedCatalog,
  seedProductionTime,
  warnAboutDemoAccounts,
} from './seed.ts'

let database: OpenDatabase
/** content/ as the loader gives it; each test writes a changed copy and seeds it back. */
let content: Content

beforeAll(async () => {
  database = await openTestDatabase()
  content = await loadContent()
})
afterAll(() => database.close())

async function snapshot(db: Database) {
  return {
    products: await db.select().from(products).orderBy(asc(products.slug)),
    variants: await db.select().from(variants).orderBy(asc(variants.sku)),
    users: await db.select().from(users).orderBy(asc(users.email)),
    archiveImages: await db.select().from(archiveImages).orderBy(asc(archiveImages.id)),
    productionTimes: await db.select().from(productionTimes).orderBy(asc(productionTimes.category)),
  }
}

type SeededTable = typeof products | typeof variants | typeof archiveImages | typeof productionTimes

/** Each row's version: an upsert that rewrote a row unchanged would give it a new one. */
async function rowVersions(db: Database, table: SeededTable) {
  const rows = await db
    .select({ xmin: sql<string>`xmin::text` })
    .from(table)
    .orderBy(sql`1`)
  return rows.map((row) => row.xmin)
}

const product = (slug: string) => structuredClone(content.products.find((p) => p.slug === slug)!)

describe('seed', () => {
  it('loads the demo catalogue and the three demo accounts, the customer with an address', async () => {
    const [row] = await database.db.select({ n: count() }).from(products)
    expect(row!.n).toBe(content.products.length)
    const demo = await database.db
      .select()
      .from(users)
      .where(
        inArray(users.email, ['customer@example.com', 'dealer@example.com', 'admin@example.com']),
      )
    expect(demo.map((user) => [user.email, user.role]).sort()).toEqual([
      ['admin@example.com', 'admin'],
      ['customer@example.com', 'customer'],
      ['dealer@example.com', 'dealer'],
    ])
    for (const user of demo) {
      expect(user.passwordHash).toMatch(/^\$argon2id\$/)
      expect(await verify(user.passwordHash!, 'flyfast-demo')).toBe(true)
    }
    const customer = demo.find((user) => user.role === 'customer')!
    const saved = await database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, customer.id))
    expect(saved).toMatchObject([{ city: 'Eloy', country: 'US', isDefault: true }])
  })

  it('has a warning for every start with the demo accounts on', () => {
    const lines: string[] = []
    const logger = createLogger(
      { logLevel: 'info', nodeEnv: 'test' },
      { write: (line: string) => void lines.push(line) },
    )
    warnAboutDemoAccounts(logger)
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      msg: 'DEMO_ACCOUNTS is on: demo accounts with a published password are active',
      accounts: ['customer@example.com', 'dealer@example.com', 'admin@example.com'],
    })
    expect(lines[0]).not.toContain('flyfast-demo')
  })

  it('creates the demo account, which has a published password, only when asked', async () => {
    await database.db.delete(users).where(eq(users.email, 'customer@example.com'))
    await seed(database.db, { content })
    expect(
      await database.db.select().from(users).where(eq(users.email, 'customer@example.com')),
    ).toEqual([])
    await seed(database.db, { content, demoAccounts: true })
    expect(
      await database.db.select().from(users).where(eq(users.email, 'customer@example.com')),
    ).toHaveLength(1)
  })

  it('changes nothing when run again, loading content/ itself', async () => {
    const before = await snapshot(database.db)
    await seed(database.db, { demoAccounts: true })
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('does not rewrite unchanged rows of any table it writes', async () => {
    const tables = [products, variants, archiveImages, productionTimes]
    const before = await Promise.all(tables.map((table) => rowVersions(database.db, table)))
    expect(before[2]!.length).toBeGreaterThanOrEqual(24)
    await seed(database.db, { content, demoAccounts: true })
    expect(await Promise.all(tables.map((table) => rowVersions(database.db, table)))).toEqual(
      before,
    )
  })

  it('retires products whose file is gone and drops removed variants', async () => {
    const corvid2 = product('corvid-2')
    // S, M and the made-to-measure variant a configurable product needs.
    corvid2.variants = [corvid2.variants[0]!, corvid2.variants[1]!, corvid2.variants.at(-1)!]
    try {
      await seedCatalog(database.db, [corvid2])
      const active = await database.db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.active, true))
      expect(active).toEqual([{ slug: 'corvid-2' }])
      const kept = await database.db
        .select({ sku: variants.sku })
        .from(variants)
        .where(eq(variants.productSlug, 'corvid-2'))
      expect(kept.map((v) => v.sku).sort()).toEqual(['CORVID2-CUSTOM', 'CORVID2-M', 'CORVID2-S'])
      // A retired product's variants stay: orders may name them.
      const [a5] = await database.db
        .select({ n: count() })
        .from(variants)
        .where(eq(variants.productSlug, 'a5'))
      expect(a5!.n).toBe(product('a5').variants.length)
    } finally {
      await seed(database.db, { content, demoAccounts: true })
    }
    const [a5] = await database.db.select().from(products).where(eq(products.slug, 'a5'))
    expect(a5?.active).toBe(true)
  })

  it('refuses a SKU a retired product still holds, naming the file, and changes nothing', async () => {
    const copy = { ...product('a4'), slug: 'a4-reissue' }
    const catalog = [...content.products.filter((p) => p.slug !== 'a4'), copy]
    const before = await snapshot(database.db)
    try {
      await seedCatalog(
        database.db,
        catalog.filter((p) => p.slug !== 'a4-reissue'),
      )
      const after = await snapshot(database.db)
      const error = await seedCatalog(database.db, catalog).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ContentError)
      expect((error as Error).message).toContain(
        `content/products/wingsuits/a4-reissue.json: sku: "${copy.sku}" belongs to the retired product "a4" in the database`,
      )
      expect(await snapshot(database.db)).toEqual(after)
    } finally {
      await seed(database.db, { content, demoAccounts: true })
    }
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('leaves no fixed path under /api/product/ free for a product slug', async () => {
    const document = await (await createTestApp(database.db).request('/api/openapi.json')).json()
    const fixed = Object.keys(document.paths as Record<string, unknown>)
      .map((route) => /^\/api\/product\/([^/{]+)/.exec(route)?.[1])
      .filter((segment) => segment !== undefined)
    expect(fixed.length).toBeGreaterThan(0)
    for (const segment of fixed) expect(reservedProductSlugs).toContain(segment)
  })
})

describe('archive seeding', () => {
  it('loads both types from content/archive, at least 24 entries', async () => {
    const rows = await database.db.select().from(archiveImages)
    expect(rows.length).toBeGreaterThanOrEqual(24)
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['supercustom', 'superdupercustom']),
    )
    expect(new Set(rows.map((row) => row.productSlug)).size).toBeGreaterThanOrEqual(3)
  })

  it('updates changed entries, deletes removed ones and keeps a retired product', async () => {
    const [first, second] = content.archive.find((file) => file.type === 'supercustom')!.entries
    const changed = { ...first!, title: 'Renamed', colors: ['k1A'] }
    const retired = { ...second!, id: 'sc-2016-old-retro', product: 'retro-1' }
    try {
      await seedArchive(database.db, [{ type: 'supercustom', entries: [changed, retired] }])
      const rows = await database.db
        .select()
        .from(archiveImages)
        .orderBy(asc(archiveImages.position))
      expect(rows.map((row) => [row.id, row.title, row.colors, row.productSlug])).toEqual([
        [first!.id, 'Renamed', ['k1A'], first!.product],
        ['sc-2016-old-retro', second!.title, second!.colors, 'retro-1'],
      ])
    } finally {
      await seed(database.db, { content, demoAccounts: true })
    }
    const [restored] = await database.db
      .select()
      .from(archiveImages)
      .where(eq(archiveImages.id, first!.id))
    expect(restored?.title).toBe(first!.title)
  })

  it('empties the archive when its files list nothing', async () => {
    try {
      await seedArchive(database.db, [{ type: 'supercustom', entries: [] }])
      expect(await database.db.select().from(archiveImages)).toEqual([])
    } finally {
      await seed(database.db, { content, demoAccounts: true })
    }
  })
})

describe('production time seeding', () => {
  it('loads the categories in the content order with the revision day', async () => {
    const rows = await database.db
      .select()
      .from(productionTimes)
      .orderBy(asc(productionTimes.position))
    expect(rows.map((row) => row.category)).toEqual(
      content.productionTime.categories.map((entry) => entry.category),
    )
    expect(rows.every((row) => row.updatedAt === content.productionTime.updated_at)).toBe(true)
  })

  it('updates changed categories and deletes removed ones', async () => {
    try {
      await seedProductionTime(database.db, {
        updated_at: '2027-01-04',
        categories: [{ category: 'trackingsuits', weeks_min: 2, weeks_max: 3, note: null }],
      })
      expect(await database.db.select().from(productionTimes)).toEqual([
        {
          category: 'trackingsuits',
          weeksMin: 2,
          weeksMax: 3,
          note: null,
          updatedAt: '2027-01-04',
          position: 0,
        },
      ])
    } finally {
      await seed(database.db, { content, demoAccounts: true })
    }
    const [row] = await database.db.select({ n: count() }).from(productionTimes)
    expect(row!.n).toBe(content.productionTime.categories.length)
  })
})
