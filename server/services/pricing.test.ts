/*
 * The shared pricing function (contract/pricing.ts) fed as the server feeds it: plain choices, and
 * choices read back from an add-to-order line.
 */
import { describe, expect, it } from 'vitest'
import type { Configurator } from '../../contract/configurator.ts'
import {
  choicesFromMeta,
  priceLines,
  pricingConfiguratorOf,
  unitPrice,
  type MetaProduct,
  type PricedChoices,
  type PricingConfigurator,
} from '../../contract/pricing.ts'

const configurator: PricingConfigurator = {
  regions: [
    { id: 'body', label: 'Body', defaultColor: 'n4D' },
    { id: 'sleeve', label: 'Sleeves', defaultColor: 'n4D' },
  ],
  options: [
    { key: 'booties', label: 'Booties', description: '', price: 4000, show: [], hide: [] },
    { key: 'hood', label: 'Hood', description: '', price: 2500, show: [], hide: [] },
  ],
  accents: [{ key: 'gold', label: 'Gold', price: 1500, color: 'y1A' }],
  colorTypePrices: [{ type: 'fluoro', price: 3000 }],
  superCustom: { sku: 'SC', label: 'Super custom', price: 20000, leadTimeWeeks: 2 },
  superDuperCustom: null,
  cloudLite: null,
  superAsym: { label: 'Asymmetric', price: 5000, leadTimeWeeks: 1 },
}

const fluoro = new Set(['f1X'])
function choices(overrides: Partial<PricedChoices> = {}): PricedChoices {
  return {
    base: { label: 'Corvid 2 custom', amount: 150000 },
    options: new Set(),
    accent: 'none',
    regionColors: (region) => [region.defaultColor, region.defaultColor],
    colorType: (id) => (fluoro.has(id) ? 'fluoro' : 'standard'),
    upgrades: { superCustom: false, superDuperCustom: false, cloudLite: false, superAsym: false },
    ...overrides,
  }
}

describe('priceLines', () => {
  it('is the base price alone when nothing is added', () => {
    expect(priceLines(configurator, choices())).toEqual([
      { label: 'Corvid 2 custom', amount: 150000 },
    ])
  })

  it('adds options, the accent, one surcharge per region and palette type, and upgrades', () => {
    const chosen = choices({
      options: new Set(['hood', 'not-offered']),
      accent: 'gold',
      regionColors: (region) => (region.id === 'body' ? ['f1X', 'n4D'] : ['f1X', 'f1X']),
      upgrades: { superCustom: true, superDuperCustom: true, cloudLite: false, superAsym: true },
    })
    expect(priceLines(configurator, chosen)).toEqual([
      { label: 'Corvid 2 custom', amount: 150000 },
      { label: 'Hood', amount: 2500 },
      { label: 'Gold accent', amount: 1500 },
      { label: 'Body in fluoro', amount: 3000 },
      { label: 'Sleeves in fluoro', amount: 3000 },
      { label: 'Super custom', amount: 20000 },
      { label: 'Asymmetric', amount: 5000 },
    ])
    // An upgrade the product does not offer (super duper custom here) costs nothing.
    expect(unitPrice(configurator, chosen)).toBe(150000 + 2500 + 1500 + 3000 + 3000 + 20000 + 5000)
  })
})

