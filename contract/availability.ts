/**
 * What the shop says about when an item ships: one sentence per variant, the same on the product
 * page, in the cart, at checkout, on the confirmation and in the mail. A variant in stock ships
 * from the shelf; any other is made to order in its family's current production time
 * (content/production-time.json, as the workshop revises it), plus the weeks a chosen upgrade
 * (super custom…) adds. A product's own `lead_time_weeks` is not shown beside it: two figures for
 * one suit contradict each other. Plain functions, no zod: the app loads this with its pages.
 */
import { formatDate } from './calendar-date.ts'

/** Working days from an order to the parcel leaving the workshop, for an item in stock. */
export const IN_STOCK_SHIP_DAYS = 2

export interface Availability {
  inStock: boolean
  /** The family's current production time, when known (made to order only). */
  weeksMin?: number
  weeksMax?: number
}

/** "8–10 weeks", "3 weeks", "1 week". */
export function weeksText(min: number, max: number): string {
  if (min === max) return `${max} ${max === 1 ? 'week' : 'weeks'}`
  return `${min}–${max} weeks`
}

/**
 * "In stock: ships in 2 working days", "Made to order: 8–10 weeks", or "Made to order" while the
 * production time is not known here (before it arrives, or offline without it).
 */
export function availabilityText({ inStock, weeksMin, weeksMax }: Availability): string {
  if (inStock) return `In stock: ships in ${IN_STOCK_SHIP_DAYS} working days`
  if (weeksMin === undefined || weeksMax === undefined) return 'Made to order'
  return `Made to order: ${weeksText(weeksMin, weeksMax)}`
}

/** A product's variants in one line, for its page's header and its card in a listing. */
export function productAvailabilityText(
  variants: readonly { inStock: boolean }[],
  madeToOrder: Omit<Availability, 'inStock'> = {},
): string {
  const inStock = variants.filter((variant) => variant.inStock).length
  if (inStock === variants.length) return availabilityText({ inStock: true })
  const made = availabilityText({ inStock: false, ...madeToOrder })
  if (inStock === 0) return made
  return `Some options in stock (ships in ${IN_STOCK_SHIP_DAYS} working days); others ${made
    .charAt(0)
    .toLowerCase()}${made.slice(1)}`
}

/** A product in a listing, in two or three words: "In stock", "Made to order", or both. */
export function productStockLabel(variants: readonly { inStock: boolean }[]): string {
  const inStock = variants.filter((variant) => variant.inStock).length
  if (inStock === variants.length) return 'In stock'
  return inStock === 0 ? 'Made to order' : 'Some options in stock'
}

/** An ordered item's production time, counted from the order's submit day (`YYYY-MM-DD`s). */
export interface LineTime {
  weeksMin: number
  weeksMax: number
  readyFrom: string
  readyBy: string
}

/**
 * An ordered item, on the order's page and in its mail: "Made to order: 6–8 weeks, ready between
 * April 13, 2027 and April 27, 2027.", "In stock: ships in 2 working days." or, made in a family
 * whose weeks are not published (no `time`), "Made to order."
 */
export function lineAvailabilityText(time: LineTime | null, inStock: boolean): string {
  if (inStock) return `${availabilityText({ inStock: true })}.`
  if (!time) return `${availabilityText({ inStock: false })}.`
  const made = availabilityText({ inStock: false, ...time })
  const ready =
    time.readyFrom === time.readyBy
      ? `ready around ${formatDate(time.readyFrom)}`
      : `ready between ${formatDate(time.readyFrom)} and ${formatDate(time.readyBy)}`
  return `${made}, ${ready}.`
}

/**
 * A line not ordered yet (the cart's, the checkout's review), from what the cart answer says of
 * it (contract/cart.ts `availability`, camelCase): the product page's words for its variant, with
 * the line's own weeks. The dates come with the submit day (lineAvailabilityText). Null when
 * nothing is known of it: nothing is said rather than a guess.
 */
export function cartLineAvailabilityText(
  availability:
    { inStock: boolean; weeksMin: number | null; weeksMax: number | null } | null | undefined,
): string | null {
  if (!availability) return null
  const { inStock, weeksMin, weeksMax } = availability
  return availabilityText(
    weeksMin === null || weeksMax === null ? { inStock } : { inStock, weeksMin, weeksMax },
  )
}
