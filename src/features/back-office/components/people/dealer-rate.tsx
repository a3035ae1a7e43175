import { useId, useRef, useState, type FormEvent } from 'react'
import { setDealerRate, type DealerDetail } from '../../api/people.ts'
import { fieldError } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { bpOfPercentInput, percentOfBp, personName } from './people-model.ts'
import { useDealerAction } from './use-dealer-action.ts'

/**
 * The dealer's commission rate: typed in percent, sent in basis points (12.5 % → 1250), and
 * only after a dialog says the old rate and the new one. An admin's alone: staff read it.
 */
export function DealerRate({ dealer, canChange }: { dealer: DealerDetail; canChange: boolean }) {
  const current = dealer.rateBp
  return (
    <section className="people-section admin-no-print" aria-labelledby="dealer-rate">
      <h2 id="dealer-rate">Commission rate</h2>
      <p>
        {current === null
          ? 'None until the dealer is tied to its directory entry.'
          : `${percentOfBp(current)} of each order paid, less shipping.`}
      </p>
      {!canChange ? (
        <p className="people-note">Only an admin can change a dealer’s rate.</p>
      ) : current === null ? null : (
        <RateForm dealer={dealer} current={current} />
      )}
    </section>
  )
}

function RateForm({ dealer, current }: { dealer: DealerDetail; current: number }) {
  const change = useDealerAction((rateBp: number) => setDealerRate(dealer.id, rateBp))
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string>()
  const [asked, setAsked] = useState<number>()
  const [said, setSaid] = useState<Said>()
  const inputRef = useRef<HTMLInputElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const saidRef = useRef<HTMLParagraphElement>(null)
  const id = useId()
  const error = problem ?? fieldError(change.error, 'rateBp')
  const hintId = `${id}-hint`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = bpOfPercentInput(typed)
    let message: string | undefined
    if (!parsed.ok) message = parsed.message
    else if (parsed.rateBp === current) message = `The rate is ${percentOfBp(current)} already.`
    if (message || !parsed.ok) {
      setProblem(message)
      inputRef.current?.focus()
      return
    }
    setProblem(undefined)
    setSaid(undefined)
    change.reset()
    setAsked(parsed.rateBp)
  }

  const confirm = () => {
    if (asked === undefined) return
    change.mutate(asked, {
      onSuccess: (after) => {
        setAsked(undefined)
        setTyped('')
        setSaid(say(`The rate is now ${percentOfBp(after.rateBp ?? asked)}.`))
      },
    })
  }

  return (
    <>
      <form className="people-form" onSubmit={submit} noValidate>
        <div className="people-field">
          <label htmlFor={id}>New rate (%)</label>
          <p id={hintId} className="field-hint">
            0 to 50, two decimals at most. It counts from the next order paid.
          </p>
          <input
            ref={inputRef}
            id={id}
            className="people-input-short"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error && `${id}-error`].filter(Boolean).join(' ')}
            onChange={(event) => setTyped(event.target.value)}
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <ActionButton ref={triggerRef} type="submit">
          Change the rate…
        </ActionButton>
      </form>
      {asked === undefined && !fieldError(change.error, 'rateBp') && (
        <ActionFailure error={change.error} />
      )}
      <Announcement said={said} ref={saidRef} />
      <ConfirmDialog
        open={asked !== undefined}
        onOpenChange={(open) => !open && setAsked(undefined)}
        title="Change the rate?"
        confirmLabel={asked === undefined ? 'Change the rate' : `Change to ${percentOfBp(asked)}`}
        onConfirm={confirm}
        pending={change.isPending}
        error={change.error}
        returnFocus={said ? saidRef : triggerRef}
      >
        <p>
          {personName({ name: dealer.entry?.name ?? dealer.name, email: dealer.email })}’s rate goes
          from <strong>{percentOfBp(current)}</strong> to{' '}
          <strong>{asked === undefined ? '' : percentOfBp(asked)}</strong> of each order paid from
          now on, less shipping. Orders already paid keep what they earned.
        </p>
      </ConfirmDialog>
    </>
  )
}
