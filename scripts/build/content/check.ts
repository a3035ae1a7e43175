/**
 * Checks everything under content/ with the loader the seed and the prerender use
 * (server/content/load.ts) and prints what it holds, or every problem found:
 * `tsx scripts/build/content/check.ts [contentDir]`. Exits non-zero on a problem, so a build can run it.
 */
import { ContentError, loadContent } from '../../../server/content/load.ts'

try {
  const { productionTime, archive, shippingRates, ...lists } = await loadContent(
    process.argv[2] ?? 'content',
  )
  const counts = [
    ...Object.entries(lists).map(([name, items]) => `${name} ${items.length}`),
    `archive ${archive.reduce((sum, file) => sum + file.entries.length, 0)}`,
    `production times ${productionTime.categories.length}`,
    `shipping zones ${shippingRates.zones.length} (${shippingRates.zones.reduce((sum, zone) => sum + zone.countries.length, 0)} countries)`,
  ]
  console.log(`content ok: ${counts.join(', ')}`)
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
