import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  AddDiscountRequest,
  Cart,
  maxDiscountCodes,
  UpdateQtyRequest,
} from '../../contract/cart.ts'
import { AddToOrderRequest } from '../../contract/configurator.ts'
import type { Database } from '../db/index.ts'
import { clientAddress } from '../http/client-address.ts'
import { errorResponse, messages, throttledResponse, tooManyAttempts } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import {
  addDiscount,
  addToCart,
  discountCodesOf,
  lineGoneMessage,
  orderGoneMessage,
  setMergedNotified,
  tooManyCodesMessage,
  updateQty,
} from '../services/cart/changes.ts'
import { mergeGuestCart } from '../services/cart/merge.ts'
import { findOpenCart, findOwnedOrder } from '../services/cart/open-cart.ts'
import { cachedProductionTimes } from '../services/cart/availability.ts'
import { cachedPalette, priceAdd } from '../services/cart/pricing.ts'
import { cartOf, renderCart } from '../services/cart/view.ts'
import { scopesOf, signInTokenHash } from '../services/cart-owner.ts'
import { isProvenAccount } from '../services/accounts.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import { joinGuestOrders } from '../services/orders/lookup.ts'
import { attemptAnonymousAdd, attemptCodes } from '../services/throttle.ts'
import {
  cartHeaders,
  IdParam,
  mutationHeaders,
  orderCalls,
  otherAccount,
  ownerRules,
  ownerSecurity,
  unauthenticated,
} from './order-calls.ts'

