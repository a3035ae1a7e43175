import * as Dialog from '@radix-ui/react-dialog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { formatMoney } from '../../../../../contract/money.ts'
import { FieldError, fieldDescribedBy } from '../../../../components/form-field.tsx'
import { ApiError, NetworkError } from '../../../../lib/api-client.ts'
import {
  keepOrderAnswer,
  newRefundKey,
  refundOrder,
  type AdminOrderDetail,
} from '../../api/orders.ts'
import { ActionFailure } from '../action-failure.tsx'
import { actionOptions, fieldError } from '../../query.ts'
import { ActionResult } from './action-result.tsx'
import { parseAmountInput, providerLabel, refundParts } from './order-model.ts'

type Order = AdminOrderDetail

/**
 * A failure after which the refund may or may not have happened: no answer, the shop failing, or
 * the same key still at work. Retrying that confirmation sends the same key, so the shop answers
 * the first request's outcome instead of refunding again.
 */
function outcomeUnknown(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof ApiError && (error.status >= 500 || error.status === 409))
  )
}

/** "$120.00 through Braintree (card)", or each gateway's part when several took the payments. */
function gatewaysText(order: Order, amount: number): string {
  const parts = refundParts(order.payments, amount)
  if (parts.length === 0) return 'through the gateway that took the payment'
  if (parts.length === 1) return `through ${providerLabel(parts[0]!.provider)}`
  return `in parts: ${parts
    .map(
      (part) =>
        `${formatMoney(part.amount, order.currency)} through ${providerLabel(part.provider)}`,
    )
    .join(', then ')}`
}

/**
 * Refund all or part of what was paid, through the gateways that took it (admin only: staff are
 * told so, and the server refuses them too). The amount is checked against what can still be
 * refunded, then confirmed in a dialog that says the amount and the gateway. The Idempotency-Key
 * is made when the owner confirms and kept while the outcome is unknown: confirming the same
 * amount again after a lost answer is the same request, so a double press or a lost answer never
 * refunds twice. What is sent is the amount confirmed (never "all", which a page read before
 * another refund would overstate).
 */
