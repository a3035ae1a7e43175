import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FieldError, fieldDescribedBy } from '../../../components/form-field.tsx'
import { keepCommission, newPayoutKey, type DealerCommission } from '../api.ts'
import {
  amountProblem,
  notesProblem,
  parseAmountInput,
  payoutRefusal,
  type PayoutResult,
} from '../model.ts'

type Send = (body: { amount: number; notes?: string }, key: string) => Promise<DealerCommission>
type Field = 'amount' | 'notes'

const problemOf = (field: Field, value: string, sending = false) =>
  field === 'amount' ? amountProblem(value, sending) : notesProblem(value)

/**
 * A payout's amount and notes, sent once per press (its Idempotency-Key is made when the form is
 * sent and kept for a retry of the same values). The new balance and ledger come back with the
 * answer and show at once. A refusal shows under its field and keeps what was typed.
 *
 * A field's message is about what the field holds now: it is checked when the dealer leaves the
 * field or sends the form, and from then on at every change, so a fixed or emptied field loses a
 * message that no longer applies (the shop's own reason included). What became of the request is
 * told through `onResult`, for the caller to show where it outlives this form (a change closes
 * the form; a request for the whole balance leaves no form to show).
 */
export function PayoutForm({
  id,
  initialAmount = '',
  initialNotes = '',
  submitLabel,
  sentText,
  send,
  onResult,
  onDone,
  onCancel,
  focusOnOpen = false,
}: {
  id: string
  initialAmount?: string
  initialNotes?: string
  submitLabel: string
  sentText: string
  send: Send
  onResult: (result: PayoutResult | undefined) => void
  onDone?: (commission: DealerCommission) => void
  /** Shown as a second button: closes the form with nothing sent. */
  onCancel?: () => void
  /** Opened in place of the button pressed: focus goes on to the amount. */
  focusOnOpen?: boolean
}) {
  const client = useQueryClient()
  const [values, setValues] = useState<Record<Field, string>>({
    amount: initialAmount,
    notes: initialNotes,
  })
  const [problem, setProblem] = useState<Partial<Record<Field, string>>>({})
  // Fields checked at every change: those left once, or all after a press of the button.
  const [checked, setChecked] = useState<Partial<Record<Field, boolean>>>({})
  const amountInput = useRef<HTMLInputElement>(null)
  const notesInput = useRef<HTMLTextAreaElement>(null)
  // The result shown points to a field's reason ("see why under the amount"): it goes with it.
  const [pointing, setPointing] = useState(false)
  // One key per set of values: a retry after a lost answer is the same request.
  const [key, setKey] = useState<{ values: string; key: string }>()
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: ({ body, key }: { body: { amount: number; notes?: string }; key: string }) =>
      send(body, key),
    onSuccess: (commission) => {
      keepCommission(client, commission)
      setKey(undefined)
      if (!initialAmount) {
        setValues({ amount: '', notes: '' })
        setChecked({})
      }
      onResult({ tone: 'sent', text: sentText })
      onDone?.(commission)
    },
    onError: (error) => {
      const refusal = payoutRefusal(error)
      setProblem(refusal.fields)
      setPointing(Object.values(refusal.fields).some(Boolean))
      onResult(refusal.result)
    },
  })

  useEffect(() => {
    if (focusOnOpen) amountInput.current?.focus()
  }, [focusOnOpen])

  const change = (field: Field, value: string) => {
    setValues((all) => ({ ...all, [field]: value }))
    if (checked[field] || problem[field])
      setProblem((all) => ({ ...all, [field]: problemOf(field, value) }))
    if (pointing) {
      setPointing(false)
      onResult(undefined)
    }
  }

  const leave = (field: Field) => {
    setChecked((all) => ({ ...all, [field]: true }))
    setProblem((all) => ({ ...all, [field]: problemOf(field, values[field]) }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onResult(undefined)
    setPointing(false)
    setChecked({ amount: true, notes: true })
    const found = {
      amount: problemOf('amount', values.amount, true),
      notes: problemOf('notes', values.notes, true),
    }
    setProblem(found)
    const parsed = parseAmountInput(values.amount)
    if (!parsed.ok || found.notes) {
      // Nothing was sent: the dealer goes to the field to fix, its message read with it.
      if (found.amount) amountInput.current?.focus()
      else notesInput.current?.focus()
      return
    }
    const notes = values.notes.trim()
    const body = notes ? { amount: parsed.minor, notes } : { amount: parsed.minor }
    const sent = JSON.stringify(body)
    const made = key?.values === sent ? key : { values: sent, key: newPayoutKey() }
    setKey(made)
    mutation.mutate({ body, key: made.key })
  }

  const fieldId = (field: Field) => `${id}-${field}`
  const control = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    'aria-invalid': problem[field] ? true : undefined,
    'aria-describedby': fieldDescribedBy(fieldId(field), problem[field]),
    onBlur: () => leave(field),
  })
  return (
    <form className="dealer-form" onSubmit={submit} noValidate>
      <div className="field dealer-field">
        <label htmlFor={fieldId('amount')}>Amount (USD)</label>
        <input
          {...control('amount')}
          ref={amountInput}
          inputMode="decimal"
          autoComplete="off"
          onChange={(event) => change('amount', event.target.value)}
        />
        <FieldError id={fieldId('amount')} error={problem.amount} />
      </div>
      <div className="field dealer-field">
        <label htmlFor={fieldId('notes')}>Notes for the shop (optional)</label>
        <textarea
          {...control('notes')}
          ref={notesInput}
          rows={2}
          onChange={(event) => change('notes', event.target.value)}
        />
        <FieldError id={fieldId('notes')} error={problem.notes} />
      </div>
      <div className="dealer-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="button button-secondary"
            disabled={mutation.isPending}
            onClick={onCancel}
          >
            Keep it as it is
          </button>
        )}
      </div>
    </form>
  )
}
