import { createRoute, z } from '@hono/zod-openapi'
import {
  AdminDiscountCodeDetail,
  AdminDiscountCodes,
  codeUsesShown,
  CreateDiscountCodeRequest,
  DiscountCodeUsesPage,
  DiscountCodeUsesQuery,
  EditDiscountCodeRequest,
} from '../../contract/admin-discounts.ts'
import { maxOrdersPerPage } from '../../contract/orders.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import {
  createDiscountCode,
  discountCodeDetail,
  discountCodeUses,
  editDiscountCode,
  endDiscountCode,
  listDiscountCodes,
} from '../services/admin/discount-codes.ts'
import type { AdminDeps } from './admin.ts'
import { actorOf, backOfficeAccess, requireBackOffice } from './admin-access.ts'

/*
 * The back office's discount codes (docs/back-office.md): the list, a code with its uses, and
 * create, edit and end, each audited (services/admin/discount-codes.ts). Admins only: staff get
 * a 403, like everyone else who is not an admin, before the input is read. The cart's rules for
 * applying a code stay in services/cart/changes.ts and submit.ts.
 */

const codeNotFound = 'No such discount code.'

/** What a code in a path may look like; anything else names no code (404). Upper-cased to find it. */
const CodeParam = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({
      param: { name: 'code', in: 'path' },
      description: 'The code (any case: codes are stored upper-cased)',
    }),
})

const DetailSchema = component(AdminDiscountCodeDetail, 'AdminDiscountCodeDetail')

const detailAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: DetailSchema } },
})
const denied = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin account session (staff included)'),
}
const notFound = { 404: errorResponse(`No such code: “${codeNotFound}”`) }
const security = [{ bearerAuth: [] }]

const terms =
  '`kind` percent (`value` 1–100) or fixed (`value` > 0, minor units); `starts_at` and ' +
  '`expires_at` ISO 8601 times with their offset, the start before the end (null: from now, ' +
  'never ending); `usage_limit` at least 1, or null for no limit; `product_families` known ' +
  'families and `product_slugs` products of the catalog (either list matching a line is ' +
  'enough; both empty: every line); `excludes_upgrades`; `combinable`.'

const jsonBody = <T extends z.ZodType>(schema: T, name: string) => ({
  body: {
    required: true,
    content: { 'application/json': { schema: component(schema, name) } },
  },
})

