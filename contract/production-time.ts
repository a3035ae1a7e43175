import { z } from 'zod'
import { FamilyKey } from './catalog.ts'

/**
 * How long a custom order takes to make right now, per product category (a family key of
 * contract/families.ts). Content lives in content/production-time.json; the workshop revises it
 * as its queue grows and shrinks. A product's own `lead_time_weeks` is its usual time; these
 * figures are the current one.
 */
const Weeks = z.number().int().min(0).max(104)

const ProductionTimeFields = z.object({
  category: FamilyKey,
  weeks_min: Weeks,
  weeks_max: Weeks,
  /** A short remark shown next to the figures (`Super custom designs add a week.`), or null. */
  note: z.string().min(1).max(300).nullable(),
})

/** One category as an owner writes it. */
export const ProductionTimeEntryContent = z
  .strictObject({
    ...ProductionTimeFields.shape,
    note: ProductionTimeFields.shape.note.default(null),
  })
  .refine((entry) => entry.weeks_min <= entry.weeks_max, {
    message: 'weeks_min must not be more than weeks_max',
    path: ['weeks_max'],
  })
export type ProductionTimeEntryContent = z.infer<typeof ProductionTimeEntryContent>

/** content/production-time.json. Categories are listed in the order the page shows them. */
export const ProductionTimeContent = z.strictObject({
  /** The day these figures were last revised (`YYYY-MM-DD`). */
  updated_at: z.iso.date(),
  categories: z.array(ProductionTimeEntryContent).min(1),
})
export type ProductionTimeContent = z.infer<typeof ProductionTimeContent>

/** One category as the API returns it: the entry with the family's display title. */
export const ProductionTimeCategory = ProductionTimeFields.extend({
  title: z.string(),
})
export type ProductionTimeCategory = z.infer<typeof ProductionTimeCategory>

/** `GET /api/order/production-time`. */
export const ProductionTime = z.object({
  /** The day the figures were last revised (`YYYY-MM-DD`). */
  updated_at: z.iso.date(),
  categories: z.array(ProductionTimeCategory),
})
export type ProductionTime = z.infer<typeof ProductionTime>

/** `GET /api/product/production-time/category/{category}`: one category and its revision day. */
export const ProductionTimeForCategory = ProductionTimeCategory.extend({
  updated_at: z.iso.date(),
})
export type ProductionTimeForCategory = z.infer<typeof ProductionTimeForCategory>
