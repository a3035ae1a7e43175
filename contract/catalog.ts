import { z } from 'zod'
import { familyKeys } from './families.ts'

export const FamilyKey = z.enum(familyKeys)

/** Accessories may sit under a discipline: /equipment/accessories/{discipline}/{item}. */
export const Discipline = z.enum(['base-jumping', 'skydiving'])
export type Discipline = z.infer<typeof Discipline>

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')

export const Variant = z.object({
  sku: z.string().min(1),
  name: z.string().min(1),
  /** Minor units (cents) in the product's currency. */
  price: z.number().int().nonnegative(),
  in_stock: z.boolean(),
})
export type Variant = z.infer<typeof Variant>

/** A product as an owner writes it in content/products/<family>/<slug>.json. */
export const ProductContent = z.object({
  slug,
  family: FamilyKey,
  discipline: Discipline.optional(),
  sku: z.string().min(1),
  name: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().min(1),
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  lead_time_weeks: z.number().int().nonnegative(),
  active: z.boolean().default(true),
  configurable: z.boolean().default(false),
  sizes: z.array(z.string()).default([]),
  colors: z.array(z.string()).default([]),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  images: z.array(z.object({ src: z.string(), alt: z.string() })).default([]),
  manual: z.string().nullable().default(null),
  variants: z.array(Variant).min(1),
})
export type ProductContent = z.infer<typeof ProductContent>

/** A product as the API returns it (snake_case on the wire). */
export const Product = ProductContent.extend({
  discipline: Discipline.nullable(),
  path: z.string(),
})
export type Product = z.infer<typeof Product>

export const ProductList = z.array(Product)
export type ProductList = z.infer<typeof ProductList>
