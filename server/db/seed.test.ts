import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTempDir, openTestDatabase } from '../test-helpers.ts'
import type { Database, OpenDatabase } from './index.ts'
import { archiveImages, productionTimes, products, users, variants } from './schema.ts'
import {
  ContentError,
  defaultArchiveDir,
  defaultContentDir,
  defaultProductionTimeFile,
  loadArchiveContent,
  loadProductContent,
  loadProductionTime,
  seed,
  seedArchive,
  seedCatalog,
  seedProductionTime,
} from './seed.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await openTestDatabase()
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

/** Each row's version: an upsert that rewrote a row unchanged would give it a new one. */
async function rowVersions(db: Database, table: typeof archiveImages | typeof productionTimes) {
  const rows = await db
    .select({ xmin: sql<string>`xmin::text` })
    .from(table)
    .orderBy(sql`1`)
  return rows.map((row) => row.xmin)
}

const corvid2 = path.join(defaultContentDir, 'wingsuits', 'corvid-2.json')

async function contentWith(files: Record<string, unknown>) {
  return createTempDir(
    Object.fromEntries(
      Object.entries(files).map(([name, json]) => [
        name,
        typeof json === 'string' ? json : JSON.stringify(json),
      ]),
    ),
  )
}

async function expectContentError(
  files: Record<string, unknown>,
  ...parts: (string | RegExp)[]
): Promise<void> {
  return expectLoadError(loadProductContent, files, ...parts)
}

/** `load` run on a temporary directory of `files` fails with a ContentError naming `parts`. */
async function expectLoadError(
  load: (dir: string) => Promise<unknown>,
  files: Record<string, unknown>,
  ...parts: (string | RegExp)[]
) {
  const content = await contentWith(files)
  try {
    const error = await load(content.dir).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ContentError)
    for (const part of parts) expect((error as Error).message).toMatch(part)
  } finally {
    await content.cleanup()
  }
}

