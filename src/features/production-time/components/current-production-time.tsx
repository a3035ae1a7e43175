import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { availabilityText, weeksText } from '../../../../contract/availability.ts'
import type { FamilyKey } from '../../../../contract/families.ts'
import { productionTimeQuery } from '../api.ts'
import { formatRevisionDate } from '../format.ts'

interface CurrentProductionTimeProps {
  category: FamilyKey
  /**
   * In the configurator: the weeks the chosen upgrades (super custom…) add, so the design's one
   * figure is the workshop's current time plus them. Absent on a product page.
   */
  addedWeeks?: number
}

/**
 * How long a made-to-order item of a category takes now: the workshop's current production time
 * (contract/availability.ts words it, as everywhere else). Fetched in the browser and shown when it
 * arrives. With no figures for the category, or no network, a product page goes without; the
 * configurator still says the design is made to order and what its upgrades add.
 */
export function CurrentProductionTime({ category, addedWeeks }: CurrentProductionTimeProps) {
  const { data } = useQuery(productionTimeQuery())
  const entry = data?.categories.find((c) => c.category === category)
  const added = addedWeeks ?? 0
  const plural = (n: number) => weeksText(n, n)
  if (!data || !entry) {
    if (addedWeeks === undefined) return null
    return (
      <p className="current-production-time" data-testid="lead-time">
        Made to order{added > 0 && `; your upgrades add ${plural(added)} to the production time`}.
      </p>
    )
  }
  const title = entry.title.toLowerCase()
  return (
    <p className="current-production-time" data-testid="lead-time">
      <strong>
        {availabilityText({
          inStock: false,
          weeksMin: entry.weeksMin + added,
          weeksMax: entry.weeksMax + added,
        })}
      </strong>
      {added > 0
        ? `: the workshop’s current ${weeksText(entry.weeksMin, entry.weeksMax)} for ${title}, plus ${plural(added)} for your upgrades`
        : `, the workshop’s current production time for ${title}`}{' '}
      (as of <time dateTime={data.updatedAt}>{formatRevisionDate(data.updatedAt)}</time>).{' '}
      <Link to="/production-time">All production times</Link>
    </p>
  )
}
