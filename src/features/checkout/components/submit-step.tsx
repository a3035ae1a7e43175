import { useId, useState, type FormEvent } from 'react'
import type { SubmitDisplay, SubmitRequest } from '../../../../store-db/cart-outbox-model.ts'
import { checkNotes, checkoutMessages, problemOf } from '../model.ts'
import { CheckField, TextArea } from './fields.tsx'
import { FormStatus } from '../../../components/form-field.tsx'

/** The order a submit made, as the shop answered (camelCase). */
export interface SubmittedOrder {
  id: string
  status: string
  currency: string
  total: number
  paymentDueToday: boolean
}

export type SubmitOutcome = { outcome: 'saved'; order: SubmittedOrder } | { outcome: 'queued' }

/** How the route has the cart submitted: through the cart's outbox (cart feature). */
export type SubmitOrder = (request: SubmitRequest, order: SubmitDisplay) => Promise<SubmitOutcome>

/**
 * The last step: notes for the workshop and the newsletter (unticked unless the customer ticks
 * it, docs/checkout.md), then submit {notes, optIn}. A made-to-order order (nothing to pay today)
 * may be submitted offline: it waits on the device and is sent once when the network returns. An
 * order to pay now needs the network, and says so.
 */
export function SubmitStep({
  payNow,
  notes,
  optIn,
  onChange,
  online,
  display,
  submit,
  onSubmitted,
}: {
  payNow: boolean
  notes: string
  optIn: boolean
  onChange: (change: { notes?: string; optIn?: boolean }) => void
  online: boolean
  display: SubmitDisplay
  submit: SubmitOrder
  onSubmitted: (outcome: SubmitOutcome) => void
}) {
  const uid = useId()
  const [errors, setErrors] = useState<{ notes?: string | undefined }>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  const send = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    const notesError = checkNotes(notes)
    setErrors({ notes: notesError })
    if (notesError) {
      document.getElementById(`${uid}-notes`)?.focus()
      return
    }
    if (payNow && !online) {
      setProblem(
        'This device is offline. Paying needs a network connection: submit when you are back online. Your notes are kept here.',
      )
      return
    }
    setPending(true)
    try {
      onSubmitted(await submit({ notes, optIn }, display))
    } catch (error) {
      const failed = problemOf(error, ['notes', 'optIn'] as const)
      setErrors({ notes: failed.fields.notes })
      setProblem(
        failed.form ??
          failed.fields.optIn ??
          (error instanceof Error ? error.message : checkoutMessages.failed),
      )
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void send(event)}>
      <TextArea
        id={`${uid}-notes`}
        label="Notes for the workshop"
        hint="Anything we should know about your order."
        value={notes}
        onChange={(value) => onChange({ notes: value })}
        error={errors.notes}
      />
      <CheckField
        id={`${uid}-opt-in`}
        label="Send me the Glidecraft newsletter"
        checked={optIn}
        onChange={(value) => onChange({ optIn: value })}
      />
      <FormStatus problem={problem} />
      {!online && !problem && (
        <p className="note">
          {payNow
            ? 'This device is offline: paying needs a network connection. What you typed is kept here.'
            : 'This device is offline. You can still submit: your order waits on this device and is sent once the network returns.'}
        </p>
      )}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Submitting…' : payNow ? 'Submit and go to payment' : 'Submit order'}
        </button>
      </div>
    </form>
  )
}
