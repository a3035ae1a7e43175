import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { SubmittedStatus } from '../../../../../contract/admin.ts'
import { formatMoney } from '../../../../../contract/money.ts'
import { FieldError, fieldDescribedBy } from '../../../../components/form-field.tsx'
import { useOnlineStatus } from '../../../../lib/use-online-status.ts'
import {
  keepOrderAnswer,
  moveOrder,
  resendOrderMail,
  sendPaymentLink,
  type AdminOrderDetail,
} from '../../api/orders.ts'
import { ActionFailure } from '../action-failure.tsx'
import { actionOptions, fieldError } from '../../query.ts'
import { ActionResult, needsNetworkText } from './action-result.tsx'
import { statusText } from './order-model.ts'
import { RefundForm } from './refund-form.tsx'

type Order = AdminOrderDetail

/** What each action is given: the order, and why its buttons are disabled (offline) if they are. */
interface ActionProps {
  orderId: string
  order: Order
  offline: string | undefined
}

/**
 * What the shop does to an order: move it along, refund it, mail it. Each runs only with the
 * shop's answer (offline or on the device's copy the buttons say they need the network), and the
 * answer, the order as the action left it, is shown at once.
 */
export function OrderActions({
  orderId,
  order,
  canRefund,
  fromDevice,
}: {
  orderId: string
  order: Order
  canRefund: boolean
  /** The page shows the copy kept on the device. */
  fromDevice: boolean
}) {
  const online = useOnlineStatus()
  const offline = !online || fromDevice ? needsNetworkText(fromDevice) : undefined
  return (
    <section className="panel admin-no-print" aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      <MoveForm orderId={orderId} order={order} offline={offline} />
      <RefundForm orderId={orderId} order={order} canRefund={canRefund} offline={offline} />
      <MailActions orderId={orderId} order={order} offline={offline} />
    </section>
  )
}

/** Said under a disabled action. */
function Offline({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field-hint admin-order-offline">
      {text}
    </p>
  ) : null
}

