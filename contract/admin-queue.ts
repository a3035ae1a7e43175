import { z } from 'zod'
import { PaymentState } from './admin.ts'
import { OrderLine } from './orders.ts'

/*
 * The made-to-order queue, the workshop's board (docs/back-office.md, GET /api/admin/queue):
 * every submitted made-to-order order still to be made or shipped, soonest ship-by first. Each
 * card carries what the workshop sews from: the lines exactly as the order's page has them (`meta`
 * is what the customer chose, the design's drawing is made from it, `summary` is it in words).
 * snake_case on the wire, money in integer minor units of `currency`, as everywhere in the API.
 */

const Money = z.number().int()

/** The states a queued order can be in: made, paid or not, and not yet shipped. */
export const queueStatuses = ['submitted', 'partly_paid', 'paid', 'in_production'] as const
export const QueueStatus = z.enum(queueStatuses)
export type QueueStatus = z.infer<typeof QueueStatus>

/**
 * Against its ship-by date: `late` is past it, `at_risk` within `at_risk_days` of it (today
 * included), `on_time` further.
 */
export const ShipByState = z.enum(['late', 'at_risk', 'on_time'])
export type ShipByState = z.infer<typeof ShipByState>

/** GET /api/admin/queue: narrowed to one state, or all four. */
export const AdminQueueQuery = z.object({
  status: z
    .enum(queueStatuses, { error: `status is one of ${queueStatuses.join(', ')}.` })
    .optional(),
})
export type AdminQueueQuery = z.infer<typeof AdminQueueQuery>

/** One order on the board. */
export const AdminQueueOrder = z.object({
  id: z.string(),
  /** The order number as the customer sees it (`78FC985B`). */
  number: z.string(),
  status: QueueStatus,
  submitted_at: z.iso.datetime({ offset: true }),
  /**
   * The day it must ship by (YYYY-MM-DD, UTC): the submit day plus the production time promised
   * for each made item, the latest of them (services/admin/ship-by.ts). Null when no item has a
   * published production time (its family's weeks are not published): such orders come last.
   */
  ship_by: z.iso.date().nullable(),
  /** Whole days from today (UTC) to `ship_by`; negative when late; null without `ship_by`. */
  days_left: z.number().int().nullable(),
  /** `on_time` without `ship_by`: nothing says it is late. */
  ship_by_state: ShipByState,
  /** Where the order's mail goes, and who it is for. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The shipping address's country (ISO 3166-1 alpha-2), where it is known. */
  country: z.string().nullable(),
  currency: z.string(),
  total: Money,
  balance: Money,
  payment: PaymentState,
  /** The lines that are sewn for this order, as the order's page shows them. */
  lines: z.array(OrderLine),
  /** The note of the order's last move, if it had one (a tracking number, a fabric delay). */
  last_note: z.string().nullable(),
})
export type AdminQueueOrder = z.infer<typeof AdminQueueOrder>

export const AdminQueue = z.object({
  orders: z.array(AdminQueueOrder),
  /** The window `at_risk` uses, in days. */
  at_risk_days: z.number().int(),
  /** The day `days_left` counts from (YYYY-MM-DD, UTC). */
  today: z.iso.date(),
})
export type AdminQueue = z.infer<typeof AdminQueue>
