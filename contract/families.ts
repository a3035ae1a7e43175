/**
 * The product families of docs/catalog-and-content.md. The key is what `GET /api/product/{slug}`
 * accepts to list a family; `path` is where the family lives in the store. Plain data, kept apart
 * from the zod schemas so the app can use it without loading zod.
 */
export const families = {
  wingsuits: { path: '/wingsuits', title: 'Wingsuits' },
  trackingsuits: { path: '/trackingsuits', title: 'Tracking suits' },
  'base-parachutes': { path: '/parachutes/base-jumping', title: 'BASE parachutes' },
  'skydiving-parachutes': { path: '/parachutes/skydiving', title: 'Skydiving parachutes' },
  'base-equipment': { path: '/equipment/base-jumping', title: 'BASE equipment' },
  'skydiving-equipment': { path: '/equipment/skydiving', title: 'Skydiving equipment' },
  accessories: { path: '/equipment/accessories', title: 'Accessories' },
  bags: { path: '/equipment', title: 'Bags' },
  apparel: { path: '/products', title: 'Apparel' },
} as const

export type FamilyKey = keyof typeof families

/**
 * The families whose items a submitted order takes through its payment link (the add-to-order
 * screen's offer, and all the server accepts there): items that need no configuring, in stock.
 * A suit or a canopy someone designs is ordered from its page.
 */
export const addableFamilies: readonly FamilyKey[] = ['bags', 'accessories', 'apparel']
export const familyKeys = Object.keys(families) as [FamilyKey, ...FamilyKey[]]

/** Where a product is shown in the store. */
export function productPath(p: {
  family: FamilyKey
  slug: string
  discipline?: 'base-jumping' | 'skydiving' | null
}): string {
  const base = families[p.family].path
  return p.family === 'accessories' && p.discipline
    ? `${base}/${p.discipline}/${p.slug}`
    : `${base}/${p.slug}`
}

/**
 * What routes of their own answer under `/api/product/` (registered before `/product/{slug}`,
 * which would otherwise take these for a slug): the archive and the production times. The
 * server builds those paths from here and the content check refuses them as product slugs.
 */
export const productApiPaths = {
  archive: 'archive-image',
  productionTime: 'production-time',
} as const

/** Product slugs that `GET /api/product/{slug}` can never answer for. */
export const reservedProductSlugs: readonly string[] = Object.values(productApiPaths)