function MoveForm({ orderId, order, offline }: ActionProps) {
  const client = useQueryClient()
  const id = useId()
  const [to, setTo] = useState<SubmittedStatus>()
  const [note, setNote] = useState('')
  const [result, setResult] = useState<string>()
  const move = useMutation({
    ...actionOptions,
    mutationFn: (body: { status: SubmittedStatus; note?: string }) => moveOrder(orderId, body),
    onSuccess: async (answer, sent) => {
      await keepOrderAnswer(client, orderId, answer)
      setTo(undefined)
      setNote('')
      setResult(
        `Moved to ${statusText(answer.status)}.${sent.note ? ` The history says: “${sent.note}”.` : ''}`,
      )
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!to || move.isPending) return
    setResult(undefined)
    const trimmed = note.trim()
    move.mutate(trimmed ? { status: to, note: trimmed } : { status: to })
  }
  const noteLabel =
    to === 'shipped'
      ? 'Tracking number (the customer’s mail and history show it)'
      : 'Note for the order’s history (the customer sees it)'
  const noteProblem = fieldError(move.error, 'note')
  return (
    <div className="admin-order-action">
      <h3>Move along</h3>
      <ActionResult text={result} />
      {order.nextStatuses.length === 0 ? (
        <p>This order is {statusText(order.status).toLowerCase()}: nothing moves it on.</p>
      ) : (
        <form onSubmit={submit} noValidate className="admin-order-form">
          <ActionFailure error={move.error} />
          {/* A refused move's reason (under `status`) is the failure above, said once. */}
          <fieldset className="admin-order-choices">
            <legend>Move from {statusText(order.status)} to</legend>
            {order.nextStatuses.map((status) => (
              <label key={status} className="admin-order-choice">
                <input
                  type="radio"
                  name={`${id}-to`}
                  value={status}
                  checked={to === status}
                  onChange={() => setTo(status)}
                />
                {statusText(status)}
              </label>
            ))}
          </fieldset>
          <div className="field admin-order-field">
            <label htmlFor={`${id}-note`}>{noteLabel}</label>
            <input
              id={`${id}-note`}
              name="note"
              value={note}
              maxLength={500}
              autoComplete="off"
              aria-invalid={noteProblem ? true : undefined}
              aria-describedby={fieldDescribedBy(`${id}-note`, noteProblem)}
              onChange={(event) => setNote(event.target.value)}
            />
            <FieldError id={`${id}-note`} error={noteProblem} />
          </div>
          <button
            type="submit"
            className="button"
            disabled={!to || move.isPending || offline !== undefined}
            aria-busy={move.isPending || undefined}
            aria-describedby={offline ? `${id}-offline` : undefined}
          >
            {move.isPending
              ? 'Moving…'
              : to
                ? `Move to ${statusText(to)}`
                : 'Choose where to move it'}
          </button>
          <Offline id={`${id}-offline`} text={offline} />
        </form>
      )}
    </div>
  )
}

type MailKind = 'resend' | 'payment-link'

/** The order mail again, or a new payment link; either says what was queued. */
function MailActions({ orderId, order, offline }: ActionProps) {
  const noLink =
    order.status === 'cancelled' || order.status === 'refunded'
      ? `No payment link: the order is ${statusText(order.status).toLowerCase()}.`
      : order.balance <= 0
        ? 'No payment link: nothing is left to pay.'
        : undefined
  return (
    <div className="admin-order-action">
      <h3>Mail the customer</h3>
      {!order.customer.email ? (
        <p>This order has no e-mail address: there is no one to mail.</p>
      ) : (
        <>
          <MailButton
            kind="resend"
            orderId={orderId}
            order={order}
            offline={offline}
            label="Resend the order mail"
            hint="The mail for the order’s state now (in production, shipped, …), or before that its confirmation with what is due."
          />
          {noLink ? (
            <p className="field-hint">{noLink}</p>
          ) : (
            <MailButton
              kind="payment-link"
              orderId={orderId}
              order={order}
              offline={offline}
              label="Send a new payment link"
              hint={`The order mail with the link to pay the balance, ${formatMoney(order.balance, order.currency)}.`}
            />
          )}
        </>
      )}
    </div>
  )
}

function MailButton({
  kind,
  orderId,
  order,
  offline,
  label,
  hint,
}: ActionProps & {
  kind: MailKind
  label: string
  hint: string
}) {
  const client = useQueryClient()
  const id = useId()
  const [result, setResult] = useState<string>()
  // A double tap sends one mail: the second press comes before the first one's state is drawn.
  const inFlight = useRef(false)
  const send = useMutation({
    ...actionOptions,
    mutationFn: () => (kind === 'resend' ? resendOrderMail(orderId) : sendPaymentLink(orderId)),
    onSettled: () => {
      inFlight.current = false
    },
    onSuccess: async (answer) => {
      const before = new Set(order.mail.map((mail) => mail.id))
      await keepOrderAnswer(client, orderId, answer)
      const sent = answer.mail.filter((mail) => !before.has(mail.id))
      setResult(
        sent.length > 0
          ? `Queued: ${sent.map((mail) => `“${mail.subject}” to ${mail.to}`).join('; ')}. The mail list below shows when it is sent.`
          : 'Queued. The mail list below shows it once the outbox has it.',
      )
    },
  })
  return (
    <div className="admin-order-mail-action">
      <ActionResult text={result} />
      <ActionFailure error={send.error} />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <button
        type="button"
        className="button button-secondary"
        disabled={send.isPending || offline !== undefined}
        aria-busy={send.isPending || undefined}
        aria-describedby={[`${id}-hint`, offline && `${id}-offline`].filter(Boolean).join(' ')}
        onClick={() => {
          if (inFlight.current) return
          inFlight.current = true
          setResult(undefined)
          send.mutate()
        }}
      >
        {send.isPending ? 'Sending…' : label}
      </button>
      <Offline id={`${id}-offline`} text={offline} />
    </div>
  )
}
