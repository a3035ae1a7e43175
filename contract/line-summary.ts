import { metaKeys, type MetaLine, type PricingConfigurator } from './pricing.ts'

/*
 * What the cart says of a configured line, in the customer's words: its size, colours, options,
 * accent and upgrades. One function for the server's cart (`summary` of each line) and for the
 * page, which shows a line added on this device before the server has it, so a waiting line reads
 * as it will once synced (and the "Added" overlay says the same).
 */

/** The line a configurator upgrade's sku makes in the cart ("Super custom design"), else the sku. */
export function upgradeLabel(configurator: PricingConfigurator | null, sku: string): string {
  if (configurator?.superCustom?.sku === sku) return `${configurator.superCustom.label} design`
  if (configurator?.superDuperCustom?.sku === sku)
    return `${configurator.superDuperCustom.label} design`
  return sku
}

export interface SummarizedLine {
  sku: string
  meta: readonly MetaLine[]
  /** The skus of its child lines (a super custom or super duper custom design). */
  childSkus: readonly string[]
}

/**
 * Human lines describing a line's configuration. `colorName` names a palette id (the id itself
 * when the palette does not know it).
 */
export function lineSummary(
  line: SummarizedLine,
  configurator: PricingConfigurator | null,
  colorName: (id: string) => string,
): string[] {
  const meta = new Map(line.meta.map((entry) => [entry.key, entry.value]))
  const summary: string[] = []
  const size = meta.get(metaKeys.size)
  if (size) summary.push(`Size: ${size}`)
  else if (line.sku.includes('-CUSTOM')) summary.push('Made to measure')
  if (!configurator) {
    const color = meta.get('color')
    if (color) summary.push(`Colour: ${colorName(color)}`)
    return summary
  }
  const asym = meta.get(metaKeys.superAsym) === 'on'
  const regions = configurator.regions.flatMap((region) => {
    const whole = meta.get(`color.${region.id}`)
    const left = meta.get(`color.${region.id}.l`)
    const right = meta.get(`color.${region.id}.r`)
    if (asym && left && right)
      return [
        left === right
          ? `${region.label} ${colorName(left)}`
          : `${region.label} ${colorName(left)} / ${colorName(right)}`,
      ]
    return whole ? [`${region.label} ${colorName(whole)}`] : []
  })
  if (regions.length > 0) summary.push(`Colours: ${regions.join(', ')}`)
  const options = configurator.options
    .filter((option) => meta.get(`option.${option.key}`) === 'on')
    .map((option) => option.label)
  if (options.length > 0) summary.push(`Options: ${options.join(', ')}`)
  const accent = configurator.accents.find((a) => a.key === meta.get(metaKeys.accent))
  if (accent) summary.push(`Accent: ${accent.label}`)
  const fabric = configurator.cloudLite?.keys.find((k) => k.key === meta.get(metaKeys.cloudLiteKey))
  if (fabric && configurator.cloudLite)
    summary.push(`${configurator.cloudLite.label}: ${fabric.label}`)
  if (asym && configurator.superAsym) summary.push(configurator.superAsym.label)
  for (const sku of line.childSkus) summary.push(upgradeLabel(configurator, sku))
  return summary
}
