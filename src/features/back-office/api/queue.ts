import type { AdminOrderDetail as WireAdminOrderDetail } from '../../../../contract/admin.ts'
import type {
  AdminQueue as WireAdminQueue,
  AdminQueueOrder as WireAdminQueueOrder,
} from '../../../../contract/admin-queue.ts'
import { api, type Camelized } from '../../../lib/api-client.ts'
import { adminKeys, keptAdminQuery } from '../query.ts'

/*
 * The made-to-order queue's calls (docs/back-office.md): the board (GET /api/admin/queue), kept on
 * the device so the workshop opens it offline, and an order's move along its life (POST
 * /api/admin/orders/{id}/move), which answers the order's page as the move left it.
 */

/**
 * One order on the board. `shipBy` and `daysLeft` may be null: an order whose made items have no
 * published production time has no ship-by day, and the board still shows it (last).
 */
export type QueueOrder = Camelized<WireAdminQueueOrder>
export type QueueLine = QueueOrder['lines'][number]
export type QueueStatus = QueueOrder['status']
export type ShipByState = QueueOrder['shipByState']

export type AdminQueue = Camelized<WireAdminQueue>
export type AdminOrderDetail = Camelized<WireAdminOrderDetail>

export const queueKeys = {
  all: [...adminKeys.all, 'queue'] as const,
}

export const fetchQueue = (signal?: AbortSignal) =>
  api.get<AdminQueue>('/api/admin/queue', { auth: true, signal })

/** The whole board, every state (the screen counts and filters it): one kept copy. */
export const queueQuery = () => keptAdminQuery(queueKeys.all, 'queue', fetchQueue)

/** A card's move (into production, shipped with its tracking note): the order page's own call. */
export { moveOrder } from './orders.ts'
