import { eq } from 'drizzle-orm'
import { canMove, nextStatuses } from '../../../contract/order-lifecycle.ts'
import type { OrderStatus } from '../../../contract/order-status.ts'
import { orderNumber, statusLabels } from '../../../contract/orders.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import { orderEvents, orders } from '../../db/schema.ts'
import { MailedOrderStatus, orderStatusMail, type MailSite } from '../../mail/templates.ts'
import { accrueCommission, reverseCommission } from '../commission.ts'
import { queueMail } from '../../mail/outbox.ts'
import { notSubmitted } from './lookup.ts'
import { orderMailData } from './mail-data.ts'

/* The shop moving an order along its life (the admin command line). */

/** What an order waiting for a new signature may not become: charged or on its way. */
const waitsForSignature: readonly OrderStatus[] = ['paid', 'in_production', 'shipped']

export type MoveResult =
  { ok: true; from: OrderStatus; to: OrderStatus } | { ok: false; reason: string }

/** Moves an order along its life (the admin command line), with a line in its history. */
export async function moveOrder(
  db: Database,
  id: string,
  to: OrderStatus,
  note: string,
  site?: MailSite,
): Promise<MoveResult> {
  if (!uuidPattern.test(id)) return { ok: false, reason: `No order has the id ${id}.` }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!order || order.submittedAt === null || notSubmitted.includes(order.status))
      return { ok: false, reason: `No submitted order has the id ${id}.` }
    if (!canMove(order.status, to))
      return {
        ok: false,
        reason:
          `Order ${orderNumber(id)} is ${order.status}: it cannot move to ${to}. ` +
          `From ${order.status} it may move to ${nextStatuses(order.status).join(', ') || 'nothing'}.`,
      }
    if (order.signatureRequestedAt && waitsForSignature.includes(to))
      return {
        ok: false,
        reason:
          `Order ${orderNumber(id)} waits for the waiver to be signed again (an item added after ` +
          `submit needs it): it cannot move to ${to} until then.`,
      }
    const now = new Date()
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, id))
    // The dealer credited with the order earns when it is paid and gives back when it is
    // cancelled or refunded, in the move's own transaction.
    if (to === 'paid') await accrueCommission(tx, { ...order, status: to })
    if (to === 'cancelled' || to === 'refunded') await reverseCommission(tx, id, to)
    await tx.insert(orderEvents).values({
      orderId: id,
      status: to,
      note: note || `${statusLabels[to]}.`,
      createdAt: now,
    })
    // The customer hears of it with the move: in production, shipped (the note is its tracking),
    // delivered, cancelled or refunded. Queued in this transaction, sent by the outbox.
    const mailed = MailedOrderStatus.find((status) => status === to)
    const data = site && mailed && (await orderMailData(tx, { ...order, status: to }))
    if (site && mailed && data) {
      const tracking = mailed === 'shipped' && note ? { number: note } : undefined
      await queueMail(
        tx,
        orderStatusMail(site, {
          order: data,
          status: mailed,
          tracking,
          dedupeKey: `order-status:${id}:${mailed}:${now.getTime()}`,
        }),
      )
    }
    return { ok: true, from: order.status, to }
  })
}
