import { asc, eq, inArray, like, or } from 'drizzle-orm'
import type { AdminOrderMail } from '../../../contract/admin.ts'
import { orderEvents, orderLines, outbox, payments } from '../../db/schema.ts'
import type { MailMessage } from '../../mail/outbox.ts'
import {
  MailedOrderStatus,
  orderStatusMail,
  orderSubmittedMail,
  type MailSite,
} from '../../mail/templates.ts'
import type { Executor, OrderRow } from '../orders/lookup.ts'
import { orderMailData } from '../orders/mail-data.ts'

/*
 * An order's mail for the shop: the mail that says where the order stands now (the command line's
 * resend-mail and the back office's resend and payment link), and the outbox rows that concern
 * an order.
 */

/**
 * The order as it stands now, as a message for the outbox: its state's mail (in production,
 * shipped, …) or, before that, its confirmation with what is due. Both carry the payment link
 * while a balance is due. Undefined for an order placed without an e-mail address: no one to mail.
 * `dedupeKey` names this sending (a resend is a new message, whatever was sent before); it starts
 * with a prefix `mailOfOrder` knows, followed by the order's id and a colon.
 */
export async function orderMailNow(
  db: Executor,
  site: MailSite,
  order: OrderRow,
  dedupeKey: string,
): Promise<MailMessage | undefined> {
  const data = await orderMailData(db, order)
  if (!data) return undefined
  const mailed = MailedOrderStatus.find((status) => status === order.status)
  return mailed
    ? orderStatusMail(site, { order: data, status: mailed, dedupeKey })
    : orderSubmittedMail(site, { order: data, paymentDueToday: data.balance > 0, dedupeKey })
}

/** The dedupe-key prefixes the shop's sendings of an order's mail take (followed by `{id}:`). */
export const shopMailPrefixes = { resend: 'resend', paymentLink: 'payment-link' } as const

/**
 * The outbox rows about an order, oldest first. The outbox has no order column: a message is
 * known by its dedupe key, which each template derives from what it is about
 * (server/mail/templates.ts): the order (`order-submitted:{id}`, `order-status:{id}:…`, the
 * shop's `resend:{id}:…` and `payment-link:{id}:…`), one of its payments
 * (`payment-received:{paymentId}`), one of its history lines (`order-address-changed:{eventId}`)
 * or the lines an addition made (`order-items-added:{lineId}+…`). Mail older than the outbox
 * keeps (30 days once sent or failed) is gone.
 */
export async function mailOfOrder(db: Executor, orderId: string): Promise<AdminOrderMail[]> {
  const [paymentIds, eventIds, lineIds] = await Promise.all([
    db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)),
    db.select({ id: orderEvents.id }).from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)),
  ])
  const exact = [
    `order-submitted:${orderId}`,
    ...paymentIds.map(({ id }) => `payment-received:${id}`),
    ...eventIds.map(({ id }) => `order-address-changed:${id}`),
  ]
  // Ids are uuids: no LIKE wildcard in them.
  const prefixes = [
    `order-status:${orderId}:`,
    `${shopMailPrefixes.resend}:${orderId}:`,
    `${shopMailPrefixes.paymentLink}:${orderId}:`,
    ...lineIds.map(({ id }) => `order-items-added:${id}`),
  ]
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      to: outbox.to,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      or(
        inArray(outbox.dedupeKey, exact),
        ...prefixes.map((prefix) => like(outbox.dedupeKey, `${prefix}%`)),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }))
}
