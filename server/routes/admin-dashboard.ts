import { createRoute } from '@hono/zod-openapi'
import {
  AdminAttention,
  AdminDashboard,
  AdminDashboardQuery,
  maxDashboardDays,
} from '../../contract/admin-dashboard.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import {
  dashboardFigures,
  needsTheOwner,
  type DashboardFigures,
  type NeedsTheOwner,
  type ShipByOrder,
} from '../services/admin/dashboard.ts'
import type { AdminDeps } from './admin.ts'
import { backOfficeAccess, requireBackOffice } from './admin-access.ts'

/*
 * The back office's dashboard (docs/back-office.md): the figures its charts draw and the list of
 * what needs the owner, both SQL aggregates of services/admin/dashboard.ts, for admins and staff.
 */

/** Balances count as unpaid this many days after submit. */
export const unpaidDays = 14
/** A made-to-order order is at risk this many days before its ship-by day (today included). */
export const atRiskDays = 7
/** The days drawn when none are asked for: the last 30, today included. */
const defaultDays = 30

const dayMs = 24 * 3600 * 1000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`)

const denied = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin or staff account session'),
}
const security = [{ bearerAuth: [] }]

/**
 * The days asked for, with the defaults filled in (UTC, both inclusive), or the field and message
 * of the 422: `to` before `from`, or more than maxDashboardDays days.
 */
export function dashboardDays(
  query: AdminDashboardQuery,
  now: Date,
): { from: string; to: string } | { field: 'from' | 'to'; message: string } {
  const today = dayOf(now.getTime())
  const to = query.to ?? today
  const from = query.from ?? dayOf(startOf(to) - (defaultDays - 1) * dayMs)
  if (to < from)
    return query.to === undefined
      ? { field: 'from', message: `from is on or before to (today, ${today}).` }
      : { field: 'to', message: 'to is on or after from.' }
  const days = (startOf(to) - startOf(from)) / dayMs + 1
  if (days > maxDashboardDays)
    return {
      field: 'from',
      message: `The dashboard draws at most ${maxDashboardDays} days: from is at most ${maxDashboardDays - 1} days before to (${to}).`,
    }
  return { from, to }
}

/** The service's figures on the wire (snake_case). */
function dashboardAnswer(
  days: { from: string; to: string },
  currency: string,
  figures: DashboardFigures,
): AdminDashboard {
  const { summary, madeToOrder, topProducts } = figures
  return {
    from: days.from,
    to: days.to,
    currency,
    summary: {
      orders: summary.orders,
      sales: summary.sales,
      refunded: summary.refunded,
      average_order_value: summary.averageOrderValue,
    },
    sales_per_day: figures.salesPerDay,
    sales_per_week: figures.salesPerWeek,
    made_to_order: { made_to_order: madeToOrder.madeToOrder, in_stock: madeToOrder.inStock },
    top_products: { by_quantity: topProducts.byQuantity, by_amount: topProducts.byAmount },
    views_per_day: figures.viewsPerDay,
  }
}

const shipByOrderAnswer = (order: ShipByOrder) => ({
  order_id: order.orderId,
  email: order.email,
  status: order.status,
  submitted_at: order.submittedAt.toISOString(),
  ship_by: order.shipBy,
  days_left: order.daysLeft,
})

/** What needs the owner, on the wire (snake_case). */
function attentionAnswer(needs: NeedsTheOwner): AdminAttention {
  return {
    unpaid_balances: {
      count: needs.unpaidBalances.count,
      items: needs.unpaidBalances.items.map((order) => ({
        order_id: order.orderId,
        email: order.email,
        status: order.status,
        currency: order.currency,
        submitted_at: order.submittedAt.toISOString(),
        total: order.total,
        paid: order.paid,
        balance: order.balance,
        days_waiting: order.daysWaiting,
      })),
    },
    unpaid_days: unpaidDays,
    pending_bitpay_invoices: {
      count: needs.pendingBitpayInvoices.count,
      items: needs.pendingBitpayInvoices.items.map((invoice) => ({
        payment_id: invoice.paymentId,
        order_id: invoice.orderId,
        email: invoice.email,
        amount: invoice.amount,
        currency: invoice.currency,
        created_at: invoice.createdAt.toISOString(),
        invoice_url: invoice.invoiceUrl,
      })),
    },
    failed_mail: {
      count: needs.failedMail.count,
      items: needs.failedMail.items.map((mail) => ({
        id: mail.id,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        attempts: mail.attempts,
        last_error: mail.lastError,
        created_at: mail.createdAt.toISOString(),
      })),
    },
    made_to_order: {
      late: needs.madeToOrder.late.map(shipByOrderAnswer),
      at_risk: needs.madeToOrder.atRisk.map(shipByOrderAnswer),
    },
    at_risk_days: atRiskDays,
    waiting_payouts: {
      count: needs.waitingPayouts.count,
      items: needs.waitingPayouts.items.map((payout) => ({
        id: payout.id,
        dealer_id: payout.dealerId,
        dealer: payout.dealer,
        amount: payout.amount,
        currency: payout.currency,
        notes: payout.notes,
        created_at: payout.createdAt.toISOString(),
      })),
    },
  }
}

export function adminDashboardRoutes({ db, catalog }: AdminDeps) {
  const backOffice = requireBackOffice(db)

  const dashboard = createRoute({
    method: 'get',
    path: '/admin/dashboard',
    tags: ['admin'],
    summary: 'The figures the dashboard’s charts draw',
    description:
      `${backOfficeAccess.all} For the days from \`from\` to \`to\` (UTC, both inclusive; the ` +
      `last ${defaultDays} days to today unless given, at most ${maxDashboardDays}) in one ` +
      '`currency` (USD unless given; orders in another are left out): sales, orders and ' +
      'refunds per day and per week (Monday to Sunday), the orders, sales, refunds and average ' +
      'order value of the whole period, made-to-order orders against in-stock ones, the top ' +
      'products by items and by amount, and page views against orders per day. A sale is a ' +
      'submitted order that was not cancelled, at its total, on the day it was submitted; a ' +
      'refund is not taken off it but reported beside it. `to` before `from` is a 422 under ' +
      '`to`, a longer period one under `from`.',
    security,
    middleware: backOffice,
    request: { query: AdminDashboardQuery },
    responses: {
      200: {
        description: 'The period’s figures',
        content: {
          'application/json': { schema: component(AdminDashboard, 'AdminDashboard') },
        },
      },
      ...denied,
      422: errorResponse('A bad day or currency, `to` before `from`, or too long a period'),
    },
  })

  const attention = createRoute({
    method: 'get',
    path: '/admin/attention',
    tags: ['admin'],
    summary: 'What needs the owner',
    description:
      `${backOfficeAccess.all} Each list oldest or most urgent first, with how many there ` +
      `are in all (\`count\`; \`items\` holds the first 50): balances unpaid ${unpaidDays} ` +
      'days after submit (in a state a payment may still be made in), BitPay invoices pending, ' +
      'mail the outbox gave up on, made-to-order orders not shipped that are late against ' +
      `their ship-by day or due within ${atRiskDays} days, and dealers’ payout requests waiting.`,
    security,
    middleware: backOffice,
    responses: {
      200: {
        description: 'What needs the owner now',
        content: {
          'application/json': { schema: component(AdminAttention, 'AdminAttention') },
        },
      },
      ...denied,
    },
  })

  return createRouter()
    .openapi(dashboard, async (c) => {
      const query = c.req.valid('query')
      const days = dashboardDays(query, new Date())
      if ('field' in days)
        return c.json({ message: messages.invalid, errors: { [days.field]: [days.message] } }, 422)
      const currency = query.currency ?? 'USD'
      const figures = await dashboardFigures(db, {
        from: new Date(startOf(days.from)),
        to: new Date(startOf(days.to) + dayMs),
        currency,
      })
      return c.json(dashboardAnswer(days, currency, figures), 200)
    })
    .openapi(attention, async (c) => {
      const current = catalog.current()
      const needs = await needsTheOwner(db, {
        now: new Date(),
        unpaidDays,
        atRiskDays,
        catalog: current instanceof Promise ? await current : current,
      })
      return c.json(attentionAnswer(needs), 200)
    })
}
