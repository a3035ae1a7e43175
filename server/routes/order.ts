import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  AddDiscountRequest,
  Cart,
  CART_TOKEN_HEADER,
  cartTokenPattern,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyPattern,
  UpdateQtyRequest,
} from '../../contract/cart.ts'
import { AddToOrderRequest } from '../../contract/configurator.ts'
import type { Database } from '../db/index.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { bearerToken } from '../middleware/auth.ts'
import {
  addDiscount,
  addLine,
  cachedPalette,
  fieldErrors,
  findOpenOrder,
  findOwnedOrder,
  guestCartHasLines,
  mergeGuestCart,
  priceAdd,
  renderCart,
  runMutation,
  setMergedNotified,
  updateQty,
  type CartAnswer,
  type CartOwner,
  type MutationResult,
  type Transaction,
} from '../services/cart.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import { findSession, hashToken } from '../services/sessions.ts'

const exampleCart: Cart = {
  id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
  status: 'open',
  currency: 'USD',
  items: [
    {
      id: '5f0c8a0e-2f0b-4d53-a0f6-3a4c1f7d2b10',
      sku: 'CORVID2-M',
      product_slug: 'corvid-2',
      product_path: '/wingsuits/corvid-2',
      name: 'Corvid 2',
      variant_name: 'Corvid 2, size M',
      image: '/images/products/corvid-2.svg',
      qty: 1,
      unit_price: 228_000,
      line_price: 228_000,
      meta: [
        { key: 'color.body', value: 'n4D' },
        { key: 'size', value: 'M' },
        { key: 'option.booties', value: 'on' },
        { key: 'accent', value: 'none' },
      ],
      child: [
        {
          id: '9d3c1e55-7a61-4f0e-8d7e-0c7a4b8e9f21',
          sku: 'SUPERCUSTOM-WS',
          name: 'Super Custom design',
          qty: 1,
          unit_price: 35_000,
          line_price: 35_000,
          meta: [{ key: 'child_super_custom_check', value: 'on' }],
        },
      ],
      summary: ['Size: M', 'Colours: Torso Deep navy', 'Options: Booties', 'Super Custom design'],
    },
  ],
  item_count: 1,
  subtotal: 228_000,
  discounts: [
    { code: 'SPRING', description: 'Spring wingsuit sale: 10 % off wingsuits', amount: 19_800 },
  ],
  discount_total: 19_800,
  total: 208_200,
  merge_notice: null,
  merged_into: null,
}

const CartSchema = component(Cart, 'Cart').openapi({ example: exampleCart })
const AddSchema = component(AddToOrderRequest, 'AddToOrderRequest').openapi({
  example: {
    sku: 'CORVID2-M',
    qty: 1,
    meta: [
      { key: 'color.body', value: 'n4D' },
      { key: 'option.booties', value: 'on' },
      { key: 'size', value: 'M' },
      { key: 'accent', value: 'none' },
      { key: 'total_price', value: '228000' },
    ],
    child: [
      {
        sku: 'SUPERCUSTOM-WS',
        qty: 1,
        meta: [
          { key: 'child_super_custom_check', value: 'on' },
          { key: 'pc_edit_state', value: 'v1.stripes.body' },
          { key: 'pc_pattern_url', value: '/patterns/stripes.svg' },
        ],
      },
    ],
  },
})
const UpdateQtySchema = component(UpdateQtyRequest, 'UpdateQtyRequest').openapi({
  example: { qty: 2 },
})
const AddDiscountSchema = component(AddDiscountRequest, 'AddDiscountRequest').openapi({
  example: { discount_codes: 'SPRING' },
})

/**
 * The owner and key headers, documented here and checked in the handlers (so a bad one is a
 * 422 under the header's own name).
 */
const cartHeaders = z.object({
  'x-cart-token': z
    .string()
    .optional()
    .openapi({
      description:
        'The device’s anonymous cart token (43 base64url characters), for a cart without sign-in. ' +
        'With a bearer token too, the token’s cart is merged into the account’s.',
      example: 'q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE',
    }),
})
const mutationHeaders = cartHeaders.extend({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Made on the device when the customer acts (8–128 of [A-Za-z0-9_-]). A repeat gets the ' +
        'first answer again, kept at least 24 hours; the same key with another body is a 422.',
      example: 'add-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

const cartResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: CartSchema } },
})
const unauthenticated = errorResponse(
  'No owner: neither a live bearer session nor an X-Cart-Token, or the bearer token is unknown or expired',
)
const IdParam = (description: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/)
      .openapi({ param: { name: 'id', in: 'path' }, description }),
  })

/** Either owner will do: a bearer session, or the device's cart token. */
const ownerSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { cartToken: [] }]

export const noOwnerMessage =
  'Sign in, or send the device’s cart token in the X-Cart-Token header, to change a cart.'
