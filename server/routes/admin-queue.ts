import { createRoute } from '@hono/zod-openapi'
import { AdminQueue, AdminQueueQuery, queueStatuses } from '../../contract/admin-queue.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { madeToOrderQueue } from '../services/admin/queue.ts'
import { cachedPalette } from '../services/cart/pricing.ts'
import type { AdminDeps } from './admin.ts'
import { atRiskDays } from './admin-dashboard.ts'
import { backOfficeAccess, requireBackOffice } from './admin-access.ts'

/*
 * The made-to-order queue, the workshop's board (docs/back-office.md): services/admin/queue.ts,
 * for admins and staff. Moving a card along is the order's own move
 * (POST /api/admin/orders/{id}/move).
 */

export function adminQueueRoutes({ db, catalog }: AdminDeps) {
  const queue = createRoute({
    method: 'get',
    path: '/admin/queue',
    tags: ['admin'],
    summary: 'The made-to-order queue',
    description:
      `${backOfficeAccess.all} Every submitted made-to-order order in one of the states ` +
      `${queueStatuses.join(', ')} (or the one \`status\` given), soonest ship-by day first, then ` +
      'the oldest submitted; orders without a ship-by day (no item with a published production ' +
      'time) come last. Each has its made lines as the order’s page shows them (`meta` is what ' +
      'the customer chose, `summary` it in words), `ship_by` (the submit day plus the production ' +
      'time promised, the latest of its items), `days_left` from today (UTC) and ' +
      `\`ship_by_state\`: late (past it), at_risk (within ${atRiskDays} days) or on_time; its ` +
      'amounts as the order list has them, and the note of its latest history line that has one.',
    security: [{ bearerAuth: [] }],
    middleware: requireBackOffice(db),
    request: { query: AdminQueueQuery },
    responses: {
      200: {
        description: 'The queue',
        content: { 'application/json': { schema: component(AdminQueue, 'AdminQueue') } },
      },
      401: errorResponse('Not signed in'),
      403: errorResponse('Not an admin or staff account session'),
      422: errorResponse('A state that is not one of the queue’s (under `status`)'),
    },
  })

  return createRouter().openapi(queue, async (c) => {
    const { status } = c.req.valid('query')
    const current = catalog.current()
    const snapshot = current instanceof Promise ? await current : current
    const answer = await madeToOrderQueue(db, snapshot, await cachedPalette(db), {
      now: new Date(),
      atRiskDays,
      ...(status ? { status } : {}),
    })
    return c.json(answer, 200)
  })
}
