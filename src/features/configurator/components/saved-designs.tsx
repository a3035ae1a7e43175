import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type DraftRecord } from '../../../lib/db.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { formatMoney } from '../../../../contract/money.ts'
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
        ? formatMoney(total, meta.currency)
        : null,
  }
}

/** A family of products that can be designed, as a link to its listing. */
export interface DesignableFamily {
  title: string
  path: string
}

/**
 * The designs kept on this device, newest first, so a customer who comes back days later finds
 * them from the store (the tab bar's "Your designs" leads here). Read live from IndexedDB: a
 * change in another tab shows at once. None yet: it says so, and where designing starts.
 * Nothing shows in the prerendered HTML, which cannot know this device.
 */
export function SavedDesigns({ designable = [] }: { designable?: readonly DesignableFamily[] }) {
  const hydrated = useHydrated()
  const designs = useLiveQuery(
    async () =>
      (await db.drafts.orderBy('updatedAt').reverse().toArray())
        .map(toSavedDesign)
        .filter((design) => design !== null),
    [],
  )
  if (!hydrated) return null
  return (
    <section className="saved-designs" aria-labelledby="saved-designs-heading">
      <h2 id="saved-designs-heading">Your designs on this device</h2>
      {designs?.length === 0 && <NoDesignsYet designable={designable} />}
      {designs && designs.length > 0 && (
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
      )}
    </section>
  )
}

function NoDesignsYet({ designable }: { designable: readonly DesignableFamily[] }) {
  return (
    <>
      <p>
        No designs on this device yet. Choose colours, size and options on a product&apos;s page and
        the design is kept here as you go, also offline.
      </p>
      {designable.length > 0 && (
        <p>
          Products you can design:{' '}
          {designable.map((family, index) => (
            <span key={family.path}>
              {index > 0 && ', '}
              <Link to={family.path}>{family.title}</Link>
            </span>
          ))}
          .
        </p>
      )}
    </>
  )
}
