import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type DraftRecord } from '../../../lib/db.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { formatPrice } from '../../../lib/format-price.ts'
import { isRecord } from '../../../lib/is-record.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { DESIGN_ANCHOR } from '../link-names.ts'

interface SavedDesign {
  id: string
  name: string
  path: string
  updatedAt: number
  total: string | null
}

/** What a stored draft says about itself, if it is one the customer has worked on. */
function toSavedDesign(record: DraftRecord): SavedDesign | null {
  const { data } = record
  const meta = data.itemMetaData
  if (data.userHasMadeChanges !== true || !isRecord(meta)) return null
  if (typeof meta.name !== 'string' || typeof meta.path !== 'string') return null
  const total = isRecord(data.order) ? data.order.total_price : undefined
  return {
    id: record.id,
    name: meta.name,
    path: meta.path,
    updatedAt: record.updatedAt,
    total:
      typeof total === 'number' && typeof meta.currency === 'string'
        ? formatPrice(total, meta.currency)
        : null,
  }
}

/**
 * The designs kept on this device, newest first, so a customer who comes back days later finds
 * them from the store. Read live from IndexedDB: a change in another tab shows at once. Nothing
 * shows in the prerendered HTML or before there is a design.
 */
export function SavedDesigns() {
  const hydrated = useHydrated()
  const designs = useLiveQuery(
    async () =>
      (await db.drafts.orderBy('updatedAt').reverse().toArray())
        .map(toSavedDesign)
        .filter((design) => design !== null),
    [],
  )
  if (!hydrated || !designs || designs.length === 0) return null
  return (
    <section className="saved-designs" aria-labelledby="saved-designs-heading">
      <h2 id="saved-designs-heading">Your designs on this device</h2>
      <ul>
        {designs.map((design) => (
          <li key={design.id}>
            <Link to={design.path} hash={DESIGN_ANCHOR}>
              {design.name}
            </Link>{' '}
            <span className="note">
              {design.total && <>{design.total}, </>}
              last changed{' '}
              <time dateTime={new Date(design.updatedAt).toISOString()}>
                {formatDateTime(design.updatedAt)}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