const exampleCart: Cart = {
  id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
  status: 'open',
  currency: 'USD',
  items: [
    {
      id: '5f0c8a0e-2f0b-4d53-a0f6-3a4c1f7d2b10',
      sku: 'CORVID2-L',
      product_slug: 'corvid-2',
      product_path: '/wingsuits/corvid-2',
      name: 'Corvid 2',
      variant_name: 'Corvid 2, size L',
      image: '/images/products/corvid-2.svg',
      qty: 1,
      unit_price: 228_000,
      line_price: 228_000,
      meta: [
        { key: 'color.body', value: 'n4D' },
        { key: 'size', value: 'L' },
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
      summary: ['Size: L', 'Colours: Torso Deep navy', 'Options: Booties', 'Super Custom design'],
      // Size L is sewn to order: the wingsuits' 8–10 weeks, and 2 more for the super custom design.
      availability: { in_stock: false, weeks_min: 10, weeks_max: 12 },
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
  placed_for: null,
}

/** The Cart component, one registration for every route answering a cart. */
export const CartSchema = component(Cart, 'Cart').openapi({ example: exampleCart })
/** The add-to-order payload, one registration for every route taking it. */
export const AddSchema = component(AddToOrderRequest, 'AddToOrderRequest').openapi({
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

const cartResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: CartSchema } },
})
/**
 * At an account sign-in (password, e-mail link, new password): the request's cart token's cart,
 * if it has lines, is merged into the account's cart. A guest sign-in merges nothing
 * (cart-owner.ts). A malformed token is ignored here: signing in does not fail over a cart.
 */
export async function mergeCartAtSignIn(db: Database, c: Context, userId: string) {
  // What guest sessions ordered with the address joins the account once the address is proven.
  if (await isProvenAccount(db, userId)) await joinGuestOrders(db, userId)
  const tokenHash = signInTokenHash(c)
  if (tokenHash === undefined) return
  await mergeGuestCart(db, userId, tokenHash)
}

export function cartRoutes({
  db,
  catalog,
  anonymousCartLimits = true,
}: {
  db: Database
  catalog: CatalogCache
  /** Whether anonymous adds count per client address (env ANONYMOUS_CART_LIMITS; off for benches). */
  anonymousCartLimits?: boolean
}) {
  const { send, ownerOf, mutate, mutateWith } = orderCalls(db)
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
      'null.' +
      ownerRules,
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
    description:
      'An order the caller owns (see `GET /api/order`); any other is a 404.' + ownerRules,
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
      'Exactly the configurator’s payload, or a product’s or variant’s sku with an ' +
      'empty meta list. The server prices the line from the catalog with the configurator’s ' +
      'own pricing function; `total_price` in meta is ignored. A line identical in sku, meta ' +
      'and children sums into the existing one (at most 99). Success is 200 with the cart. ' +
      'Without a session (a cart token alone), adds are counted per client address (an IPv6 ' +
      'client by its /64): 300 per 15 minutes, of which 60 may make a new cart; beyond, 429 ' +
      'with `Retry-After` (the app keeps the change and sends it again later).' +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: AddSchema } } },
    },
    responses: {
      200: cartResponse('The cart with the line added'),
      401: unauthenticated,
      409: otherAccount,
      422: errorResponse(
        'Per field: `sku` unknown or no longer sold, `qty` outside 1–99 (or over 99 summed), ' +
          '`meta` not fitting the product, `child` not one of its designs; `Idempotency-Key` ' +
          'malformed or used for another request',
      ),
      429: throttledResponse,
    },
  })

  const updateQtyRoute = createRoute({
    method: 'post',
    path: '/order/item/{id}/update-qty',
    tags: ['cart'],
    summary: 'Change a line’s quantity; 0 removes it',
    description:
      '`{id}` is the Idempotency-Key of the add that made (or summed into) the line, looked up ' +
      'first among the caller’s keys (the device’s too, and a merged guest cart’s), or else the ' +
      'line’s id: a line added offline is addressed by its add’s key before its id is known. ' +
      '`qty` is the line’s new quantity; children follow their line. A guest line that a ' +
      'sign-in merge summed into the account’s line of the same identity, named by its id or ' +
      'its add’s key (a change the device made before the merge), is the device’s share: the ' +
      'line becomes what the account’s line held before the merge plus `qty` (0 leaves the ' +
      'account’s part).' +
      ownerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('A line id, or the Idempotency-Key of the add that made the line'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: UpdateQtySchema } } },
    },
    responses: {
      200: cartResponse('The cart after the change'),
      401: unauthenticated,
      404: errorResponse(
        `No such line in the caller’s open cart (removed, or never theirs): “${lineGoneMessage}”`,
      ),
      409: otherAccount,
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
      `families or products only. At most ${maxDiscountCodes} codes in one call. An unknown, ` +
      'expired or used-up code gets one message, `“CODE” is not a discount code this cart can ' +
      'use.`, whichever the reason, so the answers do not tell which codes exist. A live code ' +
      'for other items says what it is for (`“SPRING” is for wingsuits only: nothing in this ' +
      'cart qualifies.`), as the page that announced it does. Each code a call tries is an attempt, counted per cart (10 per ' +
      '15 minutes, from any client address) and per client address (30, whatever the cart); ' +
      'beyond, 429. A merged guest cart’s id reaches the cart it went into.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('The open order’s id (uuid)'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: AddDiscountSchema } } },
    },
    responses: {
      200: cartResponse('The cart with the discount'),
      401: unauthenticated,
      404: errorResponse(`No such order, or it belongs to someone else: “${orderGoneMessage}”`),
      409: otherAccount,
      422: errorResponse(
        '`discount_codes`: empty, more than ' +
          `${maxDiscountCodes} codes, a code this cart cannot use (one message for every ` +
          'reason), or codes that cannot be combined; or a bad `Idempotency-Key`',
      ),
      429: throttledResponse,
    },
  })

  const notified = createRoute({
    method: 'post',
    path: '/order/set-merged-notified',
    tags: ['cart'],
    summary: 'The cart merge overlay was shown',
    description:
      'Clears `merge_notice` of the open cart: {lines_added, lines_summed}, set when a sign-in ' +
      '(or a signed-in call carrying `X-Cart-Token`) merged the device’s cart with lines into an ' +
      'account cart that had lines, identical lines summed up to 99 and the others appended.',
    security: ownerSecurity,
    request: { headers: mutationHeaders },
    responses: {
      200: cartResponse('The cart, without its merge notice'),
      401: unauthenticated,
      409: otherAccount,
      422: errorResponse('A bad `X-Cart-Token`, `X-Cart-Account` or `Idempotency-Key`'),
    },
  })

  return createRouter()
    .openapi(getCart, async (c) => {
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const times = await cachedProductionTimes(db)
      // The order with its lines and codes in one read.
      const cart = resolved.owner ? await findOpenCart(db, resolved.owner) : undefined
      if (!cart) return c.json(await renderCart(db, undefined, catalogNow, palette, times), 200)
      return c.json(cartOf(cart, catalogNow, palette, times), 200)
    })
    .openapi(getOrder, async (c) => {
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return c.json({ message: messages.notFound }, 404)
      const order = await findOwnedOrder(db, resolved.owner, c.req.valid('param').id)
      if (!order) return c.json({ message: messages.notFound }, 404)
      const [catalogNow, palette, times] = [
        await snapshot(),
        await cachedPalette(db),
        await cachedProductionTimes(db),
      ]
      return c.json(await renderCart(db, order, catalogNow, palette, times), 200)
    })
    .openapi(add, async (c) => {
      const request = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const times = await cachedProductionTimes(db)
      const priced = priceAdd(catalogNow, palette, request)
      return mutateWith(
        c,
        'POST /order/add',
        request,
        (owner, idempotent) =>
          addToCart(db, owner, idempotent, request, priced, catalogNow, palette, times),
        async (owner) => {
          if (owner.kind !== 'token' || !anonymousCartLimits) return undefined
          const wait = await attemptAnonymousAdd(db, owner.tokenHash, clientAddress(c))
          return wait > 0 ? tooManyAttempts(c, wait) : undefined
        },
      )
    })
    .openapi(updateQtyRoute, async (c) => {
      const { id } = c.req.valid('param')
      const { qty } = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const times = await cachedProductionTimes(db)
      return mutate(
        c,
        `POST /order/item/${id}/update-qty`,
        { qty },
        (owner) => (tx) => updateQty(tx, owner, id, qty, catalogNow, palette, times),
      )
    })
    .openapi(addDiscountRoute, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const times = await cachedProductionTimes(db)
      // The cap first: a long list costs nothing to refuse and is not worth an attempt.
      if (Array.isArray(body.discount_codes) && body.discount_codes.length > maxDiscountCodes)
        return c.json(
          { message: tooManyCodesMessage, errors: { discount_codes: [tooManyCodesMessage] } },
          422,
        )
      return mutate(
        c,
        `POST /order/${id}/add-discount`,
        body,
        (owner) => (tx) =>
          addDiscount(tx, owner, id, body.discount_codes, catalogNow, palette, times),
        async (owner) => {
          const tried = discountCodesOf(body.discount_codes).length
          const wait = await attemptCodes(db, scopesOf(owner)[0], clientAddress(c), tried)
          return wait > 0 ? tooManyAttempts(c, wait) : undefined
        },
      )
    })
    .openapi(notified, async (c) => {
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const times = await cachedProductionTimes(db)
      return mutate(
        c,
        'POST /order/set-merged-notified',
        {},
        (owner) => (tx) => setMergedNotified(tx, owner, catalogNow, palette, times),
      )
    })
}
