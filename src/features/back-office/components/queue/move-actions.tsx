import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { MoveOrderRequest } from '../../../../../contract/admin.ts'
import { moveOrder, type QueueOrder } from '../../api/queue.ts'
import { actionOptions, adminKeys, fieldError } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { movesOf } from './queue-model.ts'

/** A move the shop answered: what the board says about it. */
export interface Moved {
  orderId: string
  number: string
  to: MoveOrderRequest['status']
  note?: string
}

const NOTE_MAX = 500

/**
 * A card's moves along the order's life (POST /api/admin/orders/{id}/move): into production, and
 * shipped with the tracking note the customer's mail carries. Only the moves the order's state
 * allows are offered; each needs the shop's answer (actionOptions), so offline it fails at once
 * and says so, and it is shown done only once the shop answered and the board was read again.
 */
export function MoveActions({
  order,
  online,
  onMoved,
}: {
  order: Pick<QueueOrder, 'id' | 'number' | 'status'>
  /** False when the device is offline (or the board was read from the device). */
  online: boolean
  onMoved: (moved: Moved) => void
}) {
  const queryClient = useQueryClient()
  const moves = movesOf(order.status)
  const [shipping, setShipping] = useState(false)
  const [note, setNote] = useState('')
  const noteInput = useRef<HTMLInputElement>(null)
  const shipButton = useRef<HTMLButtonElement>(null)
  /** The form was open: closing it puts the focus back on the button that opened it. */
  const wasShipping = useRef(false)
  const id = useId()
  const move = useMutation({
    ...actionOptions,
    mutationFn: (body: MoveOrderRequest) => moveOrder(order.id, body),
    // In the mutation's own options: it runs even when the card leaves the board (shipped).
    onSuccess: async (_order, body) => {
      // The order list, its page and the dashboard changed too: all of the back office's reads.
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
      onMoved({ orderId: order.id, number: order.number, to: body.status, note: body.note })
    },
  })

  useEffect(() => {
    if (shipping) noteInput.current?.focus()
    else if (wasShipping.current) shipButton.current?.focus()
    wasShipping.current = shipping
  }, [shipping])

  if (!moves.startProduction && !moves.ship) return null

  const send = (body: MoveOrderRequest) => {
    if (!move.isPending) move.mutate(body)
  }
  const ship = (event: FormEvent) => {
    event.preventDefault()
    const tracking = note.trim()
    send(tracking ? { status: 'shipped', note: tracking } : { status: 'shipped' })
  }
  const offlineHint = online ? undefined : `${id}-offline`
  // Every card has these buttons: the name says which order (the visible words come first).
  const forOrder = ` (order ${order.number})`
  const noteError = fieldError(move.error, 'note')

  return (
    <div className="queue-moves">
      {!online && (
        <p className="field-hint" id={offlineHint}>
          Moving an order needs the network: you are offline.
        </p>
      )}
      {moves.startProduction && (
        <button
          type="button"
          className="button"
          aria-busy={move.isPending}
          aria-describedby={offlineHint}
          aria-label={`${move.isPending ? 'Starting production…' : 'Start production'}${forOrder}`}
          onClick={() => send({ status: 'in_production' })}
        >
          {move.isPending ? 'Starting production…' : 'Start production'}
        </button>
      )}
      {moves.ship && !shipping && (
        <button
          ref={shipButton}
          type="button"
          className="button"
          aria-describedby={offlineHint}
          aria-label={`Mark shipped…${forOrder}`}
          onClick={() => setShipping(true)}
        >
          Mark shipped…
        </button>
      )}
      {moves.ship && shipping && (
        <form className="queue-ship-form" onSubmit={ship} aria-label={`Ship order ${order.number}`}>
          <label htmlFor={`${id}-note`}>Tracking number or note</label>
          <p className="field-hint" id={`${id}-note-hint`}>
            The customer sees it in their order and in the shipping mail.
          </p>
          <input
            ref={noteInput}
            id={`${id}-note`}
            name="note"
            value={note}
            maxLength={NOTE_MAX}
            autoComplete="off"
            aria-describedby={
              [`${id}-note-hint`, noteError ? `${id}-note-error` : '', offlineHint ?? '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            aria-invalid={noteError ? true : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError && (
            <p className="field-error" id={`${id}-note-error`}>
              {noteError}
            </p>
          )}
          <div className="queue-ship-buttons">
            <button
              type="submit"
              className="button"
              aria-busy={move.isPending}
              aria-label={`${move.isPending ? 'Marking shipped…' : 'Mark shipped'}${forOrder}`}
            >
              {move.isPending ? 'Marking shipped…' : 'Mark shipped'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setShipping(false)
                move.reset()
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <ActionFailure error={move.error} />
    </div>
  )
}
