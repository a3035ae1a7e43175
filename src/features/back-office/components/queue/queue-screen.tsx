import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { NotKeptError } from '../../../../lib/kept-orders.ts'
import { useOnlineStatus } from '../../../../lib/use-online-status.ts'
import { queueQuery, type QueueOrder, type QueueStatus } from '../../api/queue.ts'
import { actionFailure } from '../../query.ts'
import { AsOf } from '../as-of.tsx'
import { DrawingTurns, DrawingTurnsContext, useGrowingCount } from './drawing-turns.ts'
import type { Moved } from './move-actions.tsx'
import { MoveResult } from './move-result.tsx'
import { QueueCard } from './queue-card.tsx'
import { BackToQueue } from './order-facts.tsx'
import { QueueFilter } from './queue-filter.tsx'
import { countByDue, countByStatus, sortQueue, stateLabel } from './queue-model.ts'
import type { QueueSearch } from './queue-search.ts'
import { WorkSheet } from './work-sheet.tsx'
import './queue.css'

/** Cards whose words are put on the page in one task; the rest follow, as many per task. */
export const CARDS_PER_TASK = 16

/**
 * `/admin/queue`: the workshop's board (issue 33). Every made-to-order order still to be made or
 * shipped, soonest ship-by first, late and at-risk ones marked; each card with the suits to sew
 * and the moves into production and out of the door. Read through the device's kept copy, so the
 * board opens offline, marked as of when. `?sheet=<id>` is one order's printable work sheet.
 *
 * 200 cards stay smooth on a phone: their words go on the page CARDS_PER_TASK per task, and
 * their drawings a few per task, those near the screen first (drawing-turns.ts).
 */
export function QueueScreen({ search }: { search: QueueSearch }) {
  const queue = useQuery(queueQuery())
  const onlineNow = useOnlineStatus()
  const read = queue.data
  const online = onlineNow && !read?.fromDevice

  if (search.sheet !== undefined) {
    const order = read?.data.orders.find((candidate) => candidate.id === search.sheet)
    if (order)
      return (
        <>
          {read && <AsOf read={read} />}
          <WorkSheet key={order.id} order={order} />
        </>
      )
  }
  return (
    <section className="queue" aria-labelledby="queue-title">
      <h1 id="queue-title">
        {search.sheet !== undefined && read ? 'Work sheet not found' : 'Made-to-order queue'}
      </h1>
      {read && <AsOf read={read} />}
      {read ? (
        search.sheet !== undefined ? (
          <p>
            No order with that id waits in the queue: it may have shipped. <BackToQueue />
          </p>
        ) : (
          <Board orders={read.data.orders} state={search.state} online={online} />
        )
      ) : queue.isError ? (
        <div className="admin-action-failure" role="alert">
          <p>
            {queue.error instanceof NotKeptError
              ? 'You are offline, and this device has not kept the queue yet. Open it once online and it will be kept for the next time.'
              : actionFailure(queue.error).replace(/^Not done: /, 'The queue could not be read: ')}
          </p>
          <button type="button" className="button" onClick={() => void queue.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <p className="page-loading" role="status">
          Loading the queue…
        </p>
      )}
    </section>
  )
}

function Board({
  orders,
  state,
  online,
}: {
  orders: readonly QueueOrder[]
  state: QueueStatus | undefined
  online: boolean
}) {
  const navigate = useNavigate()
  // The router's update is urgent; the cards follow it as a deferred render React slices, so a
  // switch back to all 200 never blocks a tap.
  const shownState = useDeferredValue(state)
  const sorted = useMemo(() => sortQueue(orders), [orders])
  const counts = useMemo(() => countByStatus(orders), [orders])
  const due = useMemo(() => countByDue(orders), [orders])
  const kept = useMemo(
    () => (shownState ? sorted.filter((order) => order.status === shownState) : sorted),
    [sorted, shownState],
  )
  const count = useGrowingCount(kept.length, CARDS_PER_TASK)
  const [turns] = useState(() => new DrawingTurns())
  useEffect(() => () => turns.close(), [turns])
  const [moved, setMoved] = useState<Moved | null>(null)
  const onMoved = useCallback((next: Moved) => setMoved(next), [])

  const setState = (next: QueueStatus | undefined) =>
    void navigate({
      to: '/admin/$',
      params: { _splat: 'queue' },
      search: (previous) => ({ ...previous, state: next }),
      replace: true,
    })
  const movedShown = moved !== null && kept.some((order) => order.id === moved.orderId)

  return (
    <>
      <p className="queue-summary">
        {orders.length === 0
          ? 'Nothing waits to be made.'
          : `${orders.length} ${orders.length === 1 ? 'order' : 'orders'} to make or ship: ${due.late} late, ${due.atRisk} at risk.`}
      </p>
      {orders.length > 0 && (
        <QueueFilter counts={counts} total={orders.length} state={state} onChange={setState} />
      )}
      {orders.length > 0 && (
        <p className="queue-showing" role="status">
          {shownState
            ? `Showing ${kept.length} of ${orders.length}: ${stateLabel(shownState).toLowerCase()}.`
            : `Showing all ${orders.length}, soonest ship-by first.`}
        </p>
      )}
      {moved && !movedShown && <MoveResult moved={moved} />}
      {orders.length === 0 ? (
        <p className="empty-state">
          No made-to-order order is submitted, paid or in production. New orders show here as they
          are submitted.
        </p>
      ) : kept.length === 0 ? (
        <p className="empty-state">
          No order is {shownState ? stateLabel(shownState).toLowerCase() : 'here'} now.
        </p>
      ) : (
        <DrawingTurnsContext.Provider value={turns}>
          <ol className="queue-cards">
            {kept.slice(0, count).map((order) => (
              <li key={order.id}>
                <QueueCard
                  order={order}
                  online={online}
                  moved={moved?.orderId === order.id ? moved : null}
                  onMoved={onMoved}
                />
              </li>
            ))}
          </ol>
          {count < kept.length && (
            <p className="page-loading">Putting the rest of the queue on the page…</p>
          )}
        </DrawingTurnsContext.Provider>
      )}
    </>
  )
}
