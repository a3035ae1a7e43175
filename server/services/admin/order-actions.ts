import { randomUUID } from 'node:crypto'
import { payableStatuses } from '../../../contract/orders.ts'
import type { SubmittedStatus } from '../../../contract/admin.ts'
import type { Database } from '../../db/index.ts'
import { queueMail } from '../../mail/outbox.ts'
import type { MailSite } from '../../mail/templates.ts'
import { moveOrder } from '../orders/lifecycle.ts'
import { moneyOf } from '../payments/order-money.ts'
import type { Payments } from '../payments/payments.ts'
import { audit, type Actor } from './audit.ts'
import { findOrderForShop } from './order-detail.ts'
import { orderMailNow, shopMailPrefixes } from './order-mail.ts'

/*
 * What the back office does to an order, through the same services as the command line
 * (server/cli/admin-commands.ts): a move along the order's life (moveOrder), a refund through the
 * gateway that took the money (payments.refund), the order's mail sent again (orderMailNow), and
 * its payment link mailed. Each writes an audit row in its own transaction; a refund, whose
 * provider is asked outside any transaction, right after the provider answered.
 */

/** An action's outcome: done, no such order (404), or refused with a message under a field (422). */
export type ActionResult = { ok: true } | { ok: false; missing: true } | RefusedAction
export interface RefusedAction {
  ok: false
  missing?: undefined
  field: string
  message: string
}

const missing = { ok: false, missing: true } as const
const refused = (field: string, message: string): RefusedAction => ({ ok: false, field, message })

export const actionMessages = {
  noEmail: 'This order was placed without an e-mail address: there is no one to mail.',
  notPayable: 'This order cannot be paid any more (it is cancelled or refunded).',
  nothingDue: 'This order has nothing left to pay: there is no payment link to send.',
} as const

/**
 * Moves the order along its life as `npm run admin -- move-order` does: the same service, rules
 * and refusals (contract/order-lifecycle.ts; the waiver), the history line and the customer's
 * mail; the note is the history's line and, when shipped, the tracking number.
 */
export async function moveAsShop(
  db: Database,
  actor: Actor,
  { id, to, note, site }: { id: string; to: SubmittedStatus; note: string; site: MailSite },
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const order = await findOrderForShop(tx, id, true)
    if (!order) return missing
    // moveOrder's own transaction is a savepoint of this one: the move and its audit row
    // commit together.
    const moved = await moveOrder(tx, id, to, note, site)
    if (!moved.ok) return refused('status', moved.reason)
    await audit(tx, actor, {
      action: 'order.move',
      targetKind: 'order',
      targetId: id,
      details: { from: moved.from, to: moved.to, ...(note ? { note } : {}) },
    })
    return { ok: true }
  })
}

/**
 * Refunds `amount` (all that can be, when not given) as `npm run admin -- refund` does: through
 * payments.refund, each part by the provider that took it. The audit row follows the provider's
 * answer, whatever it was: a refusal may come after part of the money went back.
 */
export async function refundAsShop(
  db: Database,
  payments: Payments,
  actor: Actor,
  { id, amount }: { id: string; amount: number | undefined },
): Promise<ActionResult> {
  const order = await findOrderForShop(db, id)
  if (!order) return missing
  const refundedBefore = (await moneyOf(db, id)).refunded
  const outcome = await payments.refund(id, amount)
  const refundedAfter = (await moneyOf(db, id)).refunded
  await db.transaction((tx) =>
    audit(tx, actor, {
      action: 'order.refund',
      targetKind: 'order',
      targetId: id,
      details: {
        asked: amount ?? 'all',
        // What went back in this call (another refund of the same order at the same time aside).
        refunded: outcome.ok ? outcome.refunded : Math.max(0, refundedAfter - refundedBefore),
        currency: order.currency,
        ...(outcome.ok ? { status: outcome.status } : { refused: outcome.message }),
      },
    }),
  )
  return outcome.ok ? { ok: true } : refused('amount', outcome.message)
}

/**
 * Mails the order as it stands now (`npm run admin -- resend-mail`), through the outbox: queued
 * with its audit row, sent by the mail worker. `paymentLink`: only while a balance is open and
 * the order may be paid; the mail then carries its payment link.
 */
export async function mailAsShop(
  db: Database,
  actor: Actor,
  { id, site, paymentLink }: { id: string; site: MailSite; paymentLink: boolean },
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const order = await findOrderForShop(tx, id, true)
    if (!order) return missing
    if (paymentLink) {
      if (!payableStatuses.includes(order.status))
        return refused('order_id', actionMessages.notPayable)
      if ((order.totalAmount ?? 0) - (await moneyOf(tx, id)).paid <= 0)
        return refused('order_id', actionMessages.nothingDue)
    }
    const prefix = paymentLink ? shopMailPrefixes.paymentLink : shopMailPrefixes.resend
    // A fresh key: a sending is a new message, whatever was sent before.
    const message = await orderMailNow(tx, site, order, `${prefix}:${id}:${randomUUID()}`)
    if (!message) return refused('order_id', actionMessages.noEmail)
    const queued = await queueMail(tx, message)
    await audit(tx, actor, {
      action: paymentLink ? 'order.payment_link' : 'order.resend_mail',
      targetKind: 'order',
      targetId: id,
      details: { mail_id: queued?.id ?? null, kind: message.kind },
    })
    return { ok: true }
  })
}
