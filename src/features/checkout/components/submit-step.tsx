import { useId, useState, type FormEvent } from 'react'
import type { SubmitDisplay, SubmitRequest } from '../../../../store-db/cart-outbox-model.ts'
import { checkNotes, checkoutMessages, problemOf, type CheckoutCart } from '../model.ts'
import { CheckField, TextArea } from './fields.tsx'
import { OrderReview } from './order-review.tsx'
import { refusal, StepProblem, type StepRefusal } from './step-problem.tsx'

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
 * it, docs/checkout.md), the order to check right above the button (its lines, the amount, the
 * waiver signed), then submit {notes, optIn}. A made-to-order order (nothing to pay today) may be
 * submitted offline: it waits on the device and is sent once when the network returns. An order
 * to pay now needs the network, and says so. A refusal is shown and focused where the customer
 * tapped; what a submit leads to (paying, waiting to send) is the screen's.
 */
export function SubmitStep({
  payNow,
  notes,
  optIn,
  onChange,
  online,
  cart,
  submit,
  onSubmitted,
}: {
  payNow: boolean
  notes: string
  optIn: boolean
  onChange: (change: { notes?: string; optIn?: boolean }) => void
  online: boolean
  cart: CheckoutCart
  submit: SubmitOrder
  onSubmitted: (outcome: SubmitOutcome) => void
}) {
  const uid = useId()
  const [errors, setErrors] = useState<{ notes?: string | undefined }>({})
  const [problem, setProblem] = useState<StepRefusal>()
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
        refusal(
          'This device is offline. Paying needs a network connection: submit when you are back online. Your notes are kept here.',
        ),
      )
      return
    }
    // What the customer saw when they submitted: shown while the order waits to be sent.
    const display: SubmitDisplay = {
      itemCount: cart.itemCount,
      total: cart.total,
      currency: cart.currency,
      names: cart.items.map((line) => line.name),
    }
    setPending(true)
    try {
      onSubmitted(await submit({ notes, optIn }, display))
    } catch (error) {
      const failed = problemOf(error, ['notes', 'optIn'] as const)
      setErrors({ notes: failed.fields.notes })
      const said = failed.form ?? failed.fields.optIn
      // The notes alone refused: the message stands under them, and they take focus.
      if (!said && failed.fields.notes) {
        document.getElementById(`${uid}-notes`)?.focus()
        return
      }
      setProblem(
        refusal(said ?? (error instanceof Error ? error.message : checkoutMessages.failed)),
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
      <OrderReview cart={cart} payNow={payNow} commitId={`${uid}-commit`} />
      <StepProblem problem={problem} />
      {!online && !problem && (
        <p className="note">
          {payNow
            ? 'This device is offline: paying needs a network connection. What you typed is kept here.'
            : 'This device is offline. You can still submit: your order waits on this device and is sent once the network returns.'}
        </p>
      )}
      <div className="checkout-actions">
        <button
          type="submit"
          className="button"
          disabled={pending}
          aria-describedby={`${uid}-commit`}
        >
          {pending ? 'Submitting…' : payNow ? 'Submit and go to payment' : 'Submit order'}
        </button>
      </div>
    </form>
  )
}
