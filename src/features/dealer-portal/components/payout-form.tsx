import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { maxPayoutNotesLength } from '../../../../contract/dealer.ts'
import { NetworkError, ValidationError } from '../../../lib/api-client.ts'
import { keepCommission, newPayoutKey, type DealerCommission } from '../api.ts'
import { parseAmountInput } from '../model.ts'

type Send = (body: { amount: number; notes?: string }, key: string) => Promise<DealerCommission>

/**
 * A payout's amount and notes, sent once per press (its Idempotency-Key is made when the form is
 * sent and kept for a retry of the same values). The new balance and ledger come back with the
 * answer and show at once. A refusal shows under its field and keeps what was typed.
 */
export function PayoutForm({
  id,
  initialAmount = '',
  initialNotes = '',
  submitLabel,
  send,
  onDone,
}: {
  id: string
  initialAmount?: string
  initialNotes?: string
  submitLabel: string
  send: Send
  onDone?: (commission: DealerCommission) => void
}) {
  const client = useQueryClient()
  const [amount, setAmount] = useState(initialAmount)
  const [notes, setNotes] = useState(initialNotes)
  const [problem, setProblem] = useState<{ amount?: string; notes?: string; form?: string }>({})
  const [sent, setSent] = useState<string>()
  // One key per set of values: a retry after a lost answer is the same request.
  const [key, setKey] = useState<{ values: string; key: string }>()
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: ({ body, key }: { body: { amount: number; notes?: string }; key: string }) =>
      send(body, key),
    onSuccess: (commission) => {
      keepCommission(client, commission)
      setKey(undefined)
      setSent('Sent. Your balance and ledger below show it.')
      if (!initialAmount) {
        setAmount('')
        setNotes('')
      }
      onDone?.(commission)
    },
    onError: (error) => {
      if (error instanceof ValidationError)
        setProblem({
          amount: error.errors.amount?.[0],
          notes: error.errors.notes?.[0],
          form:
            error.errors.amount || error.errors.notes
              ? undefined
              : (Object.values(error.errors)[0]?.[0] ?? error.message),
        })
      else if (error instanceof NetworkError)
        setProblem({ form: 'This device is offline: nothing was sent. Try again when online.' })
      else setProblem({ form: error.message })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSent(undefined)
    const parsed = parseAmountInput(amount)
    if (!parsed.ok) {
      setProblem({ amount: parsed.message })
      return
    }
    if (notes.length > maxPayoutNotesLength) {
      setProblem({ notes: `Notes are at most ${maxPayoutNotesLength} characters.` })
      return
    }
    setProblem({})
    const body = notes.trim()
      ? { amount: parsed.minor, notes: notes.trim() }
      : { amount: parsed.minor }
    const values = JSON.stringify(body)
    const made = key?.values === values ? key : { values, key: newPayoutKey() }
    setKey(made)
    mutation.mutate({ body, key: made.key })
  }

  const described = (field: 'amount' | 'notes') =>
    problem[field] ? `${id}-${field}-error` : undefined
  return (
    <form className="dealer-form" onSubmit={submit} noValidate>
      <div className="field dealer-field">
        <label htmlFor={`${id}-amount`}>Amount (USD)</label>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={problem.amount ? true : undefined}
          aria-describedby={described('amount')}
          onChange={(event) => setAmount(event.target.value)}
        />
        {problem.amount && (
          <p id={`${id}-amount-error`} className="field-error">
            {problem.amount}
          </p>
        )}
      </div>
      <div className="field dealer-field">
        <label htmlFor={`${id}-notes`}>Notes for the shop (optional)</label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          rows={2}
          value={notes}
          aria-invalid={problem.notes ? true : undefined}
          aria-describedby={described('notes')}
          onChange={(event) => setNotes(event.target.value)}
        />
        {problem.notes && (
          <p id={`${id}-notes-error`} className="field-error">
            {problem.notes}
          </p>
        )}
      </div>
      {problem.form && (
        <p role="alert" className="form-problem">
          {problem.form}
        </p>
      )}
      {sent && <p role="status">{sent}</p>}
      <button type="submit" className="button" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : submitLabel}
      </button>
    </form>
  )
}
