import { z } from 'zod'
import { ConfiguratorContent } from './configurator.ts'
import { familyKeys } from './families.ts'
import { Slug } from './slug.ts'

export const FamilyKey = z.enum(familyKeys)

/** Accessories may sit under a discipline: /equipment/accessories/{discipline}/{item}. */
export const Discipline = z.enum(['base-jumping', 'skydiving'])
export type Discipline = z.infer<typeof Discipline>

const slug = Slug

export const Variant = z.object({
  sku: z.string().min(1),
  name: z.string().min(1),
  /** Minor units (cents) in the product's currency. */
  price: z.number().int().nonnegative(),
  in_stock: z.boolean(),
})
export type Variant = z.infer<typeof Variant>

const ProductFields = z.object({
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
  /**
   * One item's shipping weight in grams, packed (the rate table in content/shipping-rates.json
   * is by weight). Every product has one: a product without it could not be quoted.
   */
  weight_grams: z
    .number({ error: 'every product needs its packed shipping weight in grams' })
    .int('the shipping weight is whole grams')
    .positive('the shipping weight is more than 0 grams'),
  /**
   * Whether buying it needs the customer's signed waiver (content/waivers/): gear that is flown
   * or that opens a canopy (suits, canopies, containers, pilot chutes, sliders). Every product
   * says so, true or false, so a new product cannot slip through unconsidered.
   */
  requires_waiver: z.boolean({
    error: 'say whether buying this needs the signed waiver: true or false',
  }),
  active: z.boolean().default(true),
  configurable: z.boolean().default(false),
  /** What the configurator offers; present exactly when `configurable` is true. */
  configurator: ConfiguratorContent.nullable().default(null),
  sizes: z.array(z.string()).default([]),
  colors: z.array(z.string()).default([]),
  specifications: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  images: z.array(z.object({ src: z.string(), alt: z.string() })).default([]),
  manual: z.string().nullable().default(null),
  variants: z.array(Variant).min(1),
})

type ConfigurableFields = Pick<
  z.output<typeof ProductFields>,
  'configurable' | 'configurator' | 'variants'
>

/**
 * A configurable product is designed in the configurator and made to measure: it has a
 * configurator, and a `-CUSTOM` variant (selected automatically, docs/configurator.md) that is
 * never in stock.
 */
function checkConfigurable<T extends ConfigurableFields>(
  product: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (product.configurable && product.configurator === null)
    ctx.addIssue({
      code: 'custom',
      path: ['configurator'],
      message: 'a configurable product (configurable: true) needs a configurator',
    })
  if (!product.configurable && product.configurator !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['configurable'],
      message: 'must be true when the product has a configurator',
    })
  if (!product.configurable) return
  const custom = product.variants.findIndex((variant) => variant.sku.includes('-CUSTOM'))
  if (custom === -1)
    ctx.addIssue({
      code: 'custom',
      path: ['variants'],
      message: 'a configurable product needs a -CUSTOM variant',
    })
  else if (product.variants[custom]!.in_stock)
    ctx.addIssue({
      code: 'custom',
      path: ['variants', custom, 'in_stock'],
      message: 'a made-to-measure variant is never in stock',
    })
}

/** A product as an owner writes it in content/products/<family>/<slug>.json. */
export const ProductContent = ProductFields.superRefine(checkConfigurable)
export type ProductContent = z.infer<typeof ProductContent>

/** A product as the API returns it (snake_case on the wire). */
export const Product = ProductFields.extend({
  discipline: Discipline.nullable(),
  configurator: ConfiguratorContent.nullable(),
  /** 0 only on a retired product whose row was written before weights were kept. */
  weight_grams: z.number().int().nonnegative(),
  /** False only on a retired product whose row was written before the waiver existed. */
  requires_waiver: z.boolean(),
  path: z.string(),
}).superRefine(checkConfigurable)
export type Product = z.infer<typeof Product>

export const ProductList = z.array(Product)
export type ProductList = z.infer<typeof ProductList>
