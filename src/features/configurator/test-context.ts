import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import { productFixture } from '../../test/products.ts'
import {
  createDraft,
  reduceDraft,
  type ConfigurableProduct,
  type DraftAction,
  type DraftContext,
} from './model.ts'
import { designOrder } from './payload.ts'

/** A palette with a colour of each type, for tests. */
export const testPalette: PaletteSwatch[] = [
  { id: 'n4D', name: 'Deep navy', hex: '#1f2a44', type: 'standard' },
  { id: 'k1A', name: 'Jet black', hex: '#16181b', type: 'standard' },
  { id: 'w1A', name: 'Chalk white', hex: '#f2f1ec', type: 'standard' },
  { id: 'r7C', name: 'Signal red', hex: '#c8282e', type: 'standard' },
  { id: 'c9F', name: 'Fluoro cyan', hex: '#00e5ff', type: 'fluoro' },
  { id: 'm1S', name: 'Silver', hex: '#c0c4c8', type: 'metallic' },
]

/** A wingsuit with S, M, L and made to measure, and a configurator with one of everything. */
export function testContext(overrides: Partial<ConfigurableProduct> = {}): DraftContext {
  const product = productFixture({
    sizes: ['S', 'M', 'L'],
    images: [{ src: '/images/products/corvid-2.svg', alt: 'Corvid 2' }],
    variants: [
      { sku: 'CORVID2-S', name: 'Corvid 2, size S', price: 189000, inStock: true },
      { sku: 'CORVID2-M', name: 'Corvid 2, size M', price: 189000, inStock: true },
      { sku: 'CORVID2-L', name: 'Corvid 2, size L', price: 195000, inStock: false },
      { sku: 'CORVID2-CUSTOM', name: 'Corvid 2, made to measure', price: 224000, inStock: false },
    ],
    ...overrides,
  }) as ConfigurableProduct
  return { product, palette: testPalette }
}

/** Measurements that pass every check, in centimetres and kilograms. */
export const goodMeasurements = {
  height: '178',
  weight: '76',
  chest: '98',
  waist: '84',
  hips: '99',
  inseam: '82',
  armSpan: '180',
  shoulderWidth: '45',
  torso: '68',
} as const

/** A design made by `actions` from a fresh draft, as the configurator sends it (tests). */
export function designedOrder(actions: DraftAction[], context: DraftContext = testContext()) {
  const draft = actions.reduce(
    (current, action) => reduceDraft(current, action, context),
    createDraft(context),
  )
  return designOrder(draft, context)
}
