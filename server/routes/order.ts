import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  AddDiscountRequest,
  Cart,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyPattern,
  madeForAnotherAccountMessage,
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
  addLine,
  cachedPalette,
  fieldErrors,
  cartOf,
  findOpenCart,
  findOwnedOrder,
  guestCartHasLines,
  lineGoneMessage,
  mergeGuestCart,
  orderGoneMessage,
  priceAdd,
  renderCart,
  setMergedNotified,
  tooManyCodesMessage,
  updateQty,
} from '../services/cart.ts'
import {
  mayMergeAtSignIn,
  noOwnerMessage,
  resolveOwner,
  scopesOf,
  signInTokenHash,
  type CartOwner,
} from '../services/cart-owner.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import {
  idempotencyKeyRetentionMs,
  runIdempotent,
  type SentAnswer,
  type Transaction,
  type WorkAnswer,
} from '../services/idempotency.ts'
import { attempt } from '../services/throttle.ts'

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

const keyRetentionDays = idempotencyKeyRetentionMs / (24 * 3600 * 1000)

/** Whose cart a signed-in call reaches: said once for every route's description. */
const ownerRules =
  ' The owner: an account session; a guest session on a guest account (no password) uses ' +
  'that account’s cart; a guest session on an account with a password (or any role but guest) ' +
  'never reaches the account’s cart: it uses the device’s cart (`X-Cart-Token`), or without ' +
  'one a cart of the session’s own, and nothing is merged into the account.'

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
  'x-cart-account': z
    .string()
    .optional()
    .openapi({
      description:
        'The e-mail address (percent-encoded) of the account a change was made in, sent by a ' +
        'device replaying changes made signed in. The change is applied only with a live session ' +
        'of that account: with no session it is a 401 (it waits on the device for the customer ' +
        'to sign in again), with another account’s session a 409.',
      example: 'pilot%40example.com',
    }),
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Made on the device when the customer acts (8–128 of [A-Za-z0-9_-]). A repeat gets the ' +
        'first answer again, byte for byte (status and JSON text), for at least ' +
        `${keyRetentionDays} days; the same key with another body is a 422. A key belongs to the ` +
        'owner that used it first: another owner’s use of the same key is theirs (neither ' +
        'replayed nor refused). After a guest cart was merged at sign-in, its keys replay for ' +
        'the account. A signed-in change is kept under the device’s cart token too (the same ' +
        'key sent with and without the session is applied once), but is not replayed to the ' +
        'token alone or to another account: they get the 422.',
      example: 'add-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

const cartResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: CartSchema } },
})
const unauthenticated = errorResponse(
  'No owner: neither a live bearer session nor an X-Cart-Token, or the bearer token is unknown ' +
    'or expired, or `X-Cart-Account` was sent without a bearer session',
)
const otherAccount = errorResponse(
  `\`X-Cart-Account\` names another account than the session’s: “${madeForAnotherAccountMessage}”`,
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

/** Merges the device's cart into the account's, if it has lines. */
async function mergeDevice(db: Database, userId: string, tokenHash: string) {
  if (await guestCartHasLines(db, tokenHash)) await mergeGuestCart(db, userId, tokenHash)
}

/**
 * At sign-in (password, guest, e-mail link, new password): the request's cart token's cart, if
 * it has lines, is merged into the account's cart, except at a guest sign-in on an account
 * that has a password (cart-owner.ts). A malformed token is ignored here: signing in does not
 * fail over a cart.
 */
export async function mergeCartAtSignIn(
  db: Database,
  c: Context,
  userId: string,
  { guestSession = false }: { guestSession?: boolean } = {},
) {
  const tokenHash = signInTokenHash(c)
  if (tokenHash === undefined) return
  if (!(await mayMergeAtSignIn(db, userId, { guestSession }))) return
  await mergeGuestCart(db, userId, tokenHash)
}

function idempotencyKeyOf(c: Context): { key: string | undefined } | { answer: WorkAnswer } {
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
      'Exactly the configurator’s payload (SPEC §3), or a product’s or variant’s sku with an ' +
      'empty meta list. The server prices the line from the catalog with the configurator’s ' +
      'own pricing function; `total_price` in meta is ignored. A line identical in sku, meta ' +
      'and children sums into the existing one (at most 99). Success is 200 with the cart.' +
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
      `families or products only. At most ${maxDiscountCodes} codes in one call. A code that ` +
      'does not apply (unknown, expired, used up, for other products) gets one message, ' +
      'whichever the reason. Attempts are throttled per cart owner and client address, and ' +
      'per client address. A merged guest cart’s id reaches the cart it went into.' +
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
    description: 'Clears `merge_notice` of the open cart.',
    security: ownerSecurity,
    request: { headers: mutationHeaders },
    responses: {
      200: cartResponse('The cart, without its merge notice'),
      401: unauthenticated,
      409: otherAccount,
      422: errorResponse('A bad `X-Cart-Token`, `X-Cart-Account` or `Idempotency-Key`'),
    },
  })

  /** A JSON answer from its text, sent as is: a replay is the first answer, byte for byte. */
  const sendText = (c: Context, answer: SentAnswer) =>
    c.body(answer.text, answer.status as ContentfulStatusCode, {
      'Content-Type': 'application/json',
    })
  const send = (c: Context, answer: { status: number; body: unknown }) => {
    if (answer.status === 401) c.header('WWW-Authenticate', 'Bearer')
    return sendText(c, { status: answer.status, text: JSON.stringify(answer.body) })
  }
  const ownerOf = (c: Context) =>
    resolveOwner(db, c, (userId, tokenHash) => mergeDevice(db, userId, tokenHash))

  type Work = (owner: CartOwner) => (tx: Transaction) => Promise<WorkAnswer>
  /** Runs before the change (and before its key is looked up): a refusal of its own, or none. */
  type Gate = (owner: CartOwner) => Promise<Response | undefined>

  /** Owner and key checked, then the change run once per key. */
  async function mutate(c: Context, call: string, body: unknown, work: Work, gate?: Gate) {
    const resolved = await ownerOf(c)
    if ('answer' in resolved) return send(c, resolved.answer)
    const keyed = idempotencyKeyOf(c)
    if ('answer' in keyed) return send(c, keyed.answer)
    const { owner } = resolved
    if (!owner) return send(c, { status: 401, body: { message: noOwnerMessage } })
    const refused = await gate?.(owner)
    if (refused) return refused
    const scopes = scopesOf(owner)
    return sendText(c, await runIdempotent(db, { call, scopes, key: keyed.key, body }, work(owner)))
  }

  return createRouter()
    .openapi(getCart, async (c) => {
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer) as never
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      // The order with its lines and codes in one read.
      const cart = resolved.owner ? await findOpenCart(db, resolved.owner) : undefined
      if (!cart) return c.json(await renderCart(db, undefined, catalogNow, palette), 200)
      return c.json(cartOf(cart, catalogNow, palette), 200)
    })
    .openapi(getOrder, async (c) => {
      const resolved = await ownerOf(c)
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
      // The cap first: a long list costs nothing to refuse and is not worth an attempt.
      if (Array.isArray(body.discount_codes) && body.discount_codes.length > maxDiscountCodes)
        return c.json(fieldErrors({ discount_codes: [tooManyCodesMessage] }).body as never, 422)
      return mutate(
        c,
        `POST /order/${id}/add-discount`,
        body,
        (owner) => (tx) => addDiscount(tx, owner, id, body.discount_codes, catalogNow, palette),
        async (owner) => {
          const wait = await attempt(db, 'discount', scopesOf(owner)[0], clientAddress(c))
          return wait > 0 ? tooManyAttempts(c, wait) : undefined
        },
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
