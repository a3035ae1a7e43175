import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTempDir, openTestDatabase } from '../test-helpers.ts'
import type { Database, OpenDatabase } from './index.ts'
import { products, users, variants } from './schema.ts'
import { ContentError, defaultContentDir, loadProductContent, seed, seedCatalog } from './seed.ts'

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
  }
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

async function expectContentError(files: Record<string, unknown>, ...parts: (string | RegExp)[]) {
  const content = await contentWith(files)
  try {
    const error = await loadProductContent(content.dir).then(
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

  it('retires products whose file is gone and drops removed variants', async () => {
    const base = JSON.parse(await readFile(corvid2, 'utf8'))
    const trimmed = { ...base, variants: base.variants.slice(0, 2) }
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
      expect(kept.map((v) => v.sku).sort()).toEqual(['CORVID2-M', 'CORVID2-S'])
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

  it('rejects a slug that is a family key', async () => {
    const bad = { ...(await valid()), slug: 'bags' }
    await expectContentError({ 'wingsuits/bags.json': bad }, 'wingsuits/bags.json', 'family key')
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