export const expiredSessionMessage = 'Your session has expired. Sign in again.'

type Resolved = { owner: CartOwner | undefined } | { answer: { status: 401 | 422; body: unknown } }

/**
 * The cart's owner from the request: a live bearer session (any role, guests too), else the
 * cart token. A signed-in request that also carries a token whose cart has lines merges that
 * cart first, so a change sent before sign-in and replayed after it is never stranded.
 */
async function resolveOwner(db: Database, c: Context): Promise<Resolved> {
  const tokenHeader = c.req.header(CART_TOKEN_HEADER)
  if (tokenHeader !== undefined && !cartTokenPattern.test(tokenHeader))
    return {
      answer: {
        status: 422,
        body: {
          message: 'The cart token is malformed.',
          errors: {
            [CART_TOKEN_HEADER]: ['The cart token must be 43 characters of [A-Za-z0-9_-].'],
          },
        },
      },
    }
  const tokenHash = tokenHeader === undefined ? undefined : hashToken(tokenHeader)
  const authorization = c.req.header('authorization')
  if (authorization !== undefined) {
    const bearer = bearerToken(authorization)
    const session = bearer ? await findSession(db, bearer) : undefined
    if (!session) return { answer: { status: 401, body: { message: expiredSessionMessage } } }
    if (tokenHash && (await guestCartHasLines(db, tokenHash)))
      await mergeGuestCart(db, session.user.id, tokenHash)
    return { owner: { kind: 'user', userId: session.user.id, tokenHash } }
  }
  return { owner: tokenHash ? { kind: 'token', tokenHash } : undefined }
}

/**
 * At sign-in (password, guest, e-mail link, new password): the request's cart token's cart, if
 * it has lines, is merged into the account's cart. A malformed token is ignored here: signing in
 * does not fail over a cart.
 */
export async function mergeCartAtSignIn(db: Database, c: Context, userId: string) {
  const token = c.req.header(CART_TOKEN_HEADER)
  if (token === undefined || !cartTokenPattern.test(token)) return
  await mergeGuestCart(db, userId, hashToken(token))
}

function idempotencyKeyOf(c: Context): { key: string | undefined } | { answer: CartAnswer } {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key === undefined) return { key: undefined }
  if (!idempotencyKeyPattern.test(key))
    return {
      answer: fieldErrors({
        [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'],
      }),
    }
  return { key }
}

