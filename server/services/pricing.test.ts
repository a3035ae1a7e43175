/* The shared pricing function (contract/pricing.ts) fed as the server feeds it: plain choices. */
import { describe, expect, it } from 'vitest'
import {
  priceLines,
  unitPrice,
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
