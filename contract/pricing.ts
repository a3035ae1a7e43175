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
