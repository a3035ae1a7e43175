import type { Camelized } from './camelized.ts'
import type { Configurator } from './configurator.ts'

/*
 * The one price computation of a configured item, for the configurator's summary and for the
 * server's order lines alike (the server never takes a total from the client). Pure: what was
 * chosen comes in as plain values, whether read from a draft or from an add-to-order `meta` list.
 */

/** The configurator block as the app holds it; the server camelizes its copy to match. */
export type PricingConfigurator = Pick<
  Camelized<Configurator>,
  | 'regions'
  | 'options'
  | 'accents'
  | 'colorTypePrices'
  | 'superCustom'
  | 'superDuperCustom'
  | 'cloudLite'
  | 'superAsym'
>

export interface PriceLine {
  label: string
  /** Minor units of the product's currency. */
  amount: number
}

/** The upgrades, in the one order the form, the price summary and the lead time list them. */
export const upgradeKeys = ['superCustom', 'superDuperCustom', 'cloudLite', 'superAsym'] as const
export type UpgradeKey = (typeof upgradeKeys)[number]

export interface PricedChoices {
  /** The chosen variant (or the product when none is chosen): name and price. */
  base: PriceLine
  /** Keys of the options switched on. */
  options: ReadonlySet<string>
  /** The accent's key (`none` costs nothing). */
  accent: string
  /** A region's colour on its left and right half (the same colour twice when symmetric). */
  regionColors(region: { id: string; defaultColor: string }): readonly [string, string]
  /** A palette colour's type (`standard`, `fluoro`, `metallic`, …). */
  colorType(colorId: string): string
  upgrades: Readonly<Record<UpgradeKey, boolean>>
}

/** The upgrades the configurator offers, with their label and price. */
export function offeredUpgrades(configurator: PricingConfigurator) {
  return upgradeKeys.flatMap((key) => {
    const offer = configurator[key]
    if (!offer) return []
    return [{ key, label: offer.label, price: offer.price, leadTimeWeeks: offer.leadTimeWeeks }]
  })
}

/**
 * What one item costs, line by line (minor units): the base price, then each addition: chosen
 * options, the accent, a surcharge per region per palette type used on it, chosen upgrades.
 */
export function priceLines(configurator: PricingConfigurator, choices: PricedChoices): PriceLine[] {
  const lines: PriceLine[] = [choices.base]
  for (const option of configurator.options)
    if (choices.options.has(option.key)) lines.push({ label: option.label, amount: option.price })
  const accent = configurator.accents.find((a) => a.key === choices.accent)
  if (accent) lines.push({ label: `${accent.label} accent`, amount: accent.price })
  const surcharges = new Map(configurator.colorTypePrices.map((c) => [c.type, c.price]))
  for (const region of configurator.regions) {
    const types = new Set(choices.regionColors(region).map((color) => choices.colorType(color)))
    for (const type of types) {
      const amount = surcharges.get(type)
      if (amount) lines.push({ label: `${region.label} in ${type}`, amount })
    }
  }
  for (const upgrade of offeredUpgrades(configurator))
    if (choices.upgrades[upgrade.key]) lines.push({ label: upgrade.label, amount: upgrade.price })
  return lines
}

/** One item's price with every addition. */
export function unitPrice(configurator: PricingConfigurator, choices: PricedChoices): number {
  return priceLines(configurator, choices).reduce((sum, line) => sum + line.amount, 0)
}

/**
 * The keys of an add-to-order `meta` list (docs/configurator.md) as the configurator writes them
 * (src/features/configurator/payload.ts), read back here to price and check a line.
 */
export const metaKeys = {
  totalPrice: 'total_price',
  size: 'size',
  accent: 'accent',
  cloudLiteKey: 'cloud_lite_key',
  superAsym: 'super_asym',
  childSuperCustomCheck: 'child_super_custom_check',
  pcEditState: 'pc_edit_state',
  pcPatternUrl: 'pc_pattern_url',
  measurementUnits: 'measurement.units',
} as const

/**
 * The weeks a stored line's upgrades add to its production time, as the configurator counts
 * them: a super (duper) custom design is a child line, cloud lite and asymmetric are meta.
 */
export function upgradeWeeksOf(
  configurator: PricingConfigurator,
  line: { meta: readonly { key: string; value: string }[]; childSkus: readonly string[] },
): number {
  const chosen = (key: string) => line.meta.some((entry) => entry.key === key)
  const child = (offer: { sku: string; leadTimeWeeks: number } | null | undefined) =>
    offer && line.childSkus.includes(offer.sku) ? offer.leadTimeWeeks : 0
  return (
    child(configurator.superCustom) +
    child(configurator.superDuperCustom) +
    (configurator.cloudLite && chosen(metaKeys.cloudLiteKey)
      ? configurator.cloudLite.leadTimeWeeks
      : 0) +
    (configurator.superAsym && chosen(metaKeys.superAsym)
      ? configurator.superAsym.leadTimeWeeks
      : 0)
  )
}