export function adminDiscountsRoutes({ db }: AdminDeps) {
  const adminOnly = requireBackOffice(db, { adminOnly: true })

  const list = createRoute({
    method: 'get',
    path: '/admin/discount-codes',
    tags: ['admin'],
    summary: 'Every discount code, with its uses and state',
    description:
      `${backOfficeAccess.adminOnly} Every code, by code: its terms, \`used_count\` (submitted ` +
      'orders that used it, against `usage_limit`) and `state`: `expired` (its end has passed ' +
      'or it was ended), `used_up`, `scheduled` (its start is ahead) or `active`.',
    security,
    middleware: adminOnly,
    responses: {
      200: {
        description: 'The codes',
        content: {
          'application/json': { schema: component(AdminDiscountCodes, 'AdminDiscountCodes') },
        },
      },
      ...denied,
    },
  })

  const one = createRoute({
    method: 'get',
    path: '/admin/discount-codes/{code}',
    tags: ['admin'],
    summary: 'A discount code and the orders that used it',
    description:
      `${backOfficeAccess.adminOnly} The code, its state, its newest ${codeUsesShown} uses (the ` +
      'submitted orders that used it, newest first: number, date, state, e-mail address and ' +
      'what the code took off, as charged at submit), `has_more_uses` when older ones exist ' +
      '(`…/uses`), and what the back office did to it (its audit rows).',
    security,
    middleware: adminOnly,
    request: { params: CodeParam },
    responses: { 200: detailAnswer('The code'), ...denied, ...notFound },
  })

  const uses = createRoute({
    method: 'get',
    path: '/admin/discount-codes/{code}/uses',
    tags: ['admin'],
    summary: 'A page of the orders that used a discount code',
    description:
      `${backOfficeAccess.adminOnly} The submitted orders that used the code, newest first, a ` +
      `page at a time (\`page\` from 1, \`per_page\` 1–${maxOrdersPerPage}, 20 unless given), ` +
      'each as in the code’s `uses`, with `total_count` and `has_more`.',
    security,
    middleware: adminOnly,
    request: { params: CodeParam, query: DiscountCodeUsesQuery },
    responses: {
      200: {
        description: 'One page of uses',
        content: {
          'application/json': { schema: component(DiscountCodeUsesPage, 'DiscountCodeUsesPage') },
        },
      },
      ...denied,
      ...notFound,
      422: errorResponse('A paging value out of range, with a message per field'),
    },
  })

  const create = createRoute({
    method: 'post',
    path: '/admin/discount-codes',
    tags: ['admin'],
    summary: 'Create a discount code',
    description:
      `${backOfficeAccess.adminOnly} \`code\`: 3–32 letters, digits, - and _, upper-cased (a ` +
      `code that exists is a 422 under \`code\`); \`description\`, which the cart shows; ${terms} ` +
      'Each problem is a 422 under its field. Audited as `discount_code.create`.',
    security,
    middleware: adminOnly,
    request: jsonBody(CreateDiscountCodeRequest, 'CreateDiscountCodeRequest'),
    responses: {
      200: detailAnswer('The new code'),
      ...denied,
      422: errorResponse('Bad input, a code that exists, or an unknown family or product'),
    },
  })

  const edit = createRoute({
    method: 'post',
    path: '/admin/discount-codes/{code}',
    tags: ['admin'],
    summary: 'Change a discount code’s terms',
    description:
      `${backOfficeAccess.adminOnly} The fields sent change; the others stay (null clears a ` +
      'start, an end or a limit). The code itself is not renamed (a different `code` is a 422). ' +
      `The same rules as a new code’s: ${terms} \`usage_limit\` cannot go below \`used_count\`. ` +
      'Orders already submitted keep what the code took off them. Audited as ' +
      '`discount_code.edit` with what changed (an edit that changes nothing writes no row).',
    security,
    middleware: adminOnly,
    request: { params: CodeParam, ...jsonBody(EditDiscountCodeRequest, 'EditDiscountCodeRequest') },
    responses: {
      200: detailAnswer('The code after the change'),
      ...denied,
      ...notFound,
      422: errorResponse('Bad input, a rename, a limit below the uses, or an unknown product'),
    },
  })

  const end = createRoute({
    method: 'post',
    path: '/admin/discount-codes/{code}/end',
    tags: ['admin'],
    summary: 'End a discount code now',
    description:
      `${backOfficeAccess.adminOnly} Its \`expires_at\` becomes now (and a start still ahead ` +
      'becomes now too): no cart can add it, and a cart that holds it is refused at submit and ' +
      'loses it, as with any expired code. A code already ended stays as it is. Audited as ' +
      '`discount_code.end`.',
    security,
    middleware: adminOnly,
    request: { params: CodeParam },
    responses: { 200: detailAnswer('The code, ended'), ...denied, ...notFound },
  })

  const invalid = (errors: Record<string, string[]>) => ({ message: messages.invalid, errors })

  return createRouter()
    .openapi(list, async (c) => c.json({ discount_codes: await listDiscountCodes(db) }, 200))
    .openapi(one, async (c) => {
      const detail = await discountCodeDetail(db, c.req.valid('param').code)
      return detail ? c.json(detail, 200) : c.json({ message: codeNotFound }, 404)
    })
    .openapi(uses, async (c) => {
      const page = await discountCodeUses(db, c.req.valid('param').code, c.req.valid('query'))
      return page ? c.json(page, 200) : c.json({ message: codeNotFound }, 404)
    })
    .openapi(create, async (c) => {
      const result = await createDiscountCode(db, actorOf(c), c.req.valid('json'))
      return result.ok ? c.json(result.code, 200) : c.json(invalid(result.errors), 422)
    })
    .openapi(edit, async (c) => {
      const { code } = c.req.valid('param')
      const result = await editDiscountCode(db, actorOf(c), code, c.req.valid('json'))
      if (result.ok) return c.json(result.code, 200)
      if (result.missing) return c.json({ message: codeNotFound }, 404)
      return c.json(invalid(result.errors), 422)
    })
    .openapi(end, async (c) => {
      const result = await endDiscountCode(db, actorOf(c), c.req.valid('param').code)
      return result.ok ? c.json(result.code, 200) : c.json({ message: codeNotFound }, 404)
    })
}