export function RefundForm({
  orderId,
  order,
  canRefund,
  offline,
}: {
  orderId: string
  order: Order
  canRefund: boolean
  offline: string | undefined
}) {
  const client = useQueryClient()
  const id = useId()
  const [whole, setWhole] = useState(true)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string>()
  const [confirming, setConfirming] = useState<number>()
  const [held, setHeld] = useState<{ amount: number; key: string }>()
  const [result, setResult] = useState<string>()
  const amountInput = useRef<HTMLInputElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const answered = useRef(false)
  // A second press before the first one's state is drawn (a double tap) sends nothing.
  const inFlight = useRef(false)
  const money = (amount: number) => formatMoney(amount, order.currency)

  const refund = useMutation({
    ...actionOptions,
    mutationFn: ({ amount, key }: { amount: number; key: string }) =>
      refundOrder(orderId, amount, key),
    onSuccess: async (answer, { amount }) => {
      await keepOrderAnswer(client, orderId, answer)
      // The dialog closes onto the result, which takes focus; not back to the form's button.
      answered.current = true
      setHeld(undefined)
      setConfirming(undefined)
      setWhole(true)
      setText('')
      setResult(
        `Refunded ${money(amount)}. The order now shows ${formatMoney(answer.refunded, answer.currency)} refunded${
          answer.refundable > 0
            ? `; ${formatMoney(answer.refundable, answer.currency)} can still be refunded`
            : ''
        }.`,
      )
    },
    onError: (error) => {
      if (!outcomeUnknown(error)) setHeld(undefined)
    },
    onSettled: () => {
      inFlight.current = false
    },
  })

  if (!canRefund)
    return (
      <div className="admin-order-action">
        <h3>Refund</h3>
        <p>Only an admin may refund an order.</p>
      </div>
    )

  const amountProblem = problem ?? fieldError(refund.error, 'amount')
  const ask = (event: FormEvent) => {
    event.preventDefault()
    setResult(undefined)
    const parsed = whole
      ? ({ ok: true, minor: order.refundable } as const)
      : parseAmountInput(text, order.currency, order.refundable)
    if (!parsed.ok) {
      setProblem(parsed.message)
      amountInput.current?.focus()
      return
    }
    setProblem(undefined)
    // Another amount is another refund: the last one's failure and key are not about it.
    if (held?.amount !== parsed.minor) {
      refund.reset()
      setHeld(undefined)
    }
    setConfirming(parsed.minor)
  }

  const confirm = () => {
    if (confirming === undefined || inFlight.current) return
    inFlight.current = true
    // One key per confirmed amount, kept until the shop has answered for it.
    const key = held?.amount === confirming ? held.key : newRefundKey()
    setHeld({ amount: confirming, key })
    refund.mutate({ amount: confirming, key })
  }

  const retrying = confirming !== undefined && held?.amount === confirming && !!refund.error
  return (
    <div className="admin-order-action">
      <h3>Refund</h3>
      <ActionResult text={result} />
      {order.refundable <= 0 ? (
        <p>Nothing paid on this order is left to refund.</p>
      ) : (
        <form onSubmit={ask} noValidate className="admin-order-form">
          {/* A failure stays in view once its dialog is closed: the refund was not done. */}
          {confirming === undefined && <ActionFailure error={refund.error} />}
          <fieldset className="admin-order-choices">
            <legend>How much to give back</legend>
            <label className="admin-order-choice">
              <input
                type="radio"
                name={`${id}-whole`}
                checked={whole}
                onChange={() => {
                  setWhole(true)
                  setProblem(undefined)
                }}
              />
              All that can be refunded: {money(order.refundable)}
            </label>
            <label className="admin-order-choice">
              <input
                type="radio"
                name={`${id}-whole`}
                checked={!whole}
                onChange={() => setWhole(false)}
              />
              Part of it
            </label>
          </fieldset>
          {!whole && (
            <div className="field admin-order-field">
              <label htmlFor={`${id}-amount`}>Amount to refund ({order.currency})</label>
              <p id={`${id}-amount-hint`} className="field-hint">
                Up to {money(order.refundable)}.
              </p>
              <input
                ref={amountInput}
                id={`${id}-amount`}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={text}
                aria-invalid={amountProblem ? true : undefined}
                aria-describedby={fieldDescribedBy(`${id}-amount`, amountProblem, 'hint')}
                onChange={(event) => {
                  setText(event.target.value)
                  setProblem(undefined)
                }}
              />
              <FieldError id={`${id}-amount`} error={amountProblem} />
            </div>
          )}
          <button
            ref={opener}
            type="submit"
            className="button"
            disabled={offline !== undefined}
            aria-describedby={offline ? `${id}-offline` : undefined}
          >
            {whole ? `Refund ${money(order.refundable)}…` : 'Refund this amount…'}
          </button>
          {offline && (
            <p id={`${id}-offline`} className="field-hint admin-order-offline">
              {offline}
            </p>
          )}
        </form>
      )}
      <Dialog.Root
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open && !refund.isPending) setConfirming(undefined)
        }}
      >
        <Dialog.Portal>
          {/* No Radix Overlay (its scroll lock injects a <style> the CSP refuses): the content
           * element is the backdrop, as in components/sheet.tsx. */}
          <Dialog.Content
            className="admin-order-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              if (answered.current) answered.current = false
              else opener.current?.focus()
            }}
            onClick={(event) => {
              if (event.target === event.currentTarget && !refund.isPending)
                setConfirming(undefined)
            }}
          >
            <div className="admin-order-dialog-panel">
              <Dialog.Title className="admin-order-dialog-title">
                Refund {money(confirming ?? 0)}?
              </Dialog.Title>
              <Dialog.Description>
                {money(confirming ?? 0)} of order {order.number} goes back to the customer{' '}
                {gatewaysText(order, confirming ?? 0)}. A refund cannot be taken back.
              </Dialog.Description>
              <ActionFailure error={refund.error} />
              {retrying && outcomeUnknown(refund.error) && (
                <p className="field-hint">
                  Trying again sends the same refund: if the first one reached the shop, it is not
                  made twice.
                </p>
              )}
              <p className="admin-order-dialog-buttons">
                <button
                  type="button"
                  className="button"
                  disabled={refund.isPending || offline !== undefined}
                  aria-busy={refund.isPending || undefined}
                  onClick={confirm}
                >
                  {refund.isPending
                    ? 'Refunding…'
                    : retrying && outcomeUnknown(refund.error)
                      ? `Try again: refund ${money(confirming ?? 0)}`
                      : `Refund ${money(confirming ?? 0)}`}
                </button>
                <Dialog.Close className="button button-secondary" disabled={refund.isPending}>
                  Do not refund
                </Dialog.Close>
              </p>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  )
}
