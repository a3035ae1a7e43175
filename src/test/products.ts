import type { CatalogProduct } from '../lib/db.ts'

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
    active: true,
    configurable: true,
    sizes: ['M'],
    colors: ['n4D'],
    specifications: [],
    images: [],
    manual: null,
    variants: [
      { sku: `${slug.toUpperCase()}-CUSTOM`, name: 'Custom', price: 224000, inStock: false },
    ],
    ...overrides,
  }
}