/** Body measurements the configurator may send as `measurement.{field}`. */
export const measurementMetaFields = [
  'height',
  'weight',
  'chest',
  'waist',
  'hips',
  'inseam',
  'armSpan',
  'shoulderWidth',
  'torso',
] as const

/** The configurator block of a wire (snake_case) product, as the pricing functions read it. */
export function pricingConfiguratorOf(configurator: Configurator): PricingConfigurator {
  const upgrade = (offer: Configurator['super_custom']) =>
    offer && {
      sku: offer.sku,
      label: offer.label,
      price: offer.price,
      leadTimeWeeks: offer.lead_time_weeks,
    }
  return {
    regions: configurator.regions.map((r) => ({
      id: r.id,
      label: r.label,
      defaultColor: r.default_color,
    })),
    options: configurator.options,
    accents: configurator.accents,
    colorTypePrices: configurator.color_type_prices,
    superCustom: upgrade(configurator.super_custom),
    superDuperCustom: upgrade(configurator.super_duper_custom),
    cloudLite: configurator.cloud_lite && {
      label: configurator.cloud_lite.label,
      price: configurator.cloud_lite.price,
      leadTimeWeeks: configurator.cloud_lite.lead_time_weeks,
      keys: configurator.cloud_lite.keys,
    },
    superAsym: configurator.super_asym && {
      label: configurator.super_asym.label,
      price: configurator.super_asym.price,
      leadTimeWeeks: configurator.super_asym.lead_time_weeks,
    },
  }
}

/** What choicesFromMeta needs of a product. */
export interface MetaProduct {
  name: string
  /** The product's own price, for an order by the product's sku. */
  price: number
  sizes: readonly string[]
  /** Palette ids a non-configurable product comes in. */
  colors: readonly string[]
  variants: readonly { sku: string; name: string; price: number }[]
  configurator: PricingConfigurator | null
}

export interface MetaLine {
  key: string
  value: string
}

export interface MetaChild {
  sku: string
  meta: readonly MetaLine[]
}

export interface PricedMeta {
  /** Null for a product without a configurator (bags, apparel). */
  choices: PricedChoices | null
  /** One item's price with every addition, its children's upgrades included (minor units). */
  unitPrice: number
  /** The part of `unitPrice` made by upgrades (super custom designs, cloud lite, asymmetric). */
  upgradeAmount: number
  /** Each child's label and price, in the order given. */
  children: { sku: string; label: string; price: number }[]
}

export type MetaResult =
  { ok: true; priced: PricedMeta } | { ok: false; errors: { meta?: string[]; child?: string[] } }

const colorKeyPattern = /^color\.([a-z0-9-]+)(?:\.([lr]))?$/
const maxValueLength = { pattern: 20_000, measurement: 32 } as const

/**
 * An add-to-order line (`sku`, `meta`, `child`) read back into the pricing choices, checked
 * against the product: every key must be one the product offers and every value one of its
 * choices (a palette colour, an option, an accent, a size, a cloud lite fabric), and children
 * only the product's super custom or super duper custom design. The configurator's own
 * `total_price` is ignored: the price is computed here, with the same priceLines the
 * configurator uses. `colorTypes` maps each palette id to its type (standard, fluoro, …).
 */