describe('choicesFromMeta', () => {
  const product: MetaProduct = {
    name: 'Corvid 2',
    price: 150000,
    sizes: ['S', 'M'],
    colors: [],
    variants: [
      { sku: 'C2-M', name: 'Corvid 2, size M', price: 150000 },
      { sku: 'C2-CUSTOM', name: 'Corvid 2, made to measure', price: 170000 },
    ],
    configurator,
  }
  const palette = new Map([
    ['n4D', 'standard'],
    ['f1X', 'fluoro'],
  ])

  it('prices an add-to-order line as the configurator prices the same draft', () => {
    const meta = [
      { key: 'color.body.l', value: 'f1X' },
      { key: 'color.body.r', value: 'n4D' },
      { key: 'color.sleeve.l', value: 'f1X' },
      { key: 'color.sleeve.r', value: 'f1X' },
      { key: 'option.hood', value: 'on' },
      { key: 'accent', value: 'gold' },
      { key: 'size', value: 'M' },
      { key: 'super_asym', value: 'on' },
      { key: 'total_price', value: '1' },
    ]
    const child = [{ sku: 'SC', meta: [{ key: 'child_super_custom_check', value: 'on' }] }]
    const result = choicesFromMeta(product, 'C2-M', meta, child, palette)
    // The draft's own choices (what the configurator's model hands priceLines).
    const draft = choices({
      base: { label: 'Corvid 2, size M', amount: 150000 },
      options: new Set(['hood']),
      accent: 'gold',
      regionColors: (region) => (region.id === 'body' ? ['f1X', 'n4D'] : ['f1X', 'f1X']),
      upgrades: { superCustom: true, superDuperCustom: false, cloudLite: false, superAsym: true },
    })
    expect(result).toEqual({
      ok: true,
      priced: {
        choices: expect.anything(),
        unitPrice: unitPrice(configurator, draft),
        upgradeAmount: 20000 + 5000,
        children: [{ sku: 'SC', label: 'Super custom', price: 20000 }],
      },
    })
    if (result.ok)
      expect(priceLines(configurator, result.priced.choices!)).toEqual(
        priceLines(configurator, draft),
      )
  })

  it('colours regions left unsaid in their default colour', () => {
    const result = choicesFromMeta(product, 'C2-CUSTOM', [], [], palette)
    expect(result.ok && result.priced.unitPrice).toBe(170000)
  })

  it('names every key or value the product does not offer, per field', () => {
    const result = choicesFromMeta(
      product,
      'C2-M',
      [
        { key: 'color.body', value: 'zzZ' },
        { key: 'color.tail', value: 'n4D' },
        { key: 'option.booties', value: 'off' },
        { key: 'option.jet', value: 'on' },
        { key: 'accent', value: 'chrome' },
        { key: 'cloud_lite_key', value: 'x' },
        { key: 'size', value: 'XXL' },
        { key: 'measurement.wingspan', value: '1' },
        { key: 'whatever', value: '1' },
      ],
      [
        { sku: 'SDC', meta: [] },
        { sku: 'SC', meta: [{ key: 'pc_edit_state', value: 'x'.repeat(20_001) }] },
      ],
      palette,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        meta: [
          'Size "XXL" is not offered for Corvid 2.',
          'Body: colour "zzZ" is not in the palette.',
          'Corvid 2 has no region "tail" to colour.',
          '"option.booties" must be "on".',
          'Corvid 2 has no option "jet".',
          'Corvid 2 has no accent "chrome".',
          'Corvid 2 has no cloud lite fabric.',
          '"wingspan" is not a measurement we take.',
          '"whatever" is not something Corvid 2 can be ordered with.',
        ],
        child: [
          'Line 1: "SDC" is not a design Corvid 2 can be ordered with.',
          'Line 2: "pc_edit_state" is too long.',
        ],
      },
    })
  })

  it('takes a product without a configurator at its variant’s price, with a size or colour only', () => {
    const bag: MetaProduct = {
      name: 'Mission bag',
      price: 22000,
      sizes: [],
      colors: ['n4D'],
      variants: [{ sku: 'BAG-NAVY', name: 'Mission bag, navy', price: 21000 }],
      configurator: null,
    }
    expect(choicesFromMeta(bag, 'BAG-NAVY', [], [], palette)).toEqual({
      ok: true,
      priced: { choices: null, unitPrice: 21000, upgradeAmount: 0, children: [] },
    })
    expect(choicesFromMeta(bag, 'BAG', [{ key: 'color', value: 'n4D' }], [], palette)).toEqual({
      ok: true,
      priced: { choices: null, unitPrice: 22000, upgradeAmount: 0, children: [] },
    })
    expect(
      choicesFromMeta(
        bag,
        'BAG',
        [{ key: 'option.x', value: 'on' }],
        [{ sku: 'SC', meta: [] }],
        palette,
      ),
    ).toEqual({
      ok: false,
      errors: {
        meta: ['"option.x" is not something Mission bag can be ordered with.'],
        child: ['Mission bag has no designs or upgrades to order with it.'],
      },
    })
  })
})

describe('pricingConfiguratorOf', () => {
  it('reads a wire configurator as the pricing functions take it', () => {
    const wire: Configurator = {
      drawing: 'wingsuit',
      regions: [{ id: 'body', label: 'Body', default_color: 'n4D' }],
      parts: [],
      options: [],
      accents: [],
      color_type_prices: [{ type: 'fluoro', price: 3000 }],
      super_custom: { sku: 'SC', label: 'Super custom', price: 20000, lead_time_weeks: 2 },
      super_duper_custom: null,
      cloud_lite: null,
      super_asym: { label: 'Asymmetric', price: 5000, lead_time_weeks: 1 },
    }
    expect(pricingConfiguratorOf(wire)).toEqual({
      regions: [{ id: 'body', label: 'Body', defaultColor: 'n4D' }],
      options: [],
      accents: [],
      colorTypePrices: [{ type: 'fluoro', price: 3000 }],
      superCustom: { sku: 'SC', label: 'Super custom', price: 20000, leadTimeWeeks: 2 },
      superDuperCustom: null,
      cloudLite: null,
      superAsym: { label: 'Asymmetric', price: 5000, leadTimeWeeks: 1 },
    })
  })
})
