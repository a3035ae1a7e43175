import { describe, expect, it } from 'vitest'
import type { ShippingAddress } from '../../contract/address.ts'
import type { Product } from '../../contract/catalog.ts'
import { holdsFor, quoteFromTable, type ShippingRateTable } from '../../contract/shipping.ts'
import { parcelOf, parcelWeight, tableShippingRates } from './shipping.ts'

const table: ShippingRateTable = {
  currency: 'USD',
  zones: [
    {
      id: 'home',
      name: 'Home',
      countries: ['US'],
      services: [
        {
          carrier: 'ups',
          service_code: 'ground',
          service_name: 'Ground',
          brackets: [
            { up_to_grams: 1000, amount: 500 },
            { up_to_grams: 5000, amount: 900 },
          ],
        },
        {
          carrier: 'usps',
          service_code: 'light',
          service_name: 'Light',
          brackets: [{ up_to_grams: 1000, amount: 300 }],
        },
      ],
    },
  ],
}

const address: ShippingAddress = {
  name: 'Dana',
  line1: '1 Road',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
  phone: null,
}

describe('the rate table', () => {
  it('prices each service at the first bracket that reaches the weight, inclusive', () => {
    const at = (grams: number) =>
      quoteFromTable(table, 'US', grams).map((option) => [option.service_code, option.amount])
    expect(at(0)).toEqual([
      ['ground', 500],
      ['light', 300],
    ])
    expect(at(1000)).toEqual([
      ['ground', 500],
      ['light', 300],
    ])
    expect(at(1001)).toEqual([['ground', 900]])
    expect(at(5001)).toEqual([])
    expect(quoteFromTable(table, 'CA', 10)).toEqual([])
  })

  it('says which weights a quoted price holds for', () => {
    const [ground] = quoteFromTable(table, 'US', 3000)
    expect(ground).toMatchObject({ above_grams: 1000, up_to_grams: 5000 })
    expect([1000, 1001, 5000, 5001].map((grams) => holdsFor(ground!, grams))).toEqual([
      false,
      true,
      true,
      false,
    ])
    const [first] = quoteFromTable(table, 'US', 0)
    expect([0, 1000, 1001].map((grams) => holdsFor(first!, grams))).toEqual([true, true, false])
  })

  it('weighs parent lines only, each product’s weight times its quantity', async () => {
    const weights: Record<string, number> = { suit: 3400, bag: 1600 }
    const lines = parcelOf(
      [
        { parentId: null, productSlug: 'suit', qty: 2 },
        { parentId: 'line-1', productSlug: 'suit', qty: 2 },
        { parentId: null, productSlug: 'bag', qty: 1 },
        { parentId: null, productSlug: 'gone', qty: 3 },
      ],
      (slug) => (slug in weights ? ({ weight_grams: weights[slug] } as Product) : undefined),
    )
    expect(parcelWeight(lines)).toBe(2 * 3400 + 1600)
    const rates = tableShippingRates(table)
    expect(rates.countries()).toEqual(new Set(['US']))
    expect(await rates.optionsFor(address, lines)).toEqual([])
    expect((await rates.optionsFor(address, lines.slice(1, 2))).map((o) => o.amount)).toEqual([900])
  })
})
