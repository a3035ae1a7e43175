import { describe, expect, it } from 'vitest'
import {
  availabilityText,
  lineAvailabilityText,
  productAvailabilityText,
  productStockLabel,
} from './availability.ts'

describe('availability, one sentence per variant', () => {
  it('says an item in stock ships in days, and one made to order takes the production weeks', () => {
    expect(availabilityText({ inStock: true })).toBe('In stock: ships in 2 working days')
    expect(availabilityText({ inStock: false, weeksMin: 8, weeksMax: 10 })).toBe(
      'Made to order: 8–10 weeks',
    )
    expect(availabilityText({ inStock: false, weeksMin: 1, weeksMax: 1 })).toBe(
      'Made to order: 1 week',
    )
    // The figures not here (offline before they arrived): no weeks rather than a guess.
    expect(availabilityText({ inStock: false })).toBe('Made to order')
  })

  it('sums a product up from its variants, never "made to order" when every option is in stock', () => {
    const bag = [{ inStock: true }, { inStock: true }]
    expect(productAvailabilityText(bag)).toBe('In stock: ships in 2 working days')
    expect(productStockLabel(bag)).toBe('In stock')
    const suit = [{ inStock: true }, { inStock: false }]
    expect(productAvailabilityText(suit)).toBe(
      'Some options in stock (ships in 2 working days); others made to order',
    )
    expect(productStockLabel(suit)).toBe('Some options in stock')
    expect(productAvailabilityText([{ inStock: false }], { weeksMin: 2, weeksMax: 3 })).toBe(
      'Made to order: 2–3 weeks',
    )
    expect(productStockLabel([{ inStock: false }])).toBe('Made to order')
  })

  it('gives an ordered item the same words, with the dates its submit day gives', () => {
    expect(lineAvailabilityText(null, true)).toBe('In stock: ships in 2 working days.')
    // Made, in a family whose weeks are not published: never "in stock".
    expect(lineAvailabilityText(null, false)).toBe('Made to order.')
    expect(
      lineAvailabilityText(
        { weeksMin: 6, weeksMax: 8, readyFrom: '2027-04-13', readyBy: '2027-04-27' },
        false,
      ),
    ).toBe('Made to order: 6–8 weeks, ready between April 13, 2027 and April 27, 2027.')
  })
})
