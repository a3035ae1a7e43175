import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { FamilyKey } from '../../../../contract/families.ts'
import { productionTimeQuery } from '../api.ts'
import { formatRevisionDate, formatWeeksRange } from '../format.ts'

/**
 * The current production time of a product's category, for its page. Fetched in the browser
 * and shown when it arrives; with no figures for the category, or no network, the page simply
 * goes without.
 */
export function CurrentProductionTime({ category }: { category: FamilyKey }) {
  const { data } = useQuery(productionTimeQuery())
  const entry = data?.categories.find((c) => c.category === category)
  if (!data || !entry) return null
  return (
    <p className="current-production-time">
      Current production time ({entry.title}):{' '}
      <strong>{formatWeeksRange(entry.weeksMin, entry.weeksMax)}</strong> (as of{' '}
      <time dateTime={data.updatedAt}>{formatRevisionDate(data.updatedAt)}</time>).{' '}
      <Link to="/production-time">All production times</Link>
    </p>
  )
}
