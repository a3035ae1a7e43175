import { z } from 'zod'
import { plainText } from './plain-text.ts'
import { Slug } from './slug.ts'

/**
 * What a configurable product offers its configurator (docs/configurator.md: order draft), as an
 * owner writes it in the product's content file under `configurator`. Prices are minor units in the
 * product's currency and are added to the selected variant's price; lead times are weeks added to
 * the product's lead time. Everything here is served by the API with the product, so the draft can
 * be priced offline from the catalog snapshot and checked again by the server.
 */

/**
 * The drawings the app can paint, and the ids of the regions each one has. A region the
 * customer colours is painted on both sides of the suit; with the asymmetric option its left
 * and right halves (`{id}-l`, `{id}-r` in the SVG) take their own colours. Plain data, so the
 * app can check ids without loading zod.
 */
export const drawingRegions = {
  wingsuit: ['body', 'arm-wing', 'leg-wing', 'sleeve', 'leg', 'inlet', 'zip-trim'],
  trackingsuit: ['body', 'sleeve', 'leg', 'arm-panel', 'leg-panel', 'zip-trim'],
  container: ['main-flap', 'side-flap', 'leg-pad', 'yoke', 'binding'],
} as const

/** Parts a drawing can show or hide with an option (booties, a camera mount, …). */
export const drawingParts = {
  wingsuit: ['booties', 'grippers', 'cutaway-handles', 'reflective-tape', 'logo'],
  trackingsuit: ['booties', 'grippers', 'hood', 'reflective-tape', 'logo'],
  container: ['pilot-chute-pouch', 'skyhook', 'cypres-window', 'reflective-tape', 'logo'],
} as const

export type DrawingKind = keyof typeof drawingRegions
export const drawingKinds = Object.keys(drawingRegions) as [DrawingKind, ...DrawingKind[]]

const key = Slug
const paletteId = z.string().regex(/^[a-z][0-9][A-Z]$/, 'must be a palette id such as n4D')
const price = z.number().int().nonnegative()
const weeks = z.number().int().nonnegative()

export const ConfiguratorRegion = z.object({
  id: key,
  label: z.string().min(1),
  /** The colour the region has until the customer chooses one. */
  default_color: paletteId,
})

export const ConfiguratorOption = z.object({
  key,
  label: z.string().min(1),
  description: z.string().default(''),
  price,
  /** Drawing parts shown while the option is chosen (docs/configurator.md: svgIdsToShow). */
  show: z.array(key).default([]),
  /** Drawing parts hidden while the option is chosen (docs/configurator.md: svgIdsToHide). */
  hide: z.array(key).default([]),
})

export const ConfiguratorAccent = z.object({
  key,
  label: z.string().min(1),
  price,
  /** The accent's own colour, painted on the drawing's trim. */
  color: paletteId,
})

/** An upgrade that becomes its own order line (a `child` of the suit in POST /api/order/add). */
export const ConfiguratorUpgrade = z.object({
  sku: z.string().min(1),
  label: z.string().min(1),
  price,
  lead_time_weeks: weeks,
})

export const Configurator = z.object({
  drawing: z.enum(drawingKinds),
  regions: z.array(ConfiguratorRegion).min(1),
  /** Drawing parts drawn before any option is chosen (the logo, standard grippers, …). */
  parts: z.array(key).default([]),
  options: z.array(ConfiguratorOption).default([]),
  /**
   * Accents besides 'none' (docs/configurator.md: default orderAccent), which is always offered and
   * free.
   */
  accents: z.array(ConfiguratorAccent).default([]),
  /** A surcharge per region painted in a colour of this palette type (fluoro, metallic). */
  color_type_prices: z.array(z.object({ type: z.string().min(1), price })).default([]),
  super_custom: ConfiguratorUpgrade.nullable().default(null),
  super_duper_custom: ConfiguratorUpgrade.nullable().default(null),
  cloud_lite: z
    .object({
      label: z.string().min(1),
      price,
      lead_time_weeks: weeks,
      /** The cloud lite fabrics; the chosen one is the draft's cloudLiteKey. */
      keys: z.array(z.object({ key, label: z.string().min(1) })).min(1),
    })
    .nullable()
    .default(null),
  super_asym: z
    .object({ label: z.string().min(1), price, lead_time_weeks: weeks })
    .nullable()
    .default(null),
})
export type Configurator = z.infer<typeof Configurator>

/** Checks ids against the drawing: a region or part the drawing lacks could never be painted. */
export const ConfiguratorContent = Configurator.superRefine((value, ctx) => {
  const regions: readonly string[] = drawingRegions[value.drawing]
  const parts: readonly string[] = drawingParts[value.drawing]
  value.regions.forEach((region, index) => {
    if (!regions.includes(region.id))
      ctx.addIssue({
        code: 'custom',
        path: ['regions', index, 'id'],
        message: `the ${value.drawing} drawing has no region "${region.id}" (it has ${regions.join(', ')})`,
      })
  })
  value.parts.forEach((part, index) => {
    if (!parts.includes(part))
      ctx.addIssue({
        code: 'custom',
        path: ['parts', index],
        message: `the ${value.drawing} drawing has no part "${part}" (it has ${parts.join(', ')})`,
      })
  })
  value.options.forEach((option, index) => {
    for (const field of ['show', 'hide'] as const)
      option[field].forEach((part, at) => {
        if (!parts.includes(part))
          ctx.addIssue({
            code: 'custom',
            path: ['options', index, field, at],
            message: `the ${value.drawing} drawing has no part "${part}" (it has ${parts.join(', ')})`,
          })
      })
  })
  for (const [field, list] of [
    ['regions', value.regions.map((r) => r.id)],
    ['options', value.options.map((o) => o.key)],
    ['accents', value.accents.map((a) => a.key)],
  ] as const) {
    const seen = new Set<string>()
    for (const id of list) {
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: [field], message: `"${id}" is listed twice` })
      seen.add(id)
    }
  }
  if (value.accents.some((a) => a.key === 'none'))
    ctx.addIssue({
      code: 'custom',
      path: ['accents'],
      message: '"none" is always offered; do not list it',
    })
})

/**
 * One line of the add-to-order payload's `meta` list. Keys and values are single-line text
 * the customer's choices make; a control or direction character in one is never a choice.
 */
export const OrderMeta = z.object({
  key: plainText(z.string().min(1)),
  value: plainText(z.string()),
})
export type OrderMeta = z.infer<typeof OrderMeta>

/** An order line that belongs to another (a super custom design belongs to its suit). */
export const OrderChild = z.object({
  sku: plainText(z.string().min(1)),
  qty: z.number().int().positive(),
  meta: z.array(OrderMeta),
})
export type OrderChild = z.infer<typeof OrderChild>

/**
 * POST /api/order/add (sku, qty as a number, meta list, child list; docs/cart-and-offline-sync.md).
 */
export const AddToOrderRequest = z.object({
  sku: plainText(z.string().min(1)),
  qty: z.number().int().positive().max(99),
  meta: z.array(OrderMeta),
  child: z.array(OrderChild),
})
export type AddToOrderRequest = z.infer<typeof AddToOrderRequest>