export function choicesFromMeta(
  product: MetaProduct,
  sku: string,
  meta: readonly MetaLine[],
  child: readonly MetaChild[],
  colorTypes: ReadonlyMap<string, string>,
): MetaResult {
  const metaErrors: string[] = []
  const childErrors: string[] = []
  const values = new Map<string, string>()
  for (const { key, value } of meta) {
    if (values.has(key)) metaErrors.push(`"${key}" is given twice.`)
    values.set(key, value)
  }
  values.delete(metaKeys.totalPrice)
  const variant = product.variants.find((v) => v.sku === sku)
  const base = { label: variant?.name ?? product.name, amount: variant?.price ?? product.price }
  const configurator = product.configurator

  const size = values.get(metaKeys.size)
  if (size !== undefined && !product.sizes.includes(size))
    metaErrors.push(`Size "${size}" is not offered for ${product.name}.`)
  values.delete(metaKeys.size)

  if (!configurator) {
    const color = values.get('color')
    if (color !== undefined && !product.colors.includes(color))
      metaErrors.push(`Colour "${color}" is not offered for ${product.name}.`)
    values.delete('color')
    for (const key of values.keys())
      metaErrors.push(`"${key}" is not something ${product.name} can be ordered with.`)
    if (child.length > 0)
      childErrors.push(`${product.name} has no designs or upgrades to order with it.`)
    if (metaErrors.length > 0 || childErrors.length > 0) return failed(metaErrors, childErrors)
    return {
      ok: true,
      priced: { choices: null, unitPrice: base.amount, upgradeAmount: 0, children: [] },
    }
  }

  const asym = values.get(metaKeys.superAsym)
  values.delete(metaKeys.superAsym)
  if (asym !== undefined && (asym !== 'on' || !configurator.superAsym))
    metaErrors.push(
      configurator.superAsym
        ? `"${metaKeys.superAsym}" must be "on".`
        : `${product.name} has no asymmetric design.`,
    )
  const isAsym = asym === 'on' && configurator.superAsym !== null

  const colors = new Map<string, string>()
  const options = new Set<string>()
  let accent = 'none'
  let cloudLite = false
  for (const [key, value] of values) {
    const colorMatch = colorKeyPattern.exec(key)
    if (colorMatch) {
      const [, regionId, side] = colorMatch
      const region = configurator.regions.find((r) => r.id === regionId)
      if (!region) metaErrors.push(`${product.name} has no region "${regionId}" to colour.`)
      else if (Boolean(side) !== isAsym)
        metaErrors.push(
          isAsym
            ? `${region.label}: an asymmetric design colours each side ("${key}.l", "${key}.r").`
            : `${region.label}: a side of its own ("${key}") needs the asymmetric design.`,
        )
      else if (!colorTypes.has(value))
        metaErrors.push(`${region.label}: colour "${value}" is not in the palette.`)
      else colors.set(key, value)
    } else if (key.startsWith('option.')) {
      const option = key.slice('option.'.length)
      if (!configurator.options.some((o) => o.key === option))
        metaErrors.push(`${product.name} has no option "${option}".`)
      else if (value !== 'on') metaErrors.push(`"${key}" must be "on".`)
      else options.add(option)
    } else if (key === metaKeys.accent) {
      if (value !== 'none' && !configurator.accents.some((a) => a.key === value))
        metaErrors.push(`${product.name} has no accent "${value}".`)
      else accent = value
    } else if (key === metaKeys.cloudLiteKey) {
      if (!configurator.cloudLite) metaErrors.push(`${product.name} has no cloud lite fabric.`)
      else if (!configurator.cloudLite.keys.some((k) => k.key === value))
        metaErrors.push(`Cloud lite fabric "${value}" is not offered.`)
      else cloudLite = true
    } else if (key === metaKeys.measurementUnits) {
      if (value !== 'metric' && value !== 'imperial')
        metaErrors.push(`"${key}" must be "metric" or "imperial".`)
    } else if (key.startsWith('measurement.')) {
      const field = key.slice('measurement.'.length)
      if (!(measurementMetaFields as readonly string[]).includes(field))
        metaErrors.push(`"${field}" is not a measurement we take.`)
      else if (value.length > maxValueLength.measurement) metaErrors.push(`"${key}" is too long.`)
    } else {
      metaErrors.push(`"${key}" is not something ${product.name} can be ordered with.`)
    }
  }

  const upgrades: Record<UpgradeKey, boolean> = {
    superCustom: false,
    superDuperCustom: false,
    cloudLite,
    superAsym: isAsym,
  }
  const children: PricedMeta['children'] = []
  for (const [index, line] of child.entries()) {
    const key = (['superCustom', 'superDuperCustom'] as const).find(
      (k) => configurator[k]?.sku === line.sku,
    )
    const offer = key && configurator[key]
    if (!key || !offer) {
      childErrors.push(
        `Line ${index + 1}: "${line.sku}" is not a design ${product.name} can be ordered with.`,
      )
      continue
    }
    if (upgrades[key]) {
      childErrors.push(`Line ${index + 1}: "${line.sku}" is given twice.`)
      continue
    }
    upgrades[key] = true
    children.push({ sku: line.sku, label: offer.label, price: offer.price })
    const allowed = new Set<string>([metaKeys.pcEditState, metaKeys.pcPatternUrl])
    if (key === 'superCustom') allowed.add(metaKeys.childSuperCustomCheck)
    for (const entry of line.meta) {
      if (!allowed.has(entry.key))
        childErrors.push(`Line ${index + 1}: "${entry.key}" does not belong to a design.`)
      else if (entry.value.length > maxValueLength.pattern)
        childErrors.push(`Line ${index + 1}: "${entry.key}" is too long.`)
    }
  }
  if (upgrades.superCustom && upgrades.superDuperCustom)
    childErrors.push('Choose super custom or super duper custom, not both.')

  if (metaErrors.length > 0 || childErrors.length > 0) return failed(metaErrors, childErrors)
  const choices: PricedChoices = {
    base,
    options,
    accent,
    regionColors: (region) =>
      isAsym
        ? [
            colors.get(`color.${region.id}.l`) ?? region.defaultColor,
            colors.get(`color.${region.id}.r`) ?? region.defaultColor,
          ]
        : [
            colors.get(`color.${region.id}`) ?? region.defaultColor,
            colors.get(`color.${region.id}`) ?? region.defaultColor,
          ],
    colorType: (id) => colorTypes.get(id) ?? 'standard',
    upgrades,
  }
  const upgradeAmount = offeredUpgrades(configurator)
    .filter((upgrade) => upgrades[upgrade.key])
    .reduce((sum, upgrade) => sum + upgrade.price, 0)
  return {
    ok: true,
    priced: { choices, unitPrice: unitPrice(configurator, choices), upgradeAmount, children },
  }
}

function failed(meta: string[], child: string[]): MetaResult {
  return {
    ok: false,
    errors: { ...(meta.length > 0 ? { meta } : {}), ...(child.length > 0 ? { child } : {}) },
  }
}
