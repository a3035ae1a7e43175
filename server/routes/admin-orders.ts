import { createRoute, z } from '@hono/zod-openapi'
import {
  AdminOrderDetail,
  AdminOrdersPage,
  AdminOrdersQuery,
  MoveOrderRequest,
  RefundRequest,
} from '../../contract/admin.ts'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import { maxOrdersPerPage } from '../../contract/orders.ts'
import { uuidPattern } from '../../contract/uuid.ts'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Database } from '../db/index.ts'
import { declared } from '../http/declared-answer.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import type { MailSite } from '../mail/templates.ts'
import {
  mailAsShop,
  moveAsShop,
  refundAsShop,
  type ActionResult,
} from '../services/admin/order-actions.ts'
import { backOfficeOrder, findOrderForShop } from '../services/admin/order-detail.ts'
import { listBackOfficeOrders } from '../services/admin/order-list.ts'
import { refundOnce, refundRunningMessage } from '../services/admin/refund-once.ts'
import { userScope } from '../services/cart-owner.ts'
import { cachedPalette } from '../services/cart/pricing.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import type { Payments } from '../services/payments/payments.ts'
import { actorOf, backOfficeAccess, requireBackOffice } from './admin-access.ts'

/*
 * The back office's orders (docs/back-office.md): the list, an order's page, and what the shop
 * does to an order, each through the command line's own service (services/admin/order-actions.ts)
 * and written to the audit log. Every call checks the caller's role before anything else.
 */

export interface AdminOrderDeps {
  db: Database
  catalog: CatalogCache
  payments: Payments
  /** SITE_URL and TEST_PAYMENTS, for the customer's mail. */
  site: MailSite
}

const orderNotFound = 'No such order (a cart is not an order either).'
const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i
const jsonBodyMessage = 'Send a JSON body: {"amount": …} in minor units, or {} to refund all.'
export const refundKeyMessages = {
  required:
    'A part refund needs an Idempotency-Key made for it: sent twice without one, it would refund twice.',
  malformed: 'The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].',
} as const

const RefundHeaders = z.object({
  // Checked in the handler, so a missing or bad key is a 422 under the header's own name.
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Made on the device for this refund (8–128 of [A-Za-z0-9_-]); required with `amount`. ' +
        'The same key with the same body gets the first answer again and refunds nothing more; ' +
        'with another body it is a 422; while the first is still running, a 409.',
      example: 'refund-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

const IdParam = z.object({
  id: z
    .string()
    .regex(uuidPattern)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'The order’s id (uuid)' }),
})

const DetailSchema = component(AdminOrderDetail, 'AdminOrderDetail')
const PageSchema = component(AdminOrdersPage, 'AdminOrdersPage')

const detailAnswer = {
  description: 'The order as the back office shows it, after the action',
  content: { 'application/json': { schema: DetailSchema } },
}
const denied = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin or staff account session'),
}
const adminOnlyDenied = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin account session (staff included)'),
}
const notFound = { 404: errorResponse(`No such submitted order: “${orderNotFound}”`) }
const security = [{ bearerAuth: [] }]

