import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { dealersQuery, tieDealer, type DealerDetail } from '../../api/people.ts'
import { fieldError } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { ReadProblem } from '../read-problem.tsx'
import { useDealerAction } from './use-dealer-action.ts'

/**
 * Ties the dealer to its directory entry (content/dealers.json), or moves it to another: its
 * customers, ledger and invitation code stay. The entries offered are the active ones no other
 * dealer holds. A first tie is at 10 % (an admin changes the rate below).
 */
export function DealerTie({ dealer }: { dealer: DealerDetail }) {
  const directory = useQuery(dealersQuery())
  const tie = useDealerAction((slug: string) => tieDealer(dealer.id, { slug }))
  const [slug, setSlug] = useState(dealer.entry?.slug ?? '')
  const [said, setSaid] = useState<Said>()
  const saidRef = useRef<HTMLParagraphElement>(null)
  const id = useId()
  const tied = dealer.entry !== null

  const entries =
    directory.data?.data.directory.filter(
      (entry) => entry.active && (entry.dealerId === null || entry.dealerId === dealer.id),
    ) ?? []
  const slugError = fieldError(tie.error, 'slug') ?? fieldError(tie.error, 'id')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!slug || slug === dealer.entry?.slug) return
    tie.mutate(slug, {
      onSuccess: (after) => setSaid(say(`Tied to ${after.entry?.name ?? slug}.`)),
    })
  }

  return (
    <section className="people-section admin-no-print" aria-labelledby="dealer-tie">
      <h2 id="dealer-tie">Directory entry</h2>
      <p>
        {tied
          ? 'Move the dealer to another entry: its customers, ledger and invitation stay.'
          : 'Tie the dealer to its entry in the directory: it then earns commission (10 % until an admin changes it) and gets its invitation link.'}
      </p>
      {directory.data ? (
        <form className="people-form" onSubmit={submit} noValidate>
          <div className="people-field">
            <label htmlFor={id}>Entry</label>
            <select
              id={id}
              value={slug}
              aria-invalid={slugError ? true : undefined}
              aria-describedby={slugError ? `${id}-error` : undefined}
              onChange={(event) => setSlug(event.target.value)}
            >
              {!tied && <option value="">Choose an entry</option>}
              {entries.map((entry) => (
                <option key={entry.slug} value={entry.slug}>
                  {entry.name}, {entry.city}, {entry.country}
                </option>
              ))}
            </select>
            {slugError && (
              <p id={`${id}-error`} className="field-error">
                {slugError}
              </p>
            )}
          </div>
          <ActionButton
            type="submit"
            pending={tie.isPending}
            disabled={!slug || slug === dealer.entry?.slug}
          >
            {tied ? 'Move to this entry' : 'Tie to this entry'}
          </ActionButton>
        </form>
      ) : (
        <ReadProblem read={directory} what="directory" />
      )}
      {!slugError && <ActionFailure error={tie.error} />}
      <Announcement said={said} ref={saidRef} />
    </section>
  )
}