export function orderRoutes({ db, catalog }: { db: Database; catalog: CatalogCache }) {
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }

  const getCart = createRoute({
    method: 'get',
    path: '/order',
    tags: ['cart'],
    summary: 'The open cart',
    description:
      'The caller’s open order with its lines, unit and line prices, discounts and totals in ' +
      'integer minor units. Without a cart yet (or without any owner) an empty cart with `id` ' +
      'null.',
    security: ownerSecurity,
    request: { headers: cartHeaders },
    responses: {
      200: cartResponse('The cart'),
      401: unauthenticated,
      422: errorResponse('A malformed `X-Cart-Token`'),
    },
  })

  const getOrder = createRoute({
    method: 'get',
    path: '/order/{id}',
    tags: ['cart'],
    summary: 'An order of the caller’s',
    security: ownerSecurity,
    request: { params: IdParam('The order’s id (uuid)'), headers: cartHeaders },
    responses: {
      200: cartResponse('The order'),
      401: unauthenticated,
      404: errorResponse('No such order, or it belongs to someone else'),
      422: errorResponse('A malformed `X-Cart-Token`'),
    },
  })

  const add = createRoute({
    method: 'post',
    path: '/order/add',
    tags: ['cart'],
    summary: 'Add to order',
    description:
      'Exactly the configurator’s payload (SPEC §3), or a product’s or variant’s sku with an ' +
      'empty meta list. The server prices the line from the catalog with the configurator’s ' +
      'own pricing function; `total_price` in meta is ignored. A line identical in sku, meta ' +
      'and children sums into the existing one (at most 99).',
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: AddSchema } } },
    },
    responses: {
      200: cartResponse('The cart with the line added'),
      401: unauthenticated,
      422: errorResponse(
        'Per field: `sku` unknown or no longer sold, `qty` outside 1–99 (or over 99 summed), ' +
          '`meta` not fitting the product, `child` not one of its designs; `Idempotency-Key` ' +
          'malformed or used for another request',
      ),
    },
  })

  const updateQtyRoute = createRoute({
    method: 'post',
    path: '/order/item/{id}/update-qty',
    tags: ['cart'],
    summary: 'Change a line’s quantity; 0 removes it',
    description:
      '`{id}` is the line’s id, or the Idempotency-Key of the add that made (or summed into) ' +
      'the line. Children follow their line.',
    security: ownerSecurity,
    request: {
      params: IdParam('A line id, or the Idempotency-Key of the add that made the line'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: UpdateQtySchema } } },
    },
    responses: {
      200: cartResponse('The cart after the change'),
      401: unauthenticated,
      404: errorResponse('No such line in the caller’s open cart'),
      422: errorResponse('`qty` outside 0–99, or a bad `Idempotency-Key`'),
    },
  })

  const addDiscountRoute = createRoute({
    method: 'post',
    path: '/order/{id}/add-discount',
    tags: ['cart'],
    summary: 'Apply discount codes',
    description:
      'One code or a list, case-insensitive. Every code applies or none does. A code may be ' +
      'a percentage or a fixed amount, expire, be limited in uses and apply to some product ' +
      'families or products only. A merged guest cart’s id reaches the cart it went into.',
    security: ownerSecurity,
    request: {
      params: IdParam('The open order’s id (uuid)'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: AddDiscountSchema } } },
    },
    responses: {
      200: cartResponse('The cart with the discount'),
      401: unauthenticated,
      404: errorResponse('No such order, or it belongs to someone else'),
      422: errorResponse(
        '`discount_codes`: unknown, expired, used up, not applicable to the cart, or not ' +
          'combinable; or a bad `Idempotency-Key`',
      ),
    },
  })

  const notified = createRoute({
    method: 'post',
    path: '/order/set-merged-notified',
    tags: ['cart'],
    summary: 'The cart merge overlay was shown',
    description: 'Clears `merge_notice` of the open cart.',
    security: ownerSecurity,
    request: { headers: mutationHeaders },
    responses: {
      200: cartResponse('The cart, without its merge notice'),
      401: unauthenticated,
      422: errorResponse('A bad `X-Cart-Token` or `Idempotency-Key`'),
    },
  })

  type Answered = { status: CartAnswer['status'] | 401; body: unknown }
  const send = (c: Context, answer: Answered) => {
    if (answer.status === 401) c.header('WWW-Authenticate', 'Bearer')
    return c.json(answer.body as Record<string, unknown>, answer.status)
  }

  type Work = (owner: CartOwner) => (tx: Transaction) => Promise<MutationResult>

  /** Owner and key checked, then the change run once per key. */
  async function mutate(c: Context, call: string, body: unknown, work: Work) {
    const resolved = await resolveOwner(db, c)
    if ('answer' in resolved) return send(c, resolved.answer)
    const keyed = idempotencyKeyOf(c)
    if ('answer' in keyed) return send(c, keyed.answer)
    const { owner } = resolved
    if (!owner) return send(c, { status: 401, body: { message: noOwnerMessage } })
    return send(c, await runMutation(db, { owner, key: keyed.key, call, body }, work(owner)))
  }

  return createRouter()
    .openapi(getCart, async (c) => {
      const resolved = await resolveOwner(db, c)
      if ('answer' in resolved) return send(c, resolved.answer) as never
      const catalogNow = await snapshot()
      const order = resolved.owner ? await findOpenOrder(db, resolved.owner) : undefined
      return c.json(await renderCart(db, order, catalogNow, await cachedPalette(db)), 200)
    })
    .openapi(getOrder, async (c) => {
      const resolved = await resolveOwner(db, c)
      if ('answer' in resolved) return send(c, resolved.answer) as never
      if (!resolved.owner) return c.json({ message: messages.notFound }, 404)
      const order = await findOwnedOrder(db, resolved.owner, c.req.valid('param').id)
      if (!order) return c.json({ message: messages.notFound }, 404)
      return c.json(await renderCart(db, order, await snapshot(), await cachedPalette(db)), 200)
    })
    .openapi(add, async (c) => {
      const request = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(c, 'POST /order/add', request, (owner) => async (tx) => {
        const priced = priceAdd(catalogNow, palette, request)
        if (!priced.ok) return fieldErrors(priced.errors)
        return addLine(tx, owner, request, priced.priced, catalogNow, palette)
      }) as never
    })
    .openapi(updateQtyRoute, async (c) => {
      const { id } = c.req.valid('param')
      const { qty } = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(
        c,
        `POST /order/item/${id}/update-qty`,
        { qty },
        (owner) => (tx) => updateQty(tx, owner, id, qty, catalogNow, palette),
      ) as never
    })
    .openapi(addDiscountRoute, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(
        c,
        `POST /order/${id}/add-discount`,
        body,
        (owner) => (tx) => addDiscount(tx, owner, id, body.discount_codes, catalogNow, palette),
      ) as never
    })
    .openapi(notified, async (c) => {
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(
        c,
        'POST /order/set-merged-notified',
        {},
        (owner) => (tx) => setMergedNotified(tx, owner, catalogNow, palette),
      ) as never
    })
}
