import humps from 'humps'
import contentPalette from '../../content/palette.json'
import { productPath, type FamilyKey } from '../../contract/families.ts'
import type { PaletteSwatch } from '../../contract/page-data/catalog.ts'
import type { Product } from '../features/catalog/api.ts'
import type { CatalogProduct } from '../lib/db.ts'

type ConfiguratorFixture = NonNullable<CatalogProduct['configurator']>

/** A configurator with one of everything, for tests (prices in cents). */
export function configuratorFixture(
  overrides: Partial<ConfiguratorFixture> = {},
): ConfiguratorFixture {
  return {
    drawing: 'wingsuit',
    regions: [
      { id: 'body', label: 'Body', defaultColor: 'n4D' },
      { id: 'arm-wing', label: 'Arm wings', defaultColor: 'k1A' },
      { id: 'leg-wing', label: 'Leg wing', defaultColor: 'n4D' },
    ],
    parts: ['logo'],
    options: [
      {
        key: 'booties',
        label: 'Booties',
        description: '',
        price: 9000,
        show: ['booties'],
        hide: [],
      },
      {
        key: 'no-logo',
        label: 'No logo',
        description: '',
        price: 0,
        show: [],
        hide: ['logo'],
      },
    ],
    accents: [{ key: 'reflective', label: 'Reflective', price: 4000, color: 'w1A' }],
    colorTypePrices: [
      { type: 'fluoro', price: 2500 },
      { type: 'metallic', price: 4000 },
    ],
    superCustom: { sku: 'SUPERCUSTOM-WS', label: 'Super custom', price: 35000, leadTimeWeeks: 2 },
    superDuperCustom: {
      sku: 'SUPERDUPERCUSTOM-WS',
      label: 'Super duper custom',
      price: 90000,
      leadTimeWeeks: 4,
    },
    cloudLite: {
      label: 'Cloud lite',
      price: 15000,
      leadTimeWeeks: 1,
      keys: [
        { key: 'cl-white', label: 'Cloud white' },
        { key: 'cl-smoke', label: 'Smoke' },
      ],
    },
    superAsym: { label: 'Asymmetric', price: 20000, leadTimeWeeks: 1 },
    ...overrides,
  }
}

/** A complete product as the app sees it (camelCased), for tests. */
export function productFixture(overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  const slug = overrides.slug ?? 'corvid-2'
  return {
    slug,
    family: 'wingsuits',
    discipline: null,
    path: `/wingsuits/${slug}`,
    sku: slug.toUpperCase(),
    name: 'Corvid 2',
    summary: 'A big wing.',
    description: 'A big wing for long flights.',
    price: 189000,
    currency: 'USD',
    leadTimeWeeks: 8,
    weightGrams: 3400,
    requiresWaiver: true,
    active: true,
    configurable: true,
    sizes: ['M'],
    colors: ['n4D'],
    specifications: [],
    images: [],
    manual: null,
    configurator: configuratorFixture(),
    variants: [
      { sku: `${slug.toUpperCase()}-CUSTOM`, name: 'Custom', price: 224000, inStock: false },
    ],
    ...overrides,
  }
}

/**
 * The store's own catalog, as the API answers it (camelized by the client), and its palette: a
 * search is judged on what a shopper would type for the products the store sells.
 */
export function contentCatalog(): { products: Product[]; palette: PaletteSwatch[] } {
  const files = import.meta.glob<{
    family: FamilyKey
    slug: string
    discipline?: 'base-jumping' | 'skydiving'
  }>('../../content/products/*/*.json', { eager: true, import: 'default' })
  const products = Object.values(files).map(
    (raw) => humps.camelizeKeys({ ...raw, path: productPath(raw) }) as unknown as Product,
  )
  return { products, palette: contentPalette as PaletteSwatch[] }
}
