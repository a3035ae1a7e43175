import { describe, expect, it } from 'vitest'
import { lineAvailabilityText } from '../../../contract/availability.ts'
import { lineInStock, lineProductionTime, type ProductionProduct } from './production.ts'

const tee: ProductionProduct = {
  family: 'apparel',
  configurable: false,
  variants: [
    { sku: 'LOGO-TEE-M', in_stock: true },
    { sku: 'LOGO-TEE-XL', in_stock: false },
  ],
}
const bags = {
  category: 'bags' as const,
  weeksMin: 2,
  weeksMax: 3,
  note: null,
  updatedAt: '2027-01-01',
  position: 1,
}
const submitted = new Date('2027-03-01T12:00:00Z')
const line = (sku: string) => ({ id: 'line-1', sku, meta: [] })

describe('an ordered item’s availability', () => {
  it('in stock: no production time, and it says so', () => {
    expect(lineInStock(tee, 'LOGO-TEE-M')).toBe(true)
    expect(lineProductionTime(tee, line('LOGO-TEE-M'), [], [], submitted)).toBeNull()
    expect(lineAvailabilityText(null, lineInStock(tee, 'LOGO-TEE-M'))).toBe(
      'In stock: ships in 2 working days.',
    )
  })

  it('made in a family whose weeks are not published: made to order, never “in stock”', () => {
    expect(lineInStock(tee, 'LOGO-TEE-XL')).toBe(false)
    expect(lineProductionTime(tee, line('LOGO-TEE-XL'), [], [bags], submitted)).toBeNull()
    expect(lineAvailabilityText(null, lineInStock(tee, 'LOGO-TEE-XL'))).toBe('Made to order.')
  })

  it('made in a family with published weeks: the weeks and the dates from the submit day', () => {
    const bag: ProductionProduct = {
      family: 'bags',
      configurable: false,
      variants: [{ sku: 'URATUL-GREEN', in_stock: false }],
    }
    expect(lineProductionTime(bag, line('URATUL-GREEN'), [], [bags], submitted)).toEqual({
      weeks_min: 2,
      weeks_max: 3,
      note: null,
      ready_from: '2027-03-15',
      ready_by: '2027-03-22',
    })
  })

  it('a product or variant the catalog no longer lists counts as shipping from stock', () => {
    expect(lineInStock(undefined, 'GONE')).toBe(true)
    expect(lineInStock(tee, 'LOGO-TEE-GONE')).toBe(true)
  })
})