export function adminOrderRoutes({ db, catalog, payments, site }: AdminOrderDeps) {
  const backOffice = requireBackOffice(db)
  const adminOnly = requireBackOffice(db, { adminOnly: true })
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }

  /** The order's page as it is now; undefined when it is not (or no longer) an order. */
  async function detailOf(id: string) {
    const order = await findOrderForShop(db, id)
    return order && backOfficeOrder(db, order, await snapshot(), await cachedPalette(db))
  }

  const list = createRoute({
    method: 'get',
    path: '/admin/orders',
    tags: ['admin'],
    summary: 'The shop’s orders, filtered and searched',
    description:
      `${backOfficeAccess.all} Every submitted order, newest first, a page at a time (\`page\` ` +
      `from 1, \`per_page\` 1–${maxOrdersPerPage}, 20 unless given), each with its customer, ` +
      'amounts, payment state, whether it is made to order, its dealer and its ship-by day. ' +
      'Each filter narrows the list: `status`; `payment` (paid, part_paid, unpaid: what the ' +
      'settled payments make of the total); `made_to_order` (true, false); `dealer` (the ' +
      'credited dealer’s account id); `from` and `to` (submit days, UTC, inclusive); `q`, the ' +
      'order number as the customer sees it (4 to 8 of its characters, `#` allowed, or the ' +
      'whole id) or part of the customer’s e-mail address or name.',
    security,
    middleware: backOffice,
    request: { query: AdminOrdersQuery },
    responses: {
      200: {
        description: 'One page of orders',
        content: { 'application/json': { schema: PageSchema } },
      },
      ...denied,
      422: errorResponse('A filter or paging value out of range, with a message per field'),
    },
  })

  const one = createRoute({
    method: 'get',
    path: '/admin/orders/{id}',
    tags: ['admin'],
    summary: 'One order, as the shop sees it',
    description:
      `${backOfficeAccess.all} The order’s lines with what the customer chose (meta and ` +
      'summary, as the customer’s order page shows them), amounts, payments (provider, amount, ' +
      'refunded, status, date), history, the mail sent about it (from the outbox: kind, ' +
      'recipient, subject, status; no bodies), address, notes, where it may move next, and what ' +
      'the back office did to it (its audit rows).',
    security,
    middleware: backOffice,
    request: { params: IdParam },
    responses: {
      200: {
        description: 'The order',
        content: { 'application/json': { schema: DetailSchema } },
      },
      ...denied,
      ...notFound,
    },
  })

  const move = createRoute({
    method: 'post',
    path: '/admin/orders/{id}/move',
    tags: ['admin'],
    summary: 'Move an order along its life',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- move-order\`: the same rules ` +
      '(contract/order-lifecycle.ts; an order waiting for the waiver is not paid, put in ' +
      'production or shipped), a line in the order’s history (`note`, else the new state’s ' +
      'name) and the customer’s mail for in production, shipped (`note` is its tracking ' +
      'number), delivered, cancelled and refunded. A refused move is a 422 under `status` with ' +
      'the command line’s reason. Audited as `order.move`.',
    security,
    middleware: backOffice,
    request: {
      params: IdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: component(MoveOrderRequest, 'MoveOrderRequest') },
        },
      },
    },
    responses: {
      200: detailAnswer,
      ...denied,
      ...notFound,
      422: errorResponse('Bad input, or a move the order’s life does not allow (under `status`)'),
    },
  })

  const refund = createRoute({
    method: 'post',
    path: '/admin/orders/{id}/refund',
    tags: ['admin'],
    summary: 'Refund an order, in whole or in part',
    description:
      `${backOfficeAccess.adminOnly} As \`npm run admin -- refund\`: \`amount\` in minor units ` +
      '(all that can be refunded without it) is given back from the settled payments, newest ' +
      'first, each through the provider that took it; the order becomes refunded when nothing ' +
      'paid is left. More than was paid, nothing left to refund, or a provider’s refusal is a ' +
      '422 under `amount` (a refusal after part went back says how much did). Audited as ' +
      '`order.refund` after the provider answered. A part refund takes an `Idempotency-Key` ' +
      '(422 under `Idempotency-Key` without one): sent again with the same key and body it ' +
      'answers as the first did, and refunds nothing more, nor writes another audit row. A ' +
      'refund of all may take one too; without it, a second call finds nothing left.',
    security,
    middleware: adminOnly,
    request: {
      params: IdParam,
      headers: RefundHeaders,
      // Required, `{}` for all: a body the server did not read must not refund everything.
      body: {
        required: true,
        content: { 'application/json': { schema: component(RefundRequest, 'RefundRequest') } },
      },
    },
    responses: {
      200: detailAnswer,
      ...adminOnlyDenied,
      ...notFound,
      409: {
        description: `The first refund of this Idempotency-Key has not answered yet: “${refundRunningMessage}” (\`Retry-After\`)`,
        headers: z.object({ 'Retry-After': z.string() }),
        content: errorResponse('').content,
      },
      422: errorResponse(
        'Bad input (no JSON body: under `body`), a refund the payments do not allow (under ' +
          '`amount`), or an Idempotency-Key missing from a part refund, malformed, or used for ' +
          'another request (under `Idempotency-Key`)',
      ),
    },
  })

  const resend = createRoute({
    method: 'post',
    path: '/admin/orders/{id}/resend-mail',
    tags: ['admin'],
    summary: 'Mail the customer their order as it stands',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- resend-mail\`: the order’s state mail (in ` +
      'production, shipped, …) or, before that, its confirmation with what is due, and the ' +
      'payment link while a balance is due; queued in the outbox and sent by the mail worker. ' +
      'An order placed without an e-mail address is a 422 under `order_id`. Audited as ' +
      '`order.resend_mail`.',
    security,
    middleware: backOffice,
    request: { params: IdParam },
    responses: {
      200: detailAnswer,
      ...denied,
      ...notFound,
      422: errorResponse('No one to mail (under `order_id`)'),
    },
  })

  const paymentLink = createRoute({
    method: 'post',
    path: '/admin/orders/{id}/payment-link',
    tags: ['admin'],
    summary: 'Mail the customer the order’s payment link',
    description:
      `${backOfficeAccess.all} The order’s mail as resend-mail sends it, which carries the ` +
      'payment link (`/checkout/{code}`) while a balance is due. Refused with a 422 under ' +
      '`order_id` when nothing is left to pay, when the order is cancelled or refunded, or when ' +
      'it has no e-mail address. Audited as `order.payment_link` (the link itself is not kept in ' +
      'the log).',
    security,
    middleware: backOffice,
    request: { params: IdParam },
    responses: {
      200: detailAnswer,
      ...denied,
      ...notFound,
      422: errorResponse('Nothing to pay, or no one to mail (under `order_id`)'),
    },
  })

  /** An action's answer: the order as it is now, 404 or the refusal's 422. */
  async function answerOf(id: string, result: ActionResult) {
    if (!result.ok) {
      if (result.missing) return { status: 404 as const, body: { message: orderNotFound } }
      return {
        status: 422 as const,
        body: { message: result.message, errors: { [result.field]: [result.message] } },
      }
    }
    const detail = await detailOf(id)
    if (!detail) return { status: 404 as const, body: { message: orderNotFound } }
    return { status: 200 as const, body: detail }
  }

  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listBackOfficeOrders(db, await snapshot(), c.req.valid('query')), 200),
    )
    .openapi(one, async (c) => {
      const detail = await detailOf(c.req.valid('param').id)
      return detail ? c.json(detail, 200) : c.json({ message: orderNotFound }, 404)
    })
    .openapi(move, async (c) => {
      const { id } = c.req.valid('param')
      const { status, note } = c.req.valid('json')
      const answer = await answerOf(
        id,
        await moveAsShop(db, actorOf(c), { id, to: status, note: note ?? '', site }),
      )
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status)
    })
    .openapi(refund, async (c) => {
      const { id } = c.req.valid('param')
      // The validator reads a body of another type as `{}`, which would refund everything.
      if (!jsonType.test(c.req.header('content-type') ?? ''))
        return c.json({ message: jsonBodyMessage, errors: { body: [jsonBodyMessage] } }, 422)
      const body = c.req.valid('json')
      const { amount } = body
      const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
      const keyProblem =
        key === undefined
          ? amount === undefined
            ? undefined
            : refundKeyMessages.required
          : idempotencyKeyPattern.test(key)
            ? undefined
            : refundKeyMessages.malformed
      if (keyProblem)
        return c.json(
          { message: keyProblem, errors: { [IDEMPOTENCY_KEY_HEADER]: [keyProblem] } },
          422,
        )
      const actor = actorOf(c)
      const run = async () => answerOf(id, await refundAsShop(db, payments, actor, { id, amount }))
      if (key === undefined) {
        // A refund of all, sent twice, finds nothing left the second time.
        const answer = await run()
        return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status)
      }
      const sent = await refundOnce(
        db,
        { call: `POST /admin/orders/${id}/refund`, scope: userScope(actor.id), key, body },
        run,
      )
      return declared(
        c.body(sent.text, sent.status as ContentfulStatusCode, {
          'Content-Type': 'application/json',
          ...(sent.retryAfter === undefined ? {} : { 'Retry-After': String(sent.retryAfter) }),
        }),
      )
    })
    .openapi(resend, async (c) => {
      const { id } = c.req.valid('param')
      const answer = await answerOf(
        id,
        await mailAsShop(db, actorOf(c), { id, site, paymentLink: false }),
      )
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status)
    })
    .openapi(paymentLink, async (c) => {
      const { id } = c.req.valid('param')
      const answer = await answerOf(
        id,
        await mailAsShop(db, actorOf(c), { id, site, paymentLink: true }),
      )
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status)
    })
}
