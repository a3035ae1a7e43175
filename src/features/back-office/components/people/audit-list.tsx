import type { Camelized } from '../../../../lib/api-client.ts'
import type { AuditEntry } from '../../../../../contract/admin.ts'
import { formatWhen } from './people-model.ts'

type Entry = Camelized<AuditEntry>

const actionLabels: Record<string, string> = {
  'user.login_link': 'Sign-in link made',
  'user.sign_out_everywhere': 'Signed out everywhere',
  'dealer.tie': 'Tied to a directory entry',
  'dealer.rate': 'Rate changed',
  'dealer.link_customer': 'Customer linked',
  'dealer.unlink_customer': 'Customer unlinked',
  'dealer.payout_paid': 'Payout marked paid',
  'discount_code.create': 'Code created',
  'discount_code.edit': 'Code changed',
  'discount_code.end': 'Code ended',
}

/** A detail's name in words: the client camelCases the log's keys (`sessionsEnded`). */
const detailName = (key: string) => key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)

/** A detail's value as plain text: the log holds small JSON (ids, amounts, from/to pairs). */
function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value)
}

/**
 * What the back office did to an account, a dealer or a code (its audit rows, oldest first): who,
 * what, when and from which session, as the server logged it.
 */
export function AuditList({
  entries,
  headingId,
}: {
  entries: readonly Entry[]
  headingId: string
}) {
  return (
    <section className="people-section" aria-labelledby={headingId}>
      <h2 id={headingId}>What the back office did</h2>
      {entries.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="people-audit">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p>
                <strong>{actionLabels[entry.action] ?? entry.action}</strong>,{' '}
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>, by{' '}
                {entry.actor.email ?? 'an account that is gone'} ({entry.actor.role}), session{' '}
                <code>{entry.session}</code>
              </p>
              {Object.keys(entry.details).length > 0 && (
                <dl className="people-audit-details">
                  {Object.entries(entry.details).map(([key, value]) => (
                    <div key={key}>
                      <dt>{detailName(key)}</dt>
                      <dd>{detailText(value)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
