import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Product, ProductList } from '../../contract/catalog.ts'
import { catalogVersion, products, variants } from '../db/schema.ts'
import { loadContent } from '../content/load.ts'
import { seedCatalog } from './seed.ts'
import {
  createTempDir,
  createTestApp,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { catalogRecheckMs, createCatalogCache } from './catalog-cache.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

async function productOf(app: ReturnType<typeof createTestApp>, slug: string) {
  const res = await app.request(`/api/product/${slug}?active=1`)
  expect(res.status).toBe(200)
  return Product.parse(await res.json())
}

async function rename(db: TestDatabase['db'], slug: string, name: string) {
  await db.update(products).set({ name }).where(eq(products.slug, slug))
}

describe('catalog cache', () => {
  it('shows a catalog write on the next GET', async () => {
    const app = createTestApp(database.db)
    expect((await productOf(app, 'corvid')).name).toBe('Corvid')
    await rename(database.db, 'corvid', 'Corvid (renamed)')
    expect((await productOf(app, 'corvid')).name).toBe('Corvid (renamed)')

    await database.db.update(variants).set({ price: 123_456 }).where(eq(variants.sku, 'CORVID-M'))
    const list = ProductList.parse(await (await app.request('/api/product/wingsuits')).json())
    const corvid = list.find((product) => product.slug === 'corvid')
    expect(corvid?.variants.find((variant) => variant.sku === 'CORVID-M')?.price).toBe(123_456)
  })

  it('drops a retired product from its family list and its page at once', async () => {
    const site = await createTempDir({ 'index.html': '<!doctype html><title>shell</title>' })
    try {
      const app = createTestApp(database.db, { staticDir: site.dir })
      expect((await app.request('/equipment/mission-bag')).status).toBe(200)
      expect((await app.request('/api/product/mission-bag')).status).toBe(200)
      await database.db
        .update(products)
        .set({ active: false })
        .where(eq(products.slug, 'mission-bag'))
      expect((await app.request('/equipment/mission-bag')).status).toBe(404)
      expect((await app.request('/api/product/mission-bag')).status).toBe(404)
      const bags = ProductList.parse(await (await app.request('/api/product/bags')).json())
      expect(bags.map((product) => product.slug)).not.toContain('mission-bag')
    } finally {
      await database.db
        .update(products)
        .set({ active: true })
        .where(eq(products.slug, 'mission-bag'))
      await site.cleanup()
    }
  })

  it('counts seeding as a catalog write', async () => {
    const app = createTestApp(database.db)
    const { products: catalog } = await loadContent()
    const edited = catalog.map((product) =>
      product.slug === 'corvid-2' ? { ...product, name: 'Corvid 2 (seeded)' } : product,
    )
    const original = catalog.find((product) => product.slug === 'corvid-2')!
    try {
      expect((await productOf(app, 'corvid-2')).name).toBe(original.name)
      await seedCatalog(database.db, edited)
      expect((await productOf(app, 'corvid-2')).name).toBe('Corvid 2 (seeded)')
    } finally {
      await seedCatalog(database.db, catalog)
    }
  })

  it('shows a write through one API process to another within the recheck interval', async () => {
    const other = await database.connectAgain()
    try {
      const reader = createTestApp(other.db)
      expect((await productOf(reader, 'a5')).name).toBe('A5')
      // The writer is another app on its own connections, as a second process would be.
      await rename(database.db, 'a5', 'A5 (elsewhere)')
      // Notifications take milliseconds; the bound allows for a busy machine.
      await vi.waitFor(
        async () => expect((await productOf(reader, 'a5')).name).toBe('A5 (elsewhere)'),
        { timeout: 2 * catalogRecheckMs, interval: 5 },
      )
    } finally {
      await rename(database.db, 'a5', 'A5')
      await other.close()
    }
  })

  it('asks the database again after the recheck interval when a notification is lost', async () => {
    let clock = 0
    const cache = createCatalogCache({ db: database.db, now: () => clock })
    const nameOf = async (slug: string) => {
      const body = (await cache.current()).product(slug, false)
      return Product.parse(JSON.parse(Buffer.from(body!.identity.bytes).toString())).name
    }
    expect(await nameOf('a4')).toBe('A4')
    // A write that sends no notification: triggers off (replica mode), the version raised by hand.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(products).set({ name: 'A4 (quiet)' }).where(eq(products.slug, 'a4'))
      await tx.update(catalogVersion).set({ version: sql`${catalogVersion.version} + 1` })
    })
    clock += catalogRecheckMs - 1
    expect(await nameOf('a4')).toBe('A4')
    clock += 1
    expect(await nameOf('a4')).toBe('A4 (quiet)')
    await rename(database.db, 'a4', 'A4')
  })
})