describe('seed', () => {
  it('loads the demo catalogue and the demo customer', async () => {
    const [row] = await database.db.select({ n: count() }).from(products)
    expect(row!.n).toBeGreaterThanOrEqual(8)
    const [demo] = await database.db.select().from(users).where(eq(users.email, 'demo@example.com'))
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('creates the demo account, which has a published password, only when asked', async () => {
    await database.db.delete(users).where(eq(users.email, 'demo@example.com'))
    await seed(database.db)
    expect(
      await database.db.select().from(users).where(eq(users.email, 'demo@example.com')),
    ).toEqual([])
    await seed(database.db, { demoAccounts: true })
    expect(
      await database.db.select().from(users).where(eq(users.email, 'demo@example.com')),
    ).toHaveLength(1)
  })

  it('changes nothing when run again', async () => {
    const before = await snapshot(database.db)
    await seed(database.db, { demoAccounts: true })
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('does not rewrite unchanged archive and production time rows', async () => {
    const before = {
      archive: await rowVersions(database.db, archiveImages),
      times: await rowVersions(database.db, productionTimes),
    }
    expect(before.archive.length).toBeGreaterThanOrEqual(24)
    await seed(database.db, { demoAccounts: true })
    expect(await rowVersions(database.db, archiveImages)).toEqual(before.archive)
    expect(await rowVersions(database.db, productionTimes)).toEqual(before.times)
  })

  it('retires products whose file is gone and drops removed variants', async () => {
    const base = JSON.parse(await readFile(corvid2, 'utf8'))
    // S, M and the made-to-measure variant a configurable product needs.
    const trimmed = {
      ...base,
      variants: [base.variants[0], base.variants[1], base.variants.at(-1)],
    }
    const content = await contentWith({ 'wingsuits/corvid-2.json': trimmed })
    try {
      await seedCatalog(database.db, content.dir)
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
    } finally {
      await content.cleanup()
      await seed(database.db, { demoAccounts: true })
    }
    const [a5] = await database.db.select().from(products).where(eq(products.slug, 'a5'))
    expect(a5?.active).toBe(true)
  })
})

describe('content validation', () => {
  const valid = async () => JSON.parse(await readFile(corvid2, 'utf8'))

  it('names the file, the field path and the reason for an invalid product', async () => {
    const bad = await valid()
    bad.variants[1].price = -5
    await expectContentError(
      { 'wingsuits/corvid-2.json': bad },
      'wingsuits/corvid-2.json',
      'variants.1.price',
      /greater than or equal to 0|>=0/,
    )
  })

  it('names the file for malformed JSON', async () => {
    await expectContentError({ 'bags/broken.json': '{"slug": ' }, 'bags/broken.json', /JSON/)
  })

  it('wants each product in <family>/<slug>.json', async () => {
    await expectContentError(
      { 'bags/corvid-2.json': await valid() },
      'bags/corvid-2.json',
      'wingsuits/corvid-2.json',
    )
  })

  it('rejects a slug that another API route owns', async () => {
    const bad = { ...(await valid()), slug: 'archive-image' }
    await expectContentError(
      { 'wingsuits/archive-image.json': bad },
      'wingsuits/archive-image.json',
      'API path',
    )
  })

  it('rejects a slug that is a family key', async () => {
    const bad = { ...(await valid()), slug: 'bags' }
    await expectContentError({ 'wingsuits/bags.json': bad }, 'wingsuits/bags.json', 'family key')
  })

  it('refuses a configurable product without a configurator, and the reverse', async () => {
    const { configurator, ...bare } = await valid()
    await expectContentError(
      { 'wingsuits/corvid-2.json': bare },
      'wingsuits/corvid-2.json',
      'configurator: a configurable product (configurable: true) needs a configurator',
    )
    await expectContentError(
      { 'wingsuits/corvid-2.json': { ...bare, configurable: false, configurator } },
      'configurable: must be true when the product has a configurator',
    )
  })

  it('checks the configurator against its drawing', async () => {
    const bad = await valid()
    bad.configurator.regions[1].id = 'main-flap'
    await expectContentError(
      { 'wingsuits/corvid-2.json': bad },
      'wingsuits/corvid-2.json',
      'configurator.regions.1.id: the wingsuit drawing has no region "main-flap"',
    )
  })

  it('rejects duplicate SKUs across files', async () => {
    const other = { ...(await valid()), slug: 'corvid-3', sku: 'CORVID3' }
    await expectContentError(
      { 'wingsuits/corvid-2.json': await valid(), 'wingsuits/corvid-3.json': other },
      'wingsuits/corvid-3.json',
      'variants.0.sku "CORVID2-S"',
    )
  })
})

const archiveFile = (type: string) => path.join(defaultArchiveDir, `${type}.json`)
const archiveContent = async (type = 'supercustom') =>
  JSON.parse(await readFile(archiveFile(type), 'utf8'))
const productionTimeContent = async () =>
  JSON.parse(await readFile(defaultProductionTimeFile, 'utf8'))

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
    const base = await archiveContent()
    const [first, second] = base.entries
    const changed = { ...first, title: 'Renamed', colors: ['k1A'] }
    const retired = { ...second, id: 'sc-2016-old-a4', product: 'a4' }
    const content = await contentWith({
      'supercustom.json': { type: 'supercustom', entries: [changed, retired] },
    })
    try {
      await seedArchive(database.db, content.dir)
      const rows = await database.db
        .select()
        .from(archiveImages)
        .orderBy(asc(archiveImages.position))
      expect(rows.map((row) => [row.id, row.title, row.colors, row.productSlug])).toEqual([
        [first.id, 'Renamed', ['k1A'], first.product],
        ['sc-2016-old-a4', second.title, second.colors, 'a4'],
      ])
    } finally {
      await content.cleanup()
      await seed(database.db, { demoAccounts: true })
    }
    const [restored] = await database.db
      .select()
      .from(archiveImages)
      .where(eq(archiveImages.id, first.id))
    expect(restored?.title).toBe(first.title)
  })

  it('refuses an entry whose product does not exist, naming the file, and changes nothing', async () => {
    const before = await snapshot(database.db)
    const base = await archiveContent()
    const bad = {
      ...base,
      entries: [...base.entries, { ...base.entries[0], id: 'sc-x', product: 'nope' }],
    }
    const content = await contentWith({ 'supercustom.json': bad })
    try {
      const error = await seedArchive(database.db, content.dir).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ContentError)
      expect((error as Error).message).toContain('supercustom.json')
      expect((error as Error).message).toContain(`entries.${base.entries.length}.product: "nope"`)
    } finally {
      await content.cleanup()
    }
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('empties the archive when its files list nothing', async () => {
    const content = await contentWith({ 'supercustom.json': { type: 'supercustom', entries: [] } })
    try {
      await seedArchive(database.db, content.dir)
      expect(await database.db.select().from(archiveImages)).toEqual([])
    } finally {
      await content.cleanup()
      await seed(database.db, { demoAccounts: true })
    }
  })
})

describe('archive content validation', () => {
  const withEntry = async (change: Record<string, unknown>) => {
    const base = await archiveContent()
    return { ...base, entries: [{ ...base.entries[0], ...change }] }
  }

  it.each([
    [{ pilot: 'Marta Kowalska' }, 'entries.0.pilot'],
    [{ colors: ['navy'] }, 'entries.0.colors.0'],
    [{ colors: [] }, 'entries.0.colors'],
    [{ src: 'https://example.com/a.jpg' }, 'entries.0.src'],
    [{ year: 1850 }, 'entries.0.year'],
    [{ id: 'Not A Slug' }, 'entries.0.id'],
    [{ colours: ['n4D'] }, 'colours'],
  ])('names the field of a bad entry: %o', async (change, field) => {
    await expectLoadError(
      loadArchiveContent,
      { 'supercustom.json': await withEntry(change) },
      'supercustom.json',
      field,
    )
  })

  it('wants each type in <type>.json', async () => {
    await expectLoadError(
      loadArchiveContent,
      { 'superdupercustom.json': await archiveContent('supercustom') },
      'superdupercustom.json',
      'supercustom.json',
    )
  })

  it('rejects an id used twice across the files', async () => {
    const sc = await archiveContent('supercustom')
    const sdc = await archiveContent('superdupercustom')
    sdc.entries[1].id = sc.entries[0].id
    await expectLoadError(
      loadArchiveContent,
      { 'supercustom.json': sc, 'superdupercustom.json': sdc },
      'superdupercustom.json',
      `entries.1.id "${sc.entries[0].id}"`,
    )
  })
})

describe('production time seeding', () => {
  const load = (dir: string) => loadProductionTime(path.join(dir, 'production-time.json'))

  it('loads the categories in the content order with the revision day', async () => {
    const content = await productionTimeContent()
    const rows = await database.db
      .select()
      .from(productionTimes)
      .orderBy(asc(productionTimes.position))
    expect(rows.map((row) => row.category)).toEqual(
      content.categories.map((entry: { category: string }) => entry.category),
    )
    expect(rows.every((row) => row.updatedAt === content.updated_at)).toBe(true)
  })

  it('updates changed categories and deletes removed ones', async () => {
    const content = await contentWith({
      'production-time.json': {
        updated_at: '2027-01-04',
        categories: [{ category: 'trackingsuits', weeks_min: 2, weeks_max: 3 }],
      },
    })
    try {
      await seedProductionTime(database.db, path.join(content.dir, 'production-time.json'))
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
      await content.cleanup()
      await seed(database.db, { demoAccounts: true })
    }
    const [row] = await database.db.select({ n: count() }).from(productionTimes)
    expect(row!.n).toBe((await productionTimeContent()).categories.length)
  })

  it.each([
    [
      { categories: [{ category: 'wingsuits', weeks_min: 9, weeks_max: 8 }] },
      'categories.0.weeks_max',
    ],
    [
      { categories: [{ category: 'gliders', weeks_min: 1, weeks_max: 2 }] },
      'categories.0.category',
    ],
    [{ categories: [] }, 'categories'],
    [{ updated_at: '16/11/2026' }, 'updated_at'],
  ])('names the field of a bad file: %o', async (change, field) => {
    const bad = { ...(await productionTimeContent()), ...change }
    await expectLoadError(load, { 'production-time.json': bad }, 'production-time.json', field)
  })

  it('rejects a category listed twice', async () => {
    const base = await productionTimeContent()
    const bad = { ...base, categories: [...base.categories, base.categories[0]] }
    await expectLoadError(
      load,
      { 'production-time.json': bad },
      'production-time.json',
      `categories.${base.categories.length}.category: "${base.categories[0].category}"`,
    )
  })
})
